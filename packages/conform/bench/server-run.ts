// How long a whole default run of the server role takes against the
// conforming fixture (every scenario, two at a time, each against a fresh
// process), beside the baseline measured in the same run: the time of one
// start-to-exit of the fixture. Prints the run's time and its ratio to
// that baseline; asserts nothing (speed is not a test).
//
// Run: npm run bench --workspace @app-server-protocol/conform
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runConformance } from "../src/index.js";

const FIXTURE = fileURLToPath(new URL("../test/fixtures/server.mjs", import.meta.url));
const ROUNDS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function fixtureStart(): number {
  const started = performance.now();
  spawnSync(process.execPath, [FIXTURE], { input: "" });
  return performance.now() - started;
}

async function wholeRun(turnPrompts: boolean): Promise<{ readonly ms: number; readonly scenarios: number; readonly checks: number; readonly failed: number }> {
  const started = performance.now();
  const report = await runConformance({ role: "server", command: [process.execPath, FIXTURE], ...(turnPrompts ? { turnPrompts: { ask_user: "ask", permission: "permission", mcp_trust: "mcp_trust" } } : {}) });
  return { ms: performance.now() - started, scenarios: report.summary.scenarios, checks: report.summary.checks, failed: report.summary.failed };
}

const baseline = median(Array.from({ length: ROUNDS }, fixtureStart));
for (const turnPrompts of [false, true]) {
  const runs = [];
  for (let round = 0; round < ROUNDS; round += 1) runs.push(await wholeRun(turnPrompts));
  const ms = median(runs.map((run) => run.ms));
  const last = runs.at(-1);
  console.log(
    `${turnPrompts ? "with turn prompts" : "default run      "}: ${ms.toFixed(0)} ms (median of ${ROUNDS}; ${last?.scenarios} scenarios, ${last?.checks} checks, ${last?.failed} failed) = ${(ms / baseline).toFixed(1)}x one fixture start-to-exit (${baseline.toFixed(0)} ms)`,
  );
}
