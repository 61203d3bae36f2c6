import { defaultServerConditions, type UserConfig } from "vite";

/** Resolve workspace packages to their TypeScript sources, so tests never need a build. */
const SOURCE_CONDITION = "@app-server-protocol/source";

/**
 * The settings every test project shares. Each run also writes a JSON report
 * to `.reports/vitest.json`, which CI sums into its closing line (and which
 * turbo restores on a cache hit).
 */
export function projectConfig(name: string, root: string, include = ["test/**/*.test.ts"]): UserConfig {
  return {
    root,
    resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] },
    ssr: { resolve: { conditions: [SOURCE_CONDITION, ...defaultServerConditions] } },
    test: {
      name,
      include,
      reporters: ["default", "json"],
      outputFile: { json: ".reports/vitest.json" },
      // Tests are sized by runs and input sizes, never by time, and every peer a test starts is bounded on its
      // own; the limit only stops a hung test. The slowest test takes about 20 s alone on 2 busy cores, and a
      // machine running other jobs may make it several times slower: a limit it could reach would fail a
      // correct change, so it is far above that.
      testTimeout: 600_000,
      hookTimeout: 600_000,
      // One module graph per worker, shared by its test files: most of a
      // file's time was importing the compiled validators again. No test
      // relies on a fresh module state.
      isolate: false,
    },
  };
}
