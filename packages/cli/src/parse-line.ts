import { DEFAULT_MAX_MESSAGE_BYTES, exceedsUtf8Bytes, jsonSyntaxError, type ParseOptions, type ValidationResult } from "@app-server-protocol/validators";

/** A line that is JSON: its text as judged and its value. */
export interface ParsedLine {
  readonly text: string;
  readonly value: unknown;
}

/**
 * Why a line that JSON.parse refused is not JSON: where it breaks, and none
 * of what it says. The engine's own message quotes the line, and a line that
 * is not JSON may be any file's (a `.env` reached through a symlink), which
 * a report would then carry into CI logs.
 */
export function notJson(text: string): string {
  const error = jsonSyntaxError(text);
  return error === undefined ? "invalid JSON" : `invalid JSON: ${error.problem} at column ${error.offset + 1}`;
}

/** Parses one NDJSON line, refusing it unparsed above the byte cap; a `LineParser` for `NdjsonReader`. Never throws. */
export function parseLine(text: string, options: ParseOptions): ValidationResult<ParsedLine> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  if (exceedsUtf8Bytes(text, maxBytes)) return { ok: false, error: { code: "too_large", path: "", message: `line exceeds ${maxBytes} bytes` } };
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value: { text, value } };
  } catch {
    return { ok: false, error: { code: "invalid_json", path: "", message: notJson(text) } };
  }
}
