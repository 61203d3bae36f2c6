import { pointerToken } from "../pointer.js";
import { clip, failure, type ValidationFailure } from "../result.js";
import { compareIntegerTexts } from "./exact-bounds.js";
import type { NumberRule } from "./schema-at.js";
import type { LexicalFacts } from "./scan.js";

/** The longest a literal is quoted in a message. */
const SHOWN_LITERAL_UNITS = 64;

/** A plain integer literal: its exact value is compared with the bounds. */
const INTEGER_LITERAL = /^-?\d+$/;

function isFinite(literal: string): boolean {
  return Number.isFinite(Number(literal));
}

/**
 * The first thing wrong with a JSON text itself, whatever it is a text of,
 * from its facts: a key written twice (the reference refuses it where it
 * decodes a record, and JSON.parse shows only the last value), then a string
 * holding a lone surrogate (no UTF-8 text can carry one, and the reference
 * refuses it), then a number no double holds (JSON.parse reads it as an
 * infinity, the reference refuses it); each the first of its kind in the
 * text. `undefined` when there is none.
 *
 * @example
 * ```ts
 * import { lexicalFacts, lexicalFailure } from "@app-server-protocol/validators";
 *
 * lexicalFailure(lexicalFacts('{"kind":"a","kind":"b"}')); // => { code: "duplicate_key", path: "/kind", message: "/kind: key written twice (JSON.parse keeps the last value)" }
 * lexicalFailure(lexicalFacts('["\\udc00"]'))?.code; // => "lone_surrogate"
 * lexicalFailure(lexicalFacts("[1e400]"))?.message; // => "/0: number out of range (no double holds it)"
 * lexicalFailure(lexicalFacts('{"n":1.0}')); // => undefined
 * ```
 */
export function lexicalFailure(facts: LexicalFacts): ValidationFailure | undefined {
  const [duplicate] = facts.duplicateKeys;
  if (duplicate !== undefined) return failure("duplicate_key", `${duplicate.path}/${pointerToken(duplicate.key)}`, "key written twice (JSON.parse keeps the last value)").error;
  const [lone] = facts.loneSurrogates;
  if (lone !== undefined) return failure("lone_surrogate", lone, "holds a lone UTF-16 surrogate").error;
  const infinite = facts.numbers.find(({ text }) => !isFinite(text));
  return infinite === undefined ? undefined : failure("invalid_value", infinite.path, "number out of range (no double holds it)").error;
}

/**
 * Why the number literal `literal` at `path` breaks `rule` as written,
 * although its double passed the schema: an integer written with a fraction
 * or an exponent (or as `-0`), or an integer beyond a bound it was rounded
 * into; nothing for a floating-point field. `type` is the validated type
 * whose schema gave the rule.
 */
export function literalFailure(literal: string, path: string, rule: NumberRule, type: string): ValidationFailure | undefined {
  // A floating-point field reads the literal as the double the schema checked.
  if (!rule.integer) return undefined;
  if (!INTEGER_LITERAL.test(literal) || literal === "-0") return failure("non_integer_literal", path, `must be written as an integer, not ${clip(literal, SHOWN_LITERAL_UNITS)}`, type).error;
  const below = rule.minimums.find((minimum) => compareIntegerTexts(literal, minimum) < 0);
  if (below !== undefined) return failure("invalid_value", path, `must be >= ${below}`, type).error;
  const above = rule.maximums.find((maximum) => compareIntegerTexts(literal, maximum) > 0);
  return above === undefined ? undefined : failure("invalid_value", path, `must be <= ${above}`, type).error;
}
