// `npx tsx bench/pending.ts`: what 2,000 and 16,000 pending requests cost
// the bridge, and the ratio (8x is linear; the target is under 24x). Prints
// times; asserts nothing (speed is not a test).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// Without a build, the workspace packages resolve only to their sources, under this condition.
const SOURCE_CONDITION = "--conditions=@app-server-protocol/source";

if (process.execArgv.includes(SOURCE_CONDITION)) {
  await import("./pending-cost.js");
} else {
  const run = spawnSync(process.execPath, [...process.execArgv, SOURCE_CONDITION, fileURLToPath(import.meta.url)], { stdio: "inherit" });
  process.exitCode = run.status ?? 1;
}
