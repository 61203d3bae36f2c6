// `npm run bench`: the validators against JSON.parse, runtime-compiled ajv
// on the same schemas, the generated zod bindings and a TypeBox compiled
// checker (alone, and followed by the same question rules), on a seeded
// ask_user corpus, each contender in a process of its own
// (bench/contender-process.ts, bundled as the packages ship their code);
// each of the validators' contenders also in a process with the TypeBox
// contender that does the same work, run right before it. Each process is
// run `ROUNDS` times, taking turns with the others, and the median of their
// medians is printed: one process of the same build differs from the next
// by up to a tenth either way (the list API took 0.26x in some and 0.34x in
// others), and every checker of the parsed corpus moves with it, so one
// process says little and the median of several much more. Then
// cold start in fresh processes. Every validator first has
// to agree on the corpus and on a set of invalid messages. Prints processor
// times, ratios to JSON.parse of the same lines, each validator's ratio to
// TypeBox doing the same work, and the machine's load; asserts nothing about
// speed (speed is not a test).
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { bundleEntry } from "../../../scripts/bundle-entry.mjs";
import { coldStarts } from "./cold-start.js";
import type { ContenderTimings } from "./contender-process.js";
import { AGAINST_TYPEBOX, CONTENDER_NAMES, contenders } from "./contenders.js";
import { crossCheck } from "./cross-check.js";
import { median, type Timing } from "./measure.js";
import { answerLines, answers, corpus, PASSES, requestLines, requests, REQUESTS } from "./workload.js";

crossCheck(contenders(corpus), requests, answers);

const script = await bundleEntry(fileURLToPath(new URL("../../..", import.meta.url)), fileURLToPath(new URL("./contender-process.ts", import.meta.url)));

function timedInItsOwnProcess(...args: string[]): ContenderTimings {
  const child = spawnSync(process.execPath, [script, ...args], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`bench process ${JSON.stringify(args)} failed (exit ${child.status}): ${child.stderr.slice(0, 2000)}`);
  const timings: ContenderTimings = JSON.parse(child.stdout);
  return timings;
}

/** Processes per contender and per comparison with TypeBox: the median of three still moved with the spread between processes. */
const ROUNDS = 5;

/** The timing whose ratio is the median of `timings`' (the process in the middle), with the range of the ratios. */
function middleProcess(timings: readonly (Timing | undefined)[]): { readonly timing: Timing; readonly low: number; readonly high: number } | undefined {
  const known = timings.flatMap((timing) => (timing === undefined ? [] : [timing])).sort((a, b) => a.ratio - b.ratio);
  const timing = known[Math.floor(known.length / 2)];
  return timing === undefined ? undefined : { timing, low: known[0]?.ratio ?? Number.NaN, high: known[known.length - 1]?.ratio ?? Number.NaN };
}

const loadAtStart = loadavg();
const alone = new Map<string, ContenderTimings[]>(CONTENDER_NAMES.map((name) => [name, []]));
const againstTypebox = new Map<string, ContenderTimings[]>(AGAINST_TYPEBOX.map(([name]) => [name, []]));
for (let round = 0; round < ROUNDS; round += 1) {
  for (const name of CONTENDER_NAMES) alone.get(name)?.push(timedInItsOwnProcess(name));
  for (const [name, baseline] of AGAINST_TYPEBOX) againstTypebox.get(name)?.push(timedInItsOwnProcess(name, baseline));
}
const loadAtEnd = loadavg();

const parse = median([...alone.values()].flat().flatMap((timings) => (timings.parseMs === undefined ? [] : [timings.parseMs])));
const bytes = [...requestLines, ...answerLines].reduce((total, line) => total + line.length, 0);
const perLine = (ms: number) => `${((ms * 1e6) / (REQUESTS * 2)).toFixed(0)} ns`;
/** The median process's ratio, the range over the processes, and the quartiles within the median one. */
const ratioOf = (middleOne: ReturnType<typeof middleProcess>) =>
  middleOne === undefined ? "" : `${middleOne.timing.ratio.toFixed(2)}x (${middleOne.low.toFixed(2)}-${middleOne.high.toFixed(2)}; ${middleOne.timing.lowerQuartile.toFixed(2)}-${middleOne.timing.upperQuartile.toFixed(2)})`;
const rows = Object.fromEntries(
  CONTENDER_NAMES.map((name) => {
    const runs = alone.get(name) ?? [];
    const parsed = middleProcess(runs.map((timings) => timings.parsed));
    return [
      name,
      {
        "parsed (ms)": parsed?.timing.ms.toFixed(1),
        "per line": parsed === undefined ? "-" : perLine(parsed.timing.ms),
        "validate parsed": ratioOf(parsed),
        "parse + validate": ratioOf(middleProcess(runs.map((timings) => timings.parsing))),
        "to TypeBox": ratioOf(middleProcess((againstTypebox.get(name) ?? []).map((timings) => timings.toTypebox))),
      },
    ];
  }),
);
const load = (averages: readonly number[]) => averages.map((average) => average.toFixed(1)).join(" / ");
console.log(
  `ask_user corpus: ${REQUESTS} requests (${corpus.filter((entry) => entry.legacy).length} legacy-only) and ${REQUESTS} answers, ${(bytes / 1024 / 1024).toFixed(1)} MB; each contender in ${ROUNDS} processes of its own, ${PASSES} passes in each, each run right after a JSON.parse of the corpus; processor time: the median process's median ratio (the range over the processes; the quartiles within the median one)`,
);
console.log(`load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end, ${cpus().length} cores`);
console.log(`JSON.parse: ${parse.toFixed(1)} ms (${perLine(parse)} per line), the median over the processes; ratios are to the JSON.parse run just before, per pass; "to TypeBox" to the run just before of TypeBox doing the same work (its checker of the envelopes, and the same question rules for the contenders that run them), in a process of the two`);
console.table(rows);
coldStarts(requestLines[0] ?? "", answerLines[0] ?? "");
