// `npm run bench --workspace @app-server-protocol/cli`: `validate`, with
// correlation, the question rules and the lexical pass, against `JSON.parse`
// of the same chunks (bench/baseline.ts) in one process; the same run
// without the lexical pass, on the main transcript and on one whose lines
// hide more from `JSON.parse`; then its memory on a long generated
// transcript.
// Usage: tsx bench/validate.ts [megabytes of the memory run, default 256]
import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { main, type ChunkSource } from "../src/index.js";
import { validateSource } from "../src/validate-source.js";
import { parseByteChunks, parseTextChunks } from "./baseline.js";
import { medians, PASSES, WARM_UP_PASSES, type Task } from "./passes.js";
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

function corpus(lines: readonly string[]) {
  const text = `${lines.join("\n")}\n`;
  const bytes = new TextEncoder().encode(text);
  const chunks = { bytes: byteChunks(bytes), text: textChunks(text) };
  if (parseByteChunks(chunks.bytes) !== lines.length || parseTextChunks(chunks.text) !== lines.length) throw new Error("a baseline must parse every line");
  return { lines, megabytes: bytes.length / 1e6, ...chunks };
}

const usual = corpus([...transcriptLines(PAIRS)]);
// The headline tasks run first and alone, as they always did: tasks taking turns with them change how the engine optimizes them.
const times = await medians([
  { name: "parse bytes", run: () => parseByteChunks(usual.bytes) },
  { name: "validate bytes", run: () => validate(usual.bytes) },
  { name: "parse text", run: () => parseTextChunks(usual.text) },
  { name: "validate text", run: () => validate(usual.text) },
  { name: "parse lines", run: () => usual.lines.forEach((line) => JSON.parse(line)) },
]);
const more = async (tasks: readonly Task[]) => {
  for (const [name, time] of await medians(tasks)) times.set(name, time);
};
// Before and after: the same reading without the lexical pass and with it, taking turns with a baseline of their own.
await more([
  { name: "parse bytes, lexical run", run: () => parseByteChunks(usual.bytes) },
  { name: "judge bytes", run: () => judge(usual.bytes, true) },
  { name: "judge bytes without the lexical pass", run: () => judge(usual.bytes, false) },
]);
// The other transcript is made only now: a second corpus in memory slows the tasks before (the heap is larger).
const varied = corpus([...variedLines(PAIRS)]);
await more([
  { name: "parse varied bytes", run: () => parseByteChunks(varied.bytes) },
  { name: "judge varied bytes", run: () => judge(varied.bytes, true) },
  { name: "judge varied bytes without the lexical pass", run: () => judge(varied.bytes, false) },
]);
const ms = (name: string) => times.get(name) ?? Number.NaN;
const ratio = (of: string, to: string) => (ms(of) / ms(to)).toFixed(2);
const row = (what: string, parse: string, checked: string) => `  ${what}: JSON.parse ${ms(parse).toFixed(1)} ms, validate ${ms(checked).toFixed(1)} ms, ratio ${ratio(checked, parse)}x`;
const lexicalRow = (what: string, parse: string, on: string, off: string) =>
  `  ${what}: ${ratio(off, parse)}x JSON.parse without the lexical pass, ${ratio(on, parse)}x with it (${ms(off).toFixed(1)} -> ${ms(on).toFixed(1)} ms)`;
console.log(`${usual.lines.length} lines, ${usual.megabytes.toFixed(1)} MB in 64 KiB chunks, median of ${PASSES} passes after ${WARM_UP_PASSES} warm-up passes:`);
console.log(row("byte chunks, as a file stream reads them (decoded and cut into lines for JSON.parse too)", "parse bytes", "validate bytes"));
console.log(row("text chunks (cut into lines for JSON.parse too)", "parse text", "validate text"));
console.log(row("text chunks against JSON.parse of lines cut beforehand", "parse lines", "validate text"));
console.log("the lexical pass, byte chunks, each line judged as `validate` judges it (no report written):");
console.log(lexicalRow(`this transcript`, "parse bytes, lexical run", "judge bytes", "judge bytes without the lexical pass"));
console.log(lexicalRow(`${varied.lines.length} lines of ${varied.megabytes.toFixed(1)} MB with integers, fractions, escapes, a quarter spaced`, "parse varied bytes", "judge varied bytes", "judge varied bytes without the lexical pass"));

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
