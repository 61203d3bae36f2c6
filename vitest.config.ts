import { defineConfig } from "vitest/config";

// Runs every test project in one process (`npx vitest`); CI and `npm test` run
// them one per package through turbo instead, so each result is cached.
export default defineConfig({
  test: {
    projects: ["packages/*/vitest.config.ts", "tests/vitest.config.ts"],
  },
});
