// `@app-server-protocol/validators/all`: validators for every protocol type,
// response data checked for every method, and the typed response reader. It
// loads every type's compiled code, so it starts slower than the main entry
// point; the rest of the main entry point's API is re-exported unchanged.
import type { ClientMessage, ServerMessage } from "@app-server-protocol/types";
import type { ProtocolTypeName, ProtocolTypes } from "../generated/protocol-types.js";
import { clientMessageIn, serverMessageIn, type MessageOptions } from "../messages.js";
import type { ValidationResult } from "../result.js";
import { parseClientMessageIn, parseServerMessageIn, type ParseOptions } from "../text.js";
import { validateIn, type ValidateOptions } from "../validate-type.js";
import { allTypes } from "./all-types.js";
import { NO_OPTIONS } from "../options.js";

export { checkOutcome, checkQuestions, questionsJsonLength, validatedQuestions, type ValidatedQuestions } from "../index.js";
export { decodedOutcome, decodedQuestionList, type DecodeResult, type DecodedOption, type DecodedOutcome, type DecodedQuestion } from "../index.js";
export { INTERACTIVE_QUESTION_FLAGS, canCompleteQuestions, isCompleteCapability, supportsAnyQuestionKind, type CapabilityCheck } from "../index.js";
export { DEFAULT_MAX_MESSAGE_BYTES, NdjsonReader, readNdjson, type LineParser, type LineVerdict, type NdjsonOptions } from "../index.js";
export { jsonSyntaxError, jsonValueSpans, lexicalFacts, lexicalFailure, type DuplicateKey, type JsonSyntaxError, type LexicalFacts, type NumberLiteral, type TextSpan } from "../index.js";
export { MESSAGE_TYPE_NAMES, PROTOCOL_TYPE_NAMES, type MessageTypeName, type ProtocolTypeName, type ProtocolTypes } from "../index.js";
export type { MessageOptions, ParseOptions, ValidateOptions, ValidationFailure, ValidationFailureCode, ValidationResult } from "../index.js";
export { DEFAULT_SNAPSHOT_DEPTH, MAX_SNAPSHOT_DEPTH, jsonSnapshot, type JsonSnapshot, type JsonSnapshotFailure, type JsonSnapshotOptions, type JsonSnapshotReason, type JsonValue } from "../index.js";
export * from "../generated/all-guards.js";
export { readResponse, type ResponseReading } from "./read-response.js";

/**
 * Checks `value` against the schema of any protocol type. Never throws.
 *
 * @example
 * ```ts
 * import { validateType } from "@app-server-protocol/validators/all";
 *
 * validateType("SessionGoalStatus", "paused").ok; // => true
 * const result = validateType("TokenUsage", { input_tokens: -1 });
 * result.ok ? "" : result.error.message; // => "/input_tokens: must be >= 0"
 * ```
 */
export function validateType<K extends ProtocolTypeName>(name: K, value: unknown, options: ValidateOptions = NO_OPTIONS): ValidationResult<ProtocolTypes[K]> {
  return validateIn(allTypes(), name, value, options);
}

/** `validateClientMessage` of the main entry point, with every type compiled. */
export function validateClientMessage(value: unknown, options: MessageOptions = NO_OPTIONS): ValidationResult<ClientMessage> {
  return clientMessageIn(allTypes(), value, options);
}

/**
 * `validateServerMessage` of the main entry point, which also checks a
 * response's success `data` against the result type of the client request it
 * answers when `methodOf` names it.
 *
 * @example
 * ```ts
 * import { validateServerMessage } from "@app-server-protocol/validators/all";
 *
 * const methodOf = () => "session/find_by_title";
 * validateServerMessage({ type: "response", id: "req-1", result: { status: "success", data: { session_id: 7 } } }, { methodOf }).ok; // => false
 * ```
 */
export function validateServerMessage(value: unknown, options: MessageOptions = NO_OPTIONS): ValidationResult<ServerMessage> {
  return serverMessageIn(allTypes(), value, options);
}

/** `parseClientMessage` of the main entry point, with every type compiled. */
export function parseClientMessage(text: string, options: ParseOptions = {}): ValidationResult<ClientMessage> {
  return parseClientMessageIn(allTypes(), text, options);
}

/** `parseServerMessage` of the main entry point, which also honours `methodOf`. */
export function parseServerMessage(text: string, options: ParseOptions = {}): ValidationResult<ServerMessage> {
  return parseServerMessageIn(allTypes(), text, options);
}
