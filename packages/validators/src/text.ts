import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import type { CompiledTypes } from "./compiled.js";
import type { ProtocolTypeName } from "./generated/protocol-types.js";
import { messageTypes } from "./message-types.js";
import { lexicalFacts } from "./lexical/scan.js";
import { jsonSyntaxError } from "./lexical/syntax-error.js";
import { clientMessageIn, serverMessageIn, type MessageOptions } from "./messages.js";
import { failure, type ValidationResult } from "./result.js";
import { exceedsUtf8Bytes } from "./text-measure.js";

/** The default cap on a message's size: 16 MiB of UTF-8. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Options of the text entry points. */
export interface ParseOptions extends Omit<MessageOptions, "textFacts"> {
  /** Largest message accepted, in UTF-8 bytes, checked before parsing. Defaults to `DEFAULT_MAX_MESSAGE_BYTES`. */
  readonly maxBytes?: number;
  /**
   * Also judge the text as an exact decoder (the reference's serde_json)
   * reads it, not only its `JSON.parse` value: refuse a key written twice
   * (`duplicate_key`), a lone surrogate (`lone_surrogate`), an integer field
   * written with a fraction or an exponent (`non_integer_literal`), and an
   * integer beyond its field's bounds or a number no double holds
   * (`invalid_value`). Off by default.
   */
  readonly lexical?: boolean;
}

/** Options of `parseServerMessage` (responses' data is read with `readResponse` of `/all`). */
export type ServerParseOptions = Omit<ParseOptions, "methodOf">;

/**
 * Why `text`, which JSON.parse refused, is not JSON: where it breaks, and
 * nothing of what it says (the engine's own message quotes the input).
 */
export function invalidJsonMessage(text: string): string {
  const error = jsonSyntaxError(text);
  return error === undefined ? "invalid JSON" : `invalid JSON: ${error.problem} at column ${error.offset + 1}`;
}

/** Reads one JSON text, refusing it unparsed above `maxBytes`. */
export function parseJson(text: string, maxBytes: number): ValidationResult<unknown> {
  // The signature says string, but callers in plain JavaScript can pass anything.
  if (typeof text !== "string") return failure("invalid_json", "", "invalid JSON: the text is not a string");
  if (exceedsUtf8Bytes(text, maxBytes)) return failure("too_large", "", `message exceeds ${maxBytes} bytes`);
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch {
    return failure("invalid_json", "", invalidJsonMessage(text));
  }
}

/** The validators' options for the value of `text`: its lexical facts added when the text is to be judged too. */
function valueOptions(text: string, value: unknown, options: ParseOptions): MessageOptions {
  return options.lexical === true ? { ...options, textFacts: lexicalFacts(text, value) } : options;
}

/**
 * Parses and validates one message a client sent as JSON text: rejects it
 * unparsed when it is larger than `maxBytes`, reports invalid JSON (where it
 * breaks, quoting none of it), then runs `validateClientMessage`; with
 * `lexical`, also judges the text as an exact decoder reads it. Never throws.
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
 * const twice = parseClientMessage('{"type":"request","id":"1","id":"2","method":"session/list"}', { lexical: true });
 * twice.ok ? undefined : twice.error.code; // => "duplicate_key"
 * ```
 */
export function parseClientMessage(text: string, options: ParseOptions = {}): ValidationResult<ClientMessage> {
  return parseClientMessageIn(messageTypes(), text, options);
}

/** `parseClientMessage` against the validators of `types`. */
export function parseClientMessageIn(types: CompiledTypes<ProtocolTypeName>, text: string, options: ParseOptions): ValidationResult<ClientMessage> {
  const parsed = parseJson(text, options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return parsed.ok ? clientMessageIn(types, parsed.value, valueOptions(text, parsed.value, options)) : parsed;
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
  return parsed.ok ? serverMessageIn(types, parsed.value, valueOptions(text, parsed.value, options)) : parsed;
}
