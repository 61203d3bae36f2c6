import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { projectConfig } from "../../vitest.shared.js";

// The runtime packages in a real browser: needs Debian's chromium at /usr/bin/chromium (`.ci/run` installs it)
// and the packages' dist/ (`npx turbo run build`); run with `npx vitest run --config tests/browser/vitest.config.ts`.
export default defineConfig(projectConfig("runtime-browser", fileURLToPath(new URL(".", import.meta.url)), ["*.browser.test.ts"]));
