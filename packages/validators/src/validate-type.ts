import { lastErrors, matches } from "./compiled.js";
import type { ProtocolTypeName, ProtocolTypes } from "./generated/protocol-types.js";
import { failure, type ValidationResult } from "./result.js";
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

/**
 * Checks `value` against the schema of one protocol type, for example a
 * stored fixture or a payload received outside an envelope. Never throws.
 *
 * @example
 * ```ts
 * import { validateType } from "@app-server-protocol/validators";
 *
 * validateType("McpTrustDecisionWire", "trust").ok; // => true
 * const result = validateType("AskUserQuestionResponse", { request_id: 7 });
 * result.ok ? "" : result.error.message; // => "/request_id: must be a string"
 * ```
 */
export function validateType<K extends ProtocolTypeName>(name: K, value: unknown, options: ValidateOptions = {}): ValidationResult<ProtocolTypes[K]> {
  try {
    return checkAt(name, value, "", options.strict === true);
  } catch (error) {
    return unprocessable(error);
  }
}

/** Validates `value` against type `name`, reporting paths under `prefix`; may throw on hostile input. */
export function checkAt<K extends ProtocolTypeName>(name: K, value: unknown, prefix: string, strict: boolean): ValidationResult<ProtocolTypes[K]> {
  if (!matches(name, value)) return { ok: false, error: describeSchemaErrors(lastErrors(name), prefix, name) };
  const unknownField = strict ? unknownFieldOf(name, value, prefix) : undefined;
  if (unknownField !== undefined) return failure("unknown_field", unknownField, "unknown field (producer-strict mode)", name);
  return { ok: true, value };
}

/** The verdict on a value whose examination threw (a proxy that throws, an exhausted stack). */
export function unprocessable(error: unknown): { readonly ok: false; readonly error: ReturnType<typeof failure>["error"] } {
  const reason = error instanceof Error ? error.name : "error";
  return failure("unprocessable", "", `the value could not be validated (${reason})`);
}
