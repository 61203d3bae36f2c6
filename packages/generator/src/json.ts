/** A JSON object as read from or written to a schema file. */
export interface JsonObject {
  [key: string]: unknown;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The 64-bit integer bounds, spelled exactly. Parsed, each is the double
 * next to it (2^64 and ±2^63), which is all a JSON reader that parses
 * numbers as doubles holds; written as that double, a reader with exact
 * integers (Python, Rust, Go's json.Number) would check a bound one past
 * the Rust type's.
 */
const EXACT_INTEGER_BOUNDS: ReadonlyMap<number, string> = new Map([
  [18446744073709551615, "18446744073709551615"],
  [9223372036854775807, "9223372036854775807"],
  [-9223372036854775808, "-9223372036854775808"],
]);

/** A JSON number as an artifact writes it: 64-bit bounds exact, others as JavaScript prints them. */
export function jsonNumberText(value: number): string {
  return EXACT_INTEGER_BOUNDS.get(value) ?? JSON.stringify(value);
}

/** Marks a bound for `formatJson`; the NUL keeps it from meeting a real string. */
const BOUND_MARK = "\u0000exact-integer:";
const MARKED_BOUND = /"\\u0000exact-integer:(-?\d+)"/g;

/** Two-space JSON with a trailing newline: the format of every JSON artifact. */
export function formatJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => (typeof item === "number" && EXACT_INTEGER_BOUNDS.has(item) ? `${BOUND_MARK}${jsonNumberText(item)}` : item), 2);
  return `${text.replace(MARKED_BOUND, "$1")}\n`;
}

/** A deep copy of plain JSON data. */
export function cloneJson<T>(value: T): T {
  return structuredClone(value);
}
