// `npm run bench --workspace @app-server-protocol/cli`: `redact` of a seeded
// transcript with secrets (bench/redact-transcript.ts) against `JSON.parse`
// of the same chunks and lines (bench/baseline.ts), in one process.
import { main, type ChunkSource, type TextSink } from "../src/index.js";
import { parseByteChunks } from "./baseline.js";
import { medians, PASSES, WARM_UP_PASSES } from "./passes.js";
import { redactTranscriptLines, SECRET_TEXT } from "./redact-transcript.js";
import { byteChunks, textChunks } from "./transcript.js";

const PAIRS = 10_000;

const discarded: TextSink = { write: () => true };

async function redact(source: ChunkSource, stdout: TextSink = discarded): Promise<void> {
  const code = await main(["redact"], { stdin: source, stdout, stderr: discarded });
  if (code !== 0) throw new Error(`the transcript must redact without withholding a line, got exit ${code}`);
}

const lines = [...redactTranscriptLines(PAIRS)];
const text = `${lines.join("\n")}\n`;
const bytes = new TextEncoder().encode(text);
const chunks = { bytes: byteChunks(bytes), text: textChunks(text) };
let written = "";
await redact(chunks.bytes, { write: (part: string) => ((written += part), true) });
if (!SECRET_TEXT.test(text) || SECRET_TEXT.test(written)) throw new Error("the transcript must carry secrets, and redact must remove every one");
if (parseByteChunks(chunks.bytes) !== lines.length) throw new Error("the baseline must parse every line");

const times = await medians([
  { name: "parse bytes", run: () => parseByteChunks(chunks.bytes) },
  { name: "redact bytes", run: () => redact(chunks.bytes) },
  { name: "parse lines", run: () => lines.forEach((line) => JSON.parse(line)) },
  { name: "redact text", run: () => redact(chunks.text) },
]);
const ms = (name: string) => times.get(name) ?? Number.NaN;
const row = (what: string, parse: string, redacted: string) =>
  `  ${what}: JSON.parse ${ms(parse).toFixed(1)} ms, redact ${ms(redacted).toFixed(1)} ms, ratio ${(ms(redacted) / ms(parse)).toFixed(2)}x`;
console.log(`redact: ${lines.length} lines, ${(bytes.length / 1e6).toFixed(1)} MB in 64 KiB chunks, median of ${PASSES} passes after ${WARM_UP_PASSES} warm-up passes:`);
console.log(row("byte chunks, as a file stream reads them (decoded and cut into lines for JSON.parse too)", "parse bytes", "redact bytes"));
console.log(row("text chunks against JSON.parse of lines cut beforehand", "parse lines", "redact text"));
