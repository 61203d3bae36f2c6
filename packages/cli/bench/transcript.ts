// The seeded transcripts of the bench, and the chunks they are read in.

/** A seeded transcript: client requests and their answers, server questions and their answers, in order. */
export function* transcriptLines(pairs: number, seed = 7): Generator<string> {
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

/**
 * Batch `batch` of a long transcript: its envelope and question ids made
 * unique, so nothing repeats from one batch to the next and a checker that
 * kept something per line would grow with the transcript.
 */
export function transcriptBatch(pairs: number, batch: number): string {
  const lines = [...transcriptLines(pairs, batch + 1)].map((line) => line.replaceAll('"req-', `"req-${batch}-`).replaceAll('"srv-ask-user-', `"srv-ask-user-${batch}-`).replaceAll('"ask-', `"ask-${batch}-`));
  return `${lines.join("\n")}\n`;
}

/** How much a file stream hands over at a time. */
export const CHUNK_BYTES = 65_536;

function starts(length: number): number[] {
  return Array.from({ length: Math.ceil(length / CHUNK_BYTES) }, (_, index) => index * CHUNK_BYTES);
}

/** `text` as text chunks. */
export function textChunks(text: string): string[] {
  return starts(text.length).map((start) => text.slice(start, start + CHUNK_BYTES));
}

/** `bytes` as byte chunks, which may split a character, as a file stream hands them over. */
export function byteChunks(bytes: Uint8Array): Uint8Array[] {
  return starts(bytes.length).map((start) => bytes.slice(start, start + CHUNK_BYTES));
}

/** JSON spaced as Python's `json.dumps` writes it by default (`", "` and `": "`), which no compact writer does. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(", ")}]`;
  if (typeof value === "object" && value !== null) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${spaced(item)}`).join(", ")}}`;
  return JSON.stringify(value);
}

/**
 * A seeded transcript whose lines hide more from `JSON.parse`'s view than
 * the bench's main one: integers in typed fields, fractions and timestamps
 * in opaque payloads, escapes, and a quarter of the lines spaced as Python
 * writes JSON. The lexical pass reads many of them token by token.
 */
export function* variedLines(pairs: number, seed = 11): Generator<string> {
  let state = seed;
  const next = (): number => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let index = 0; index < pairs; index += 1) {
    const write = next() < 0.25 ? spaced : JSON.stringify;
    const id = `req-${index}`;
    if (next() < 0.5) {
      yield write({ type: "request", id, method: "session/rewind", params: { session_id: "s1", keep_messages: Math.floor(next() * 1000) } });
      yield write({ type: "response", id, result: { status: "error", code: "session_not_found", message: `session not found: "s1"\n` } });
    } else {
      const args = { temperature: Math.round(next() * 100) / 100, at: `2026-08-05T12:00:${String(index % 60).padStart(2, "0")}.000Z`, tags: ["a", "b"], retries: 3 };
      yield write({ type: "request", id, method: "mcp/get_prompt", params: { server_id: "m1", name: "review", arguments: args } });
      yield write({ type: "response", id, result: { status: "success" } });
    }
  }
}
