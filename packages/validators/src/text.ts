import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import type { CompiledTypes } from "./compiled.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { messageTypes } from "./message-types.js";
import { clientMessageIn, serverMessageIn, type MessageOptions } from "./messages.js";
import { clip, failure, type ValidationResult } from "./result.js";
import { exceedsUtf8Bytes } from "./text-measure.js";

/** The default cap on a message's size: 16 MiB of UTF-8. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Options of the text entry points. */
export interface ParseOptions extends MessageOptions {
  /** Largest message accepted, in UTF-8 bytes, checked before parsing. Defaults to `DEFAULT_MAX_MESSAGE_BYTES`. */
  readonly maxBytes?: number;
}

/** Options of `parseServerMessage` (responses' data is read with `readResponse` of `/all`). */
export type ServerParseOptions = Omit<ParseOptions, "methodOf">;

/** The longest a JSON parser's own explanation is shown (the engine's text may quote the input). */
const SHOWN_PARSER_MESSAGE_UNITS = 200;

/** Reads one JSON text, refusing it unparsed above `maxBytes`. */
export function parseJson(text: string, maxBytes: number): ValidationResult<unknown> {
  // The signature says string, but callers in plain JavaScript can pass anything.
  if (typeof text !== "string") return failure("invalid_json", "", "invalid JSON: the text is not a string");
  if (exceedsUtf8Bytes(text, maxBytes)) return failure("too_large", "", `message exceeds ${maxBytes} bytes`);
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return failure("invalid_json", "", `invalid JSON: ${error instanceof Error ? clip(error.message, SHOWN_PARSER_MESSAGE_UNITS) : "unparsable"}`);
  }
}

/**
 * Parses and validates one message a client sent as JSON text: rejects it
 * unparsed when it is larger than `maxBytes`, reports invalid JSON, then runs
 * `validateClientMessage`. Never throws.
 *
 * @example
 * ```ts
 * import { parseClientMessage } from "@app-server-protocol/validators";
 *
 * parseClientMessage('{"type":"request","id":"req-1","method":"session/list"}').ok; // => true
 * const broken = parseClientMessage('{"type":"request"');
 * broken.ok ? undefined : broken.error.code; // => "invalid_json"
 * const huge = parseClientMessage(`"${"x".repeat(100)}"`, { maxBytes: 64 });
 * huge.ok ? undefined : huge.error.code; // => "too_large"
 * ```
 */
export function parseClientMessage(text: string, options: ParseOptions = {}): ValidationResult<ClientMessage> {
  return parseClientMessageIn(messageTypes(), text, options);
}

/** `parseClientMessage` against the validators of `types`. */
export function parseClientMessageIn(types: CompiledTypes<ProtocolTypeName>, text: string, options: ParseOptions): ValidationResult<ClientMessage> {
  const parsed = parseJson(text, options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return parsed.ok ? clientMessageIn(types, parsed.value, options) : parsed;
}

/**
 * Parses and validates one message a server sent as JSON text, like
 * `parseClientMessage`, then as `validateServerMessage` does. Never throws.
 */
export function parseServerMessage(text: string, options: ServerParseOptions = {}): ValidationResult<ServerMessage> {
  return parseServerMessageIn(messageTypes(), text, options);
}

/** `parseServerMessage` against the validators of `types`. */
export function parseServerMessageIn(types: CompiledTypes<ProtocolTypeName>, text: string, options: ParseOptions): ValidationResult<ServerMessage> {
  const parsed = parseJson(text, options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return parsed.ok ? serverMessageIn(types, parsed.value, options) : parsed;
}
