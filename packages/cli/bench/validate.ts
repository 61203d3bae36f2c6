// `npm run bench --workspace @app-server-protocol/cli`: `validate`, with
// correlation, the question rules and the lexical pass, against `JSON.parse`
// of the same chunks (bench/baseline.ts), each run right after a run of its
// baseline; the same reading without the lexical pass, on the main
// transcript and on one whose lines hide more from `JSON.parse`; the floor
// of any such reading (bench/floor.ts); then its memory on a long generated
// transcript. Each row (bench/validate-rows.ts) is timed in a process of its
// own (bench/validate-row.ts), `ROUNDS` times, the rows taking turns, so a
// noisy moment of a shared machine hits them alike; the code they run is
// bundled first, as the packages ship it. Prints the machine's load
// average, as the ratios depend on it.
// Usage: tsx bench/validate.ts [megabytes of the memory run, default 256]
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { bundleEntry } from "../../../scripts/bundle-entry.mjs";
import { median, PASSES, WARM_UP_PASSES, type PairedTiming } from "./passes.js";
import { transcriptBatch, transcriptLines, variedLines } from "./transcript.js";
import { PAIRS, ROW_NAMES, validate } from "./validate-rows.js";

/** Processes per row: the median of their medians is printed, with the range. */
const ROUNDS = 3;

/** bench/validate-row.ts with the workspace sources it imports, bundled as one module (scripts/bundle-entry.mjs), as the packages ship their code. */
const rowScript = await bundleEntry(fileURLToPath(new URL("../../..", import.meta.url)), fileURLToPath(new URL("./validate-row.ts", import.meta.url)));

function timedInItsOwnProcess(row: string): PairedTiming {
  const child = spawnSync(process.execPath, [rowScript, row], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`bench row ${JSON.stringify(row)} failed (exit ${child.status}): ${child.stderr.slice(0, 2000)}`);
  const timing: PairedTiming = JSON.parse(child.stdout);
  return timing;
}

const loadAtStart = loadavg();
const runs = new Map<string, PairedTiming[]>(ROW_NAMES.map((row) => [row, []]));
for (let round = 0; round < ROUNDS; round += 1) for (const row of ROW_NAMES) runs.get(row)?.push(timedInItsOwnProcess(row));
const loadAtEnd = loadavg();

/** A row's ratio: the median of its processes' medians, their range, and the median quartiles within a process. */
function ratio(row: string): string {
  const timings = runs.get(row) ?? [];
  const medians = timings.map((timing) => timing.ratio);
  const spread = `${Math.min(...medians).toFixed(2)}-${Math.max(...medians).toFixed(2)}`;
  const quartiles = `${median(timings.map((timing) => timing.lowerQuartile)).toFixed(2)}-${median(timings.map((timing) => timing.upperQuartile)).toFixed(2)}`;
  return `${median(medians).toFixed(2)}x (processes ${spread}; quartiles within one ${quartiles})`;
}

const milliseconds = (row: string, of: (timing: PairedTiming) => number) => median((runs.get(row) ?? []).map(of)).toFixed(1);
const timesOf = (row: string) => `JSON.parse ${milliseconds(row, (timing) => timing.baselineMs)} ms, validate ${milliseconds(row, (timing) => timing.taskMs)} ms`;
const load = (averages: readonly number[]) => averages.map((average) => average.toFixed(1)).join(" / ");
console.log(`load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end, ${cpus().length} cores`);
/** The lines and megabytes of a transcript. */
function size(lines: Iterable<string>): string {
  const all = [...lines];
  return `${all.length} lines, ${(Buffer.byteLength(`${all.join("\n")}\n`) / 1e6).toFixed(1)} MB`;
}
console.log(
  `${size(transcriptLines(PAIRS))} in 64 KiB chunks; processor time, each run right after a JSON.parse of the same input, ratio to it: median of ${PASSES} passes after ${WARM_UP_PASSES} warm-up passes, in each of ${ROUNDS} processes per row`,
);
console.log(`  byte chunks, as a file stream reads them (decoded and cut into lines for JSON.parse too): ${ratio("byte chunks")}; ${timesOf("byte chunks")}`);
console.log(`  text chunks (cut into lines for JSON.parse too): ${ratio("text chunks")}; ${timesOf("text chunks")}`);
console.log(`  text chunks against JSON.parse of lines cut beforehand: ${ratio("lines")}; ${timesOf("lines")}`);
console.log("the lexical pass, byte chunks, each line judged as `validate` judges it (no report written):");
console.log(`  this transcript: ${ratio("judged without the lexical pass")} without the lexical pass, ${ratio("judged")} with it`);
console.log(`  the floor, each line's lexical facts and its message validators only (no correlation, no question rules): ${ratio("floor")}`);
console.log(`  ${size(variedLines(PAIRS))} with integers, fractions, escapes, a quarter spaced: ${ratio("varied, judged without the lexical pass")} without the lexical pass, ${ratio("varied, judged")} with it`);

// Memory: a transcript generated as it is read, never held whole, its ids unique throughout. The
// resident memory is sampled as chunks are handed over: reading never yields to timers.
const megabytes = Number(process.argv[2] ?? 256);
const samples: number[] = [];
async function* longTranscript(): AsyncGenerator<Uint8Array> {
  const encoder = new TextEncoder();
  for (let produced = 0, batch = 0; produced < megabytes * 1e6; batch += 1) {
    const chunk = encoder.encode(transcriptBatch(1000, batch));
    produced += chunk.length;
    samples.push(process.memoryUsage.rss());
    yield chunk;
  }
}
const before = process.memoryUsage.rss();
const started = performance.now();
await validate(longTranscript());
const seconds = (performance.now() - started) / 1000;
const megabytesOf = (rss: number) => (rss / 1e6).toFixed(0);
// The highest resident memory of each quarter of the run: flat memory keeps them level.
const quarterPeaks = [0, 1, 2, 3]
  .map((quarter) => samples.slice(Math.floor((quarter * samples.length) / 4), Math.floor(((quarter + 1) * samples.length) / 4)))
  .filter((quarter) => quarter.length > 0)
  .map((quarter) => Math.max(...quarter));
console.log(
  `${megabytes} MB streamed in ${seconds.toFixed(1)} s: resident memory ${megabytesOf(before)} MB before, peak ${megabytesOf(Math.max(before, ...samples))} MB; ` +
    `peak of each quarter of the run ${quarterPeaks.map(megabytesOf).join(", ")} MB`,
);
