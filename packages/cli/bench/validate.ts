// `npm run bench --workspace @app-server-protocol/cli`: `validate`, with
// correlation, the question rules and the lexical pass, against `JSON.parse`
// of the same chunks (bench/baseline.ts) in one process, each run right
// after a run of its baseline; the same reading without the lexical pass, on
// the main transcript and on one whose lines hide more from `JSON.parse`;
// the floor of any such reading (bench/floor.ts); then its memory on a long
// generated transcript. Prints the machine's load average, as the ratios
// depend on it.
// Usage: tsx bench/validate.ts [megabytes of the memory run, default 256]
import { cpus, loadavg } from "node:os";
import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { main, type ChunkSource } from "../src/index.js";
import { validateSource } from "../src/validate-source.js";
import { parseByteChunks, parseTextChunks } from "./baseline.js";
import { judgeFloor } from "./floor.js";
import { pairedRatios, PASSES, WARM_UP_PASSES, type PairedTiming, type Task } from "./passes.js";
import { byteChunks, textChunks, transcriptBatch, transcriptLines, variedLines } from "./transcript.js";

const PAIRS = 10_000;

let printed = "";
const sink = { write: (text: string) => ((printed = text.slice(0, 600)), true) };

async function validate(source: ChunkSource): Promise<void> {
  const code = await main(["validate", "--format", "json"], { stdin: source, stdout: sink, stderr: sink });
  if (code !== 0) throw new Error(`the corpus must validate cleanly, got exit ${code}: ${printed}`);
}

/** `validate`'s reading of a transcript, its lexical pass on or off; throws on a finding, the corpora being clean. */
async function judge(source: ChunkSource, lexical: boolean): Promise<void> {
  await validateSource("-", source, { framing: "auto", maxBytes: DEFAULT_MAX_MESSAGE_BYTES, lexical }, (finding) => {
    throw new Error(`the corpus must validate cleanly: line ${finding.line}: ${finding.code} ${finding.message}`);
  });
}

interface Corpus {
  readonly lines: readonly string[];
  readonly megabytes: number;
  readonly bytes: Uint8Array[];
  readonly text: string[];
}

function corpus(lines: readonly string[]): Corpus {
  const text = `${lines.join("\n")}\n`;
  const bytes = new TextEncoder().encode(text);
  const chunks = { bytes: byteChunks(bytes), text: textChunks(text) };
  if (parseByteChunks(chunks.bytes) !== lines.length || parseTextChunks(chunks.text) !== lines.length) throw new Error("a baseline must parse every line");
  return { lines, megabytes: bytes.length / 1e6, ...chunks };
}

const usual = corpus([...transcriptLines(PAIRS)]);
const loadAtStart = loadavg();
const parseBytes = (of: Corpus): Task => ({ name: "JSON.parse of byte chunks", run: () => parseByteChunks(of.bytes) });
const judged = (of: Corpus, lexical: boolean): Task => ({ name: "judge", run: () => judge(of.bytes, lexical) });
const times = await pairedRatios([
  { name: "byte chunks", baseline: parseBytes(usual), task: { name: "validate bytes", run: () => validate(usual.bytes) } },
  { name: "text chunks", baseline: { name: "JSON.parse of text chunks", run: () => parseTextChunks(usual.text) }, task: { name: "validate text", run: () => validate(usual.text) } },
  { name: "lines", baseline: { name: "JSON.parse of lines", run: () => usual.lines.forEach((line) => JSON.parse(line)) }, task: { name: "validate text", run: () => validate(usual.text) } },
  { name: "judged", baseline: parseBytes(usual), task: judged(usual, true) },
  { name: "judged without the lexical pass", baseline: parseBytes(usual), task: judged(usual, false) },
  { name: "floor", baseline: parseBytes(usual), task: { name: "lexical facts and message validators", run: () => judgeFloor(usual.bytes) } },
]);
// The other transcript is made only now: a second corpus in memory slows the tasks before (the heap is larger).
const varied = corpus([...variedLines(PAIRS)]);
const variedTimes = await pairedRatios([
  { name: "judged", baseline: parseBytes(varied), task: judged(varied, true) },
  { name: "judged without the lexical pass", baseline: parseBytes(varied), task: judged(varied, false) },
]);
const loadAtEnd = loadavg();

const timing = (of: Map<string, PairedTiming>, name: string) => of.get(name) ?? { baselineMs: Number.NaN, taskMs: Number.NaN, ratio: Number.NaN, lowerQuartile: Number.NaN, upperQuartile: Number.NaN };
const ratio = ({ ratio: median, lowerQuartile, upperQuartile }: PairedTiming) => `${median.toFixed(2)}x (quartiles ${lowerQuartile.toFixed(2)}-${upperQuartile.toFixed(2)})`;
const row = (what: string, name: string) => {
  const paired = timing(times, name);
  return `  ${what}: ${ratio(paired)}; JSON.parse ${paired.baselineMs.toFixed(1)} ms, validate ${paired.taskMs.toFixed(1)} ms`;
};
const lexicalRow = (what: string, of: Map<string, PairedTiming>) =>
  `  ${what}: ${ratio(timing(of, "judged without the lexical pass"))} without the lexical pass, ${ratio(timing(of, "judged"))} with it`;
const load = (averages: readonly number[]) => averages.map((average) => average.toFixed(1)).join(" / ");
console.log(`load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ${load(loadAtEnd)} at the end, ${cpus().length} cores`);
console.log(`${usual.lines.length} lines, ${usual.megabytes.toFixed(1)} MB in 64 KiB chunks; processor time, each run right after a JSON.parse of the same input, ratio to it: median of ${PASSES} passes after ${WARM_UP_PASSES} warm-up passes`);
console.log(row("byte chunks, as a file stream reads them (decoded and cut into lines for JSON.parse too)", "byte chunks"));
console.log(row("text chunks (cut into lines for JSON.parse too)", "text chunks"));
console.log(row("text chunks against JSON.parse of lines cut beforehand", "lines"));
console.log("the lexical pass, byte chunks, each line judged as `validate` judges it (no report written):");
console.log(lexicalRow("this transcript", times));
console.log(`  the floor, each line's lexical facts and its message validators only (no correlation, no question rules): ${ratio(timing(times, "floor"))}`);
console.log(lexicalRow(`${varied.lines.length} lines of ${varied.megabytes.toFixed(1)} MB with integers, fractions, escapes, a quarter spaced`, variedTimes));

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
