// Integer bounds exactly as the schemas write them. The schemas give every
// integer field the bounds of its Rust type (root README, "How the schemas
// describe the wire"), written exactly in the JSON text; parsed, the 64-bit
// ones are doubles (18446744073709551615 is held as 2^64). The generated
// table gives the text of each bound whose double prints differently, and a
// literal is compared with it as decimal text, never through a double or a
// BigInt of the literal (a literal may be megabytes of digits).
import { exactBound as writtenBound } from "../generated/integer-bounds.js";

/** A plain integer literal: an optional minus and digits without a leading zero. */
const INTEGER_TEXT = /^-?(?:0|[1-9]\d*)$/;

/**
 * A schema's `minimum` or `maximum` as exact decimal text: as the schemas
 * write it when its double prints differently, the integer a double holds
 * otherwise; `undefined` for a bound that is no integer.
 */
export function exactBound(bound: unknown): string | undefined {
  if (typeof bound === "bigint") return String(bound);
  if (typeof bound === "string") return INTEGER_TEXT.test(bound) ? bound : undefined;
  if (typeof bound !== "number" || !Number.isInteger(bound)) return undefined;
  if (Number.isSafeInteger(bound)) return String(bound);
  return writtenBound(bound) ?? BigInt(bound).toString();
}

/** `a` compared with `b`, both plain integer literals (see `INTEGER_TEXT`): negative, zero or positive. */
export function compareIntegerTexts(a: string, b: string): number {
  const negativeA = a.startsWith("-");
  const negativeB = b.startsWith("-");
  if (negativeA !== negativeB) return negativeA ? -1 : 1;
  const magnitudeA = negativeA ? a.slice(1) : a;
  const magnitudeB = negativeB ? b.slice(1) : b;
  const order = magnitudeA.length !== magnitudeB.length ? magnitudeA.length - magnitudeB.length : magnitudeA < magnitudeB ? -1 : magnitudeA > magnitudeB ? 1 : 0;
  return negativeA ? -order : order;
}
