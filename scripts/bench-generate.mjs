// Times `npm run check` (the generator regenerating every artifact in memory
// and comparing) as fresh processes: with every language's bindings in the
// main thread (--workers=0), and as it runs by default (worker threads where
// cores are idle). Each is a ratio to a baseline measured in the same run:
// `tsc --noEmit` of the types package, the type check any tool reading those
// sources with the compiler pays first. The commands take turns; median of 3
// runs after one more of each. Run from `npm run bench`.
import { spawnSync } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const TSC = join(ROOT, "node_modules/typescript/bin/tsc");
const COMMANDS = [
  { name: "baseline: tsc --noEmit of packages/types", argv: [TSC, "--noEmit", "-p", "packages/types/tsconfig.build.json"] },
  { name: "`npm run check`, one thread (--workers=0)", argv: ["scripts/run-bundled.mjs", "scripts/generate.ts", "--check", "--workers=0"] },
  { name: "`npm run check`, as it runs by default", argv: ["scripts/run-bundled.mjs", "scripts/generate.ts", "--check"] },
];
const [WARM_UPS, RUNS] = [1, 3];

function timed(argv) {
  const start = performance.now();
  const child = spawnSync(process.execPath, argv, { cwd: ROOT, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`node ${argv.join(" ")} exited with ${String(child.status ?? child.signal)}:\n${child.stdout}${child.stderr}`);
  return performance.now() - start;
}

const samples = COMMANDS.map(() => []);
for (let run = 0; run < WARM_UPS + RUNS; run++) {
  COMMANDS.forEach(({ argv }, index) => {
    const time = timed(argv);
    if (run >= WARM_UPS) samples[index]?.push(time);
  });
}
const medians = samples.map((times) => [...times].sort((left, right) => left - right)[Math.floor(times.length / 2)] ?? Number.NaN);
const baseline = medians[0] ?? Number.NaN;

console.log(`The generator as a process (${String(availableParallelism())} cores, load ${loadavg().map((load) => load.toFixed(1)).join(" / ")}):\n`);
console.log("| command | time | ratio to the baseline |");
console.log("|---|---|---|");
COMMANDS.forEach(({ name }, index) => console.log(`| ${name} | ${((medians[index] ?? Number.NaN) / 1000).toFixed(1)} s | ${((medians[index] ?? Number.NaN) / baseline).toFixed(2)}× |`));
