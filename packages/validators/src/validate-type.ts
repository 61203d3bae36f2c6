import { failureOf, matchesQuietly } from "./check-type.js";
import type { LexicalFacts } from "./lexical/scan.js";
import { typeTextVerdict } from "./lexical/text-verdict.js";
import type { CompiledType, CompiledTypes } from "./compiled.js";
import type { MessageTypeName, ProtocolTypeName, ProtocolTypes } from "./generated/protocol-types.js";
import { messageTypes } from "./message-types.js";
import { failure, thrownName, type ValidationFailure, type ValidationResult } from "./result.js";
import { strictFailureOf } from "./strict.js";
import { NO_OPTIONS } from "./options.js";

/** Options shared by every validator. */
export interface ValidateOptions {
  /**
   * Producer-strict mode: also reject fields the protocol does not define
   * (`unknown_field`) and values the reference reads but producers do not
   * write (`invalid_value`: an input alias such as `open_ai`, a usage count
   * above 2^32 - 1, an `iterations` that is not a list of well-formed
   * items). For implementations checking what they emit. Off by default,
   * where values are accepted as the reference accepts them.
   */
  readonly strict?: boolean;
  /**
   * The lexical facts of the JSON text the value was parsed from
   * (`lexicalFacts(text, value)`): also refuse what that text says and the
   * parsed value hides, as an exact decoder reads it (README "Text and
   * NDJSON"): a key written twice, a lone surrogate, a number no double
   * holds, an integer written with a fraction or an exponent, an integer
   * beyond its field's bounds. The facts' paths are into the value.
   */
  readonly textFacts?: LexicalFacts;
}

/** Validates `value` against type `name` of `types`, reporting paths under `prefix`; may throw on hostile input. */
export function checkAt<N extends ProtocolTypeName, K extends N>(
  types: CompiledTypes<N>,
  name: K,
  value: unknown,
  prefix: string,
  strict: boolean,
): ValidationResult<ProtocolTypes[K]> {
  return checkCompiledAt(types, name, types.type(name), value, prefix, strict);
}

/** `checkAt` with the generated code `type` of `name` given. */
export function checkCompiledAt<N extends ProtocolTypeName, K extends N>(
  types: CompiledTypes<N>,
  name: K,
  type: CompiledType,
  value: unknown,
  prefix: string,
  strict: boolean,
): ValidationResult<ProtocolTypes[K]> {
  return matchesQuietly(name, type, value) ? acceptedAt(types, name, value, prefix, strict) : refusedAt(name, type, value, prefix);
}

/** The verdict on a value the matcher of type `name` accepted: valid, or in producer-strict mode what it holds that the protocol does not define. */
export function acceptedAt<N extends ProtocolTypeName, K extends N>(
  types: CompiledTypes<N>,
  name: K,
  value: ProtocolTypes[K],
  prefix: string,
  strict: boolean,
): ValidationResult<ProtocolTypes[K]> {
  const strictFailure = strict ? strictFailureOf(types, name, value, prefix) : undefined;
  return strictFailure === undefined ? { ok: true, value } : { ok: false, error: strictFailure };
}

/** The verdict on a value the matcher of type `name`, generated code `type`, refused: why. May throw on hostile input. */
export function refusedAt(name: ProtocolTypeName, type: CompiledType, value: unknown, prefix: string): { readonly ok: false; readonly error: ValidationFailure } {
  return { ok: false, error: failureOf(name, type, value, prefix) };
}

/** `checkAt` of the generated code `type` of `name`, without a result to build when the value is valid: the failure, or `undefined`. */
export function failureAt<N extends ProtocolTypeName>(types: CompiledTypes<N>, name: N, type: CompiledType, value: unknown, prefix: string, strict: boolean): ValidationFailure | undefined {
  if (!matchesQuietly(name, type, value)) return failureOf(name, type, value, prefix);
  return strict ? strictFailureOf(types, name, value, prefix) : undefined;
}

/** The verdict on a value whose examination threw (a proxy that throws, an exhausted stack). */
export function unprocessable(error: unknown): { readonly ok: false; readonly error: ReturnType<typeof failure>["error"] } {
  return failure("unprocessable", "", `the value could not be validated (${thrownName(error)})`);
}

/** `checkAt` for a whole value, never throwing. */
export function validateIn<N extends ProtocolTypeName, K extends N>(types: CompiledTypes<N>, name: K, value: unknown, options: ValidateOptions): ValidationResult<ProtocolTypes[K]> {
  let verdict: ValidationResult<ProtocolTypes[K]>;
  let facts: ValidateOptions["textFacts"];
  try {
    // Options are read once, inside the try: a getter that throws is a verdict, not an exception.
    facts = options?.textFacts;
    verdict = checkAt(types, name, value, "", options?.strict === true);
  } catch (error) {
    return unprocessable(error);
  }
  return facts === undefined ? verdict : typeTextVerdict(types, name, verdict, facts);
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
export function validateType<K extends MessageTypeName>(name: K, value: unknown, options: ValidateOptions = NO_OPTIONS): ValidationResult<ProtocolTypes[K]> {
  return validateIn(messageTypes(), name, value, options);
}
