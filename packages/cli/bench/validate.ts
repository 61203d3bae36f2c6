// `npm run bench --workspace @app-server-protocol/cli`: `validate` with
// correlation and the question rules against `JSON.parse` of the same
// lines, in one process, and its memory on a long generated transcript.
// Usage: tsx bench/validate.ts [megabytes of the memory run, default 256]
import { main } from "../src/index.js";

const PAIRS = 10_000;

/** A seeded transcript: client requests and their answers, server questions and their answers, in order. */
function* transcriptLines(pairs: number, seed = 7): Generator<string> {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let index = 0; index < pairs; index += 1) {
    if (next() < 0.5) {
      yield JSON.stringify({ type: "request", id: `req-${index}`, method: "turn/submit", params: { session_id: "s1", prompt: `Run the tests ${index}` } });
      yield JSON.stringify({ type: "response", id: `req-${index}`, result: { status: "success", data: { subscription_id: `sub-${index}` } } });
    } else {
      const options = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, option) => ({ id: `o${option}`, label: `Option ${option}`, description: "", preview: next() < 0.1 ? "fn main() {\n  println!(\"hi\");\n}" : null }));
      yield JSON.stringify({ type: "request", id: `srv-ask-user-${index}`, method: "ask_user/request", params: { request_id: `ask-${index}`, session_id: "s1", questions: [{ id: "q1", question: "Which one?", header: "Pick", options, allow_free_text: true }] } });
      const answer = next() < 0.7 ? { outcome: "answered", answers: { q1: { kind: "selected", option_id: "o0" } } } : { outcome: "rejected" };
      yield JSON.stringify({ type: "response", id: `srv-ask-user-${index}`, result: { status: "success", data: { request_id: `ask-${index}`, outcome: answer } } });
    }
  }
}

let printed = "";
const sink = { write: (text: string) => ((printed = text.slice(0, 600)), true) };

async function validateMs(chunks: readonly string[]): Promise<number> {
  const started = performance.now();
  const code = await main(["validate", "--format", "json"], { stdin: chunks, stdout: sink, stderr: sink });
  if (code !== 0) throw new Error(`the corpus must validate cleanly, got exit ${code}: ${printed}`);
  return performance.now() - started;
}

function parseMs(lines: readonly string[]): number {
  const started = performance.now();
  for (const line of lines) JSON.parse(line);
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const lines = [...transcriptLines(PAIRS)];
// Chunks of about 64 KiB, as a file stream hands them over.
const text = `${lines.join("\n")}\n`;
const chunks = Array.from({ length: Math.ceil(text.length / 65_536) }, (_, index) => text.slice(index * 65_536, (index + 1) * 65_536));
await validateMs(chunks);
const parse: number[] = [];
const validate: number[] = [];
for (let pass = 0; pass < 7; pass += 1) {
  parse.push(parseMs(lines));
  validate.push(await validateMs(chunks));
}
const [p, v] = [median(parse), median(validate)];
console.log(`${lines.length} lines, ${(text.length / 1e6).toFixed(1)} MB: JSON.parse ${p.toFixed(1)} ms, validate ${v.toFixed(1)} ms, ratio ${(v / p).toFixed(2)}x (median of 7 passes)`);

// Memory: a transcript generated as it is read, never held whole.
const megabytes = Number(process.argv[2] ?? 256);
async function* longTranscript(): AsyncGenerator<string> {
  let produced = 0;
  let batch = 0;
  while (produced < megabytes * 1e6) {
    const chunk = `${[...transcriptLines(1000, batch + 1)].map((line) => line.replaceAll('"req-', `"req-${batch}-`).replaceAll('"srv-ask-user-', `"srv-ask-user-${batch}-`)).join("\n")}\n`;
    produced += chunk.length;
    batch += 1;
    yield chunk;
  }
}
const before = process.memoryUsage().rss;
let peak = before;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
await main(["validate", "--format", "json"], { stdin: longTranscript(), stdout: sink, stderr: sink });
clearInterval(timer);
console.log(`${megabytes} MB streamed in ${((performance.now() - started) / 1000).toFixed(1)} s: resident memory ${(before / 1e6).toFixed(0)} MB before, peak ${(peak / 1e6).toFixed(0)} MB`);
