import { isOfType, typeErrors, type CompiledType } from "./compiled.js";
import type { ProtocolTypeName, ProtocolTypes } from "./generated/protocol-types.js";
import { failure, type ValidationFailure, type ValidationResult } from "./result.js";
import { describeSchemaErrors } from "./schema-failure.js";

/** The matcher's verdict, with a value that throws when examined refused. */
export function matchesQuietly<K extends ProtocolTypeName>(name: K, type: CompiledType, value: unknown): value is ProtocolTypes[K] {
  try {
    return isOfType(name, type, value);
  } catch {
    return false;
  }
}

/**
 * Validates `value` against the generated code of type `name`, reporting
 * paths under `prefix`: the matcher accepts, or the schema says why not.
 * May throw on hostile input (the schema is read as the matcher read it).
 */
export function checkType<K extends ProtocolTypeName>(name: K, type: CompiledType, value: unknown, prefix: string): ValidationResult<ProtocolTypes[K]> {
  return matchesQuietly(name, type, value) ? { ok: true, value } : { ok: false, error: failureOf(name, type, value, prefix) };
}

/** Why a value the matcher refused is not of type `name`, paths under `prefix`. May throw on hostile input. */
export function failureOf(name: ProtocolTypeName, type: CompiledType, value: unknown, prefix: string): ValidationFailure {
  const errors = typeErrors(type, value);
  // Only a value whose getters answer differently each time gets here.
  if (errors.length === 0) return failure("unprocessable", "", "the value could not be validated (it changed while it was examined)").error;
  return describeSchemaErrors(errors, value, prefix, name);
}

