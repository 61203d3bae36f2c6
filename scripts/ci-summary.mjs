// Prints CI's closing line, `N passed, N failed`, from the JSON reports every
// vitest project writes to its `.reports/vitest.json` (turbo restores them on
// a cache hit). Usage: node scripts/ci-summary.mjs <exit status of the test commands>
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const packageDirs = readdirSync(join(root, "packages")).map((name) => join(root, "packages", name));
// The cross-language checks and the browser tests report from their own project directories.
const reportDirs = [root, ...packageDirs, join(root, "packages", "conformance", "bindings"), join(root, "packages", "cli", "browser"), join(root, "tests", "api-reports"), join(root, "tests", "browser"), join(root, "tests", "release")];

let passed = 0;
let failed = 0;
for (const dir of reportDirs) {
  const file = join(dir, ".reports", "vitest.json");
  if (!existsSync(file)) continue;
  const report = JSON.parse(readFileSync(file, "utf8"));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A test file that fails to load has no failed test of its own: count it once.
  for (const result of report.testResults) {
    if (result.status === "failed" && !result.assertionResults.some((test) => test.status === "failed")) failed += 1;
  }
}

const status = Number(process.argv[2] ?? 0);
if (status !== 0 && failed === 0) {
  console.log("the tests failed outside the test files (drift check, typecheck, build or a toolchain install): counted as one failure.");
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = status !== 0 || failed > 0 ? 1 : 0;
