import type { CompiledTypes } from "./compiled.js";
import type { MessageTypeName, ProtocolTypeName, ProtocolTypes } from "./generated/protocol-types.js";
import { MESSAGE_TYPES } from "./message-types.js";
import { failure, thrownName, type ValidationResult } from "./result.js";
import { describeSchemaErrors } from "./schema-failure.js";
import { unknownFieldOf } from "./strict.js";

/** Options shared by every validator. */
export interface ValidateOptions {
  /**
   * Producer-strict mode: also reject fields the protocol does not define.
   * For implementations checking what they emit. Off by default, where
   * unknown fields are accepted as the reference accepts them.
   */
  readonly strict?: boolean;
}

/** Validates `value` against type `name` of `types`, reporting paths under `prefix`; may throw on hostile input. */
export function checkAt<N extends ProtocolTypeName, K extends N>(
  types: CompiledTypes<N>,
  name: K,
  value: unknown,
  prefix: string,
  strict: boolean,
): ValidationResult<ProtocolTypes[K]> {
  if (!types.matches(name, value)) return { ok: false, error: describeSchemaErrors(types.errors(name), value, prefix, name) };
  const unknownField = strict ? unknownFieldOf(types, name, value, prefix) : undefined;
  if (unknownField !== undefined) return failure("unknown_field", unknownField, "unknown field (producer-strict mode)", name);
  return { ok: true, value };
}

/** The verdict on a value whose examination threw (a proxy that throws, an exhausted stack). */
export function unprocessable(error: unknown): { readonly ok: false; readonly error: ReturnType<typeof failure>["error"] } {
  return failure("unprocessable", "", `the value could not be validated (${thrownName(error)})`);
}

/** `checkAt` for a whole value, never throwing. */
export function validateIn<N extends ProtocolTypeName, K extends N>(types: CompiledTypes<N>, name: K, value: unknown, options: ValidateOptions): ValidationResult<ProtocolTypes[K]> {
  try {
    return checkAt(types, name, value, "", options.strict === true);
  } catch (error) {
    return unprocessable(error);
  }
}

/**
 * Checks `value` against the schema of one of the types messages are
 * validated against (`MESSAGE_TYPE_NAMES`: envelopes, params, answers to
 * server requests, question records), for example a payload received outside
 * an envelope. `@app-server-protocol/validators/all` has the same function
 * for every protocol type. Never throws.
 *
 * @example
 * ```ts
 * import { validateType } from "@app-server-protocol/validators";
 *
 * validateType("AskUserQuestionList", []).ok; // => true
 * const result = validateType("AskUserQuestionResponse", { request_id: 7 });
 * result.ok ? "" : result.error.message; // => "/request_id: must be a string"
 * ```
 */
export function validateType<K extends MessageTypeName>(name: K, value: unknown, options: ValidateOptions = {}): ValidationResult<ProtocolTypes[K]> {
  return validateIn(MESSAGE_TYPES, name, value, options);
}
