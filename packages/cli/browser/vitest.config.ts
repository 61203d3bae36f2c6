import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectConfig } from "../../../vitest.shared.js";

// The report page in a real browser: needs Debian's chromium at /usr/bin/chromium (`.ci/run` installs it); run with `npm run test:browser`.
export default defineConfig(projectConfig("browser", fileURLToPath(new URL(".", import.meta.url)), ["*.browser.test.ts"]));
