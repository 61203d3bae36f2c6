import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectConfig } from "../../vitest.shared.js";

// The API report tests read the packages' built declarations, so turbo runs
// them after the builds; the repository's other tests need no build and
// start at once.
export default defineConfig(projectConfig("api-reports", fileURLToPath(new URL(".", import.meta.url)), ["*.test.ts"]));
