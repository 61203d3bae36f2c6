// The validators' verdict on a vector, read as an exact decoder reads its
// JSON text: `@app-server-protocol/validators` with the text's lexical facts,
// so that an integer one past a 64-bit bound is refused even where a double
// rounds it onto the bound.
import type { WireValue } from "@app-server-protocol/codegen/emission";
import { PROTOCOL_TYPE_NAMES, lexicalFacts, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { asParsed, wireText } from "./wire-text.js";

export type Verdict =
  | { readonly valid: true }
  | {
      readonly valid: false;
      readonly code: string;
      readonly path: string;
      /** Only the exact integer text is invalid: the value as doubles hold it is valid. */
      readonly exactIntegers: boolean;
    };

const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

export function isProtocolType(name: string): name is ProtocolTypeName {
  return TYPE_NAMES.includes(name);
}

export function verdictOf(type: ProtocolTypeName, value: WireValue): Verdict {
  const text = wireText(value);
  const parsed = asParsed(value);
  const result = validateType(type, parsed, { textFacts: lexicalFacts(text, parsed) });
  if (result.ok) return { valid: true };
  return { valid: false, code: result.error.code, path: result.error.path, exactIntegers: validateType(type, parsed).ok };
}

/** Whether `value` is a valid `type` (for telling an untagged union's variants apart). */
export function isValid(type: string, value: WireValue): boolean {
  return isProtocolType(type) && verdictOf(type, value).valid;
}
