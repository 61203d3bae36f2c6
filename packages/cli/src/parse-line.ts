import { DEFAULT_MAX_MESSAGE_BYTES, exceedsUtf8Bytes, type ParseOptions, type ValidationResult } from "@app-server-protocol/validators";

/** A line that is JSON: its text as judged and its value. */
export interface ParsedLine {
  readonly text: string;
  readonly value: unknown;
}

/** The longest the JSON parser's own explanation is shown (the engine's text may quote the input). */
const SHOWN_PARSER_UNITS = 200;

/** Parses one NDJSON line, refusing it unparsed above the byte cap; a `LineParser` for `NdjsonReader`. Never throws. */
export function parseLine(text: string, options: ParseOptions): ValidationResult<ParsedLine> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (exceedsUtf8Bytes(text, maxBytes)) return { ok: false, error: { code: "too_large", path: "", message: `line exceeds ${maxBytes} bytes` } };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value: { text, value } };
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, SHOWN_PARSER_UNITS) : "unparsable";
    return { ok: false, error: { code: "invalid_json", path: "", message: `invalid JSON: ${reason}` } };
  }
}
