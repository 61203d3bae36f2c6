import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectConfig } from "../../../vitest.shared.js";

// The cross-language checks (`npm run test:bindings`): they run the generated
// bindings with real toolchains (python3, go, cargo, mvn), which CI installs
// before it runs them.
const config = projectConfig("bindings", fileURLToPath(new URL(".", import.meta.url)), ["*.test.ts"]);
export default defineConfig({ ...config, test: { ...config.test, testTimeout: 600_000, hookTimeout: 600_000 } });
