import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectConfig } from "../../vitest.shared.js";

export default defineConfig(projectConfig("zod", fileURLToPath(new URL(".", import.meta.url))));
