import { exceedsUtf8Bytes } from "@app-server-protocol/validators";
import { clipped } from "../support/preview.js";

/** What a line the host wrote is, before its fields are read. */
export type HostLineReading =
  | { readonly kind: "blank" }
  /** Not JSON, not text, or larger than the cap: spec 5.6's "invalid JSON" row, a warning with no `request_id` to reply to. */
  | { readonly kind: "unreadable"; readonly warning: string }
  | { readonly kind: "json"; readonly value: unknown };

const BYTE_ORDER_MARK = "\uFEFF";

/** The longest a parser's own explanation is shown: an engine's text may quote the input. */
const SHOWN_PARSER_MESSAGE = 200;

const unreadable = (reason: string): HostLineReading => ({ kind: "unreadable", warning: `invalid stream-json input line: ${reason}` });

/**
 * Reads one host line: a leading byte order mark is dropped (as a UTF-8
 * decoder drops it from bytes); a line of more than `maxBytes` UTF-8 bytes is
 * refused unparsed, since finding its `request_id` would mean parsing it;
 * blank lines are blank. Never throws.
 */
export function readHostLine(text: unknown, maxBytes: number): HostLineReading {
  if (typeof text !== "string") return unreadable(`expected text, got ${text === null ? "null" : typeof text}`);
  const line = text.startsWith(BYTE_ORDER_MARK) ? text.slice(BYTE_ORDER_MARK.length) : text;
  if (exceedsUtf8Bytes(line, maxBytes)) return unreadable(`line exceeds ${maxBytes} bytes`);
  if (line.trim() === "") return { kind: "blank" };
  try {
    const value: unknown = JSON.parse(line);
    return { kind: "json", value };
  } catch (error) {
    return unreadable(error instanceof Error ? clipped(error.message, SHOWN_PARSER_MESSAGE) : "unparsable");
  }
}
