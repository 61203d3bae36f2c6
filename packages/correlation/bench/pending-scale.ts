// How the cost of the bulk operations grows with the number of pending
// questions: each is timed at 2,000 and at 16,000 pending items, and the
// ratio printed beside the 8x that linear cost gives (24x is the budget).
// Asserts nothing (speed is not a test); exits 1 when a ratio is over budget.
//
// Run: npx tsx bench/pending-scale.ts
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// The dependencies are read from their sources, as the tests read them, so no build is needed.
const SOURCES = "--conditions=@app-server-protocol/source";
const measure = fileURLToPath(new URL("./measure-scale.ts", import.meta.url));
const run = spawnSync(process.execPath, [...process.execArgv, SOURCES, measure], { stdio: "inherit" });
process.exitCode = run.status ?? 1;
