// `npm run bench --workspace @app-server-protocol/cli`: `validate`, with
// correlation and the question rules, against `JSON.parse` of the same
// chunks (bench/baseline.ts) in one process, then its memory on a long
// generated transcript.
// Usage: tsx bench/validate.ts [megabytes of the memory run, default 256]
import { main, type ChunkSource } from "../src/index.js";
import { parseByteChunks, parseTextChunks } from "./baseline.js";
import { medians, PASSES, WARM_UP_PASSES } from "./passes.js";
import { byteChunks, textChunks, transcriptBatch, transcriptLines } from "./transcript.js";

const PAIRS = 10_000;

let printed = "";
const sink = { write: (text: string) => ((printed = text.slice(0, 600)), true) };

async function validate(source: ChunkSource): Promise<void> {
  const code = await main(["validate", "--format", "json"], { stdin: source, stdout: sink, stderr: sink });
  if (code !== 0) throw new Error(`the corpus must validate cleanly, got exit ${code}: ${printed}`);
}

const lines = [...transcriptLines(PAIRS)];
const text = `${lines.join("\n")}\n`;
const bytes = new TextEncoder().encode(text);
const chunks = { bytes: byteChunks(bytes), text: textChunks(text) };
if (parseByteChunks(chunks.bytes) !== lines.length || parseTextChunks(chunks.text) !== lines.length) throw new Error("a baseline must parse every line");
const times = await medians([
  { name: "parse bytes", run: () => parseByteChunks(chunks.bytes) },
  { name: "validate bytes", run: () => validate(chunks.bytes) },
  { name: "parse text", run: () => parseTextChunks(chunks.text) },
  { name: "validate text", run: () => validate(chunks.text) },
  { name: "parse lines", run: () => lines.forEach((line) => JSON.parse(line)) },
]);
const ms = (name: string) => times.get(name) ?? Number.NaN;
const row = (what: string, parse: string, checked: string) =>
  `  ${what}: JSON.parse ${ms(parse).toFixed(1)} ms, validate ${ms(checked).toFixed(1)} ms, ratio ${(ms(checked) / ms(parse)).toFixed(2)}x`;
console.log(`${lines.length} lines, ${(bytes.length / 1e6).toFixed(1)} MB in 64 KiB chunks, median of ${PASSES} passes after ${WARM_UP_PASSES} warm-up passes:`);
console.log(row("byte chunks, as a file stream reads them (decoded and cut into lines for JSON.parse too)", "parse bytes", "validate bytes"));
console.log(row("text chunks (cut into lines for JSON.parse too)", "parse text", "validate text"));
console.log(row("text chunks against JSON.parse of lines cut beforehand", "parse lines", "validate text"));

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
