// How long a whole default run of each role takes against its conforming
// fixture (every scenario, two at a time, each against a fresh process),
// beside the baseline measured in the same run: the time of one
// start-to-exit of that fixture. Prints each run's time and its ratio to
// that baseline; asserts nothing (speed is not a test).
//
// Run: npm run bench --workspace @app-server-protocol/conform
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { runConformance, type ConformanceOptions } from "../src/index.js";

const SERVER = fileURLToPath(new URL("../test/fixtures/server.mjs", import.meta.url));
const CLIENT = fileURLToPath(new URL("../test/fixtures/client.mjs", import.meta.url));
const ROUNDS = 5;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function fixtureStart(fixture: string): number {
  const started = performance.now();
  spawnSync(process.execPath, [fixture], { input: "" });
  return performance.now() - started;
}

async function wholeRun(options: ConformanceOptions): Promise<{ readonly ms: number; readonly scenarios: number; readonly checks: number; readonly failed: number }> {
  const started = performance.now();
  const report = await runConformance(options);
  return { ms: performance.now() - started, scenarios: report.summary.scenarios, checks: report.summary.checks, failed: report.summary.failed };
}

const RUNS: readonly (readonly [name: string, fixture: string, options: ConformanceOptions])[] = [
  ["server, default run      ", SERVER, { role: "server", command: [process.execPath, SERVER] }],
  ["server, with turn prompts", SERVER, { role: "server", command: [process.execPath, SERVER], turnPrompts: { ask_user: "ask", permission: "permission", mcp_trust: "mcp_trust" } }],
  ["client, default run      ", CLIENT, { role: "client", command: [process.execPath, CLIENT] }],
];

for (const [name, fixture, options] of RUNS) {
  const baseline = median(Array.from({ length: ROUNDS }, () => fixtureStart(fixture)));
  const runs = [];
  for (let round = 0; round < ROUNDS; round += 1) runs.push(await wholeRun(options));
  const ms = median(runs.map((run) => run.ms));
  const last = runs.at(-1);
  console.log(`${name}: ${ms.toFixed(0)} ms (median of ${ROUNDS}; ${last?.scenarios} scenarios, ${last?.checks} checks, ${last?.failed} failed) = ${(ms / baseline).toFixed(1)}x one fixture start-to-exit (${baseline.toFixed(0)} ms)`);
}
