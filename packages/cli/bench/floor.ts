// What `validate` cannot do without, on the bench's transcript: its reading
// of the chunks into parsed lines (`NdjsonReader` and `parseLine`), then per
// line the lexical facts of its text and the message validators, each
// response's data by the method of its request; no correlation, no question
// rules, no findings. `validate` costs at least this much.
import { DEFAULT_MAX_MESSAGE_BYTES, NdjsonReader, lexicalFacts, validateClientMessage, validateServerMessage, type LineVerdict } from "@app-server-protocol/validators/all";
import { parseLine, type ParsedLine } from "../src/parse-line.js";

/** The method each bench request id answers to: the transcript's server requests are all questions. */
function methodOf(id: string): string {
  return id.startsWith("srv-") ? "ask_user/request" : "turn/submit";
}

const OPTIONS = { methodOf };

/** Whether the server wrote `message`: its questions, and its answers to the client's requests. */
function isServers(message: { readonly type?: unknown; readonly id?: unknown }): boolean {
  const fromServer = typeof message.id === "string" && message.id.startsWith("srv-");
  return message.type === "request" ? fromServer : !fromServer;
}

function judged(verdicts: readonly LineVerdict<ParsedLine>[]): void {
  for (const { result } of verdicts) {
    if (!result.ok) throw new Error(`the corpus must parse: ${result.error.message}`);
    const { text, value: message } = result.value;
    const facts = lexicalFacts(text, message);
    const options = facts.duplicateKeys.length + facts.numbers.length + facts.loneSurrogates.length === 0 ? OPTIONS : { ...OPTIONS, textFacts: facts };
    const server = typeof message === "object" && message !== null && isServers(message);
    const verdict = server ? validateServerMessage(message, options) : validateClientMessage(message, options);
    if (!verdict.ok) throw new Error(`the corpus must validate cleanly: ${verdict.error.message}`);
  }
}

/** The floor's pass over UTF-8 byte chunks. */
export function judgeFloor(chunks: readonly Uint8Array[]): void {
  const reader = new NdjsonReader(parseLine, { maxBytes: DEFAULT_MAX_MESSAGE_BYTES, fatal: true });
  for (const chunk of chunks) judged(reader.push(chunk));
  judged(reader.end());
}
