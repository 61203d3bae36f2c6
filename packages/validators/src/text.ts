import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import { validateClientMessage, validateServerMessage, type MessageOptions } from "./messages.js";
import { failure, type ValidationResult } from "./result.js";
import { exceedsUtf8Bytes } from "./text-measure.js";

/** The default cap on a message's size: 16 MiB of UTF-8. */
export const DEFAULT_MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Options of the text entry points. */
export interface ParseOptions extends MessageOptions {
  /** Largest message accepted, in UTF-8 bytes, checked before parsing. Defaults to `DEFAULT_MAX_MESSAGE_BYTES`. */
  readonly maxBytes?: number;
}

function parseJson(text: string, maxBytes: number): ValidationResult<unknown> {
  if (exceedsUtf8Bytes(text, maxBytes)) return failure("too_large", "", `message exceeds ${maxBytes} bytes`);
  try {
    const value: unknown = JSON.parse(text);
    return { ok: true, value };
  } catch (error) {
    return failure("invalid_json", "", `invalid JSON: ${error instanceof Error ? error.message : "unparsable"}`);
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
  const parsed = parseJson(text, options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return parsed.ok ? validateClientMessage(parsed.value, options) : parsed;
}

/**
 * Parses and validates one message a server sent as JSON text, like
 * `parseClientMessage`. Never throws.
 */
export function parseServerMessage(text: string, options: ParseOptions = {}): ValidationResult<ServerMessage> {
  const parsed = parseJson(text, options.maxBytes ?? DEFAULT_MAX_MESSAGE_BYTES);
  return parsed.ok ? validateServerMessage(parsed.value, options) : parsed;
}
