import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectConfig } from "../../vitest.shared.js";

// The release checks (`npm run test:release`, run by CI after `npm test`): the
// built packages packed and installed into fresh projects, and the whole
// release flow from an unbuilt copy of the repository to a local registry.
const config = projectConfig("release", fileURLToPath(new URL(".", import.meta.url)), ["*.test.ts"]);
export default defineConfig({ ...config, test: { ...config.test, testTimeout: 900_000, hookTimeout: 900_000 } });
