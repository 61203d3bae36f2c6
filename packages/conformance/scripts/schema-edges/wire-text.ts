// JSON text of wire values whose integers may be `bigint`s, written exactly:
// a vector at a 64-bit bound, or one past it, must reach every reader as the
// digits the bound has, not as the nearest double.
import type { WireValue } from "@app-server-protocol/codegen/emission";

/** Marks an exact integer inside JSON.stringify's output; the NUL keeps it from meeting a real string. */
const MARK = "\u0000exact-integer:";
const MARKED = /"\\u0000exact-integer:(-?\d+)"/g;

function marked(_key: string, item: unknown): unknown {
  return typeof item === "bigint" ? `${MARK}${item.toString()}` : item;
}

/** `value` as JSON text: compact, or indented by `indent` spaces. */
export function wireText(value: WireValue, indent = 0): string {
  return JSON.stringify(value, marked, indent).replace(MARKED, "$1");
}

/** `value` as `JSON.parse` reads its text: every integer a double. */
export function asParsed(value: WireValue): unknown {
  return JSON.parse(wireText(value));
}
