import { lexicalFacts } from "@app-server-protocol/validators";
import { isJsonObject } from "../json-value.js";

// Whether a line writes a key twice, told without scanning most lines: a
// text is at least as long as the least any text of its parsed value can be
// (each string its units between quotes, each number its significant
// digits, the punctuation of each container) plus what its escapes add,
// counted in the text. A member written twice is in the text but not in the
// value, and takes at least five characters (`"":0,`); so a text less than
// five characters longer than that bound writes no key twice. Any other text
// (spaced out, or with long spellings of numbers) is scanned.

/** The fewest characters a member written twice takes. */
const SHORTEST_MEMBER = 5;

/** The fewest characters a literal of `value` takes: its significant digits, and its sign. */
function numberBound(value: number): number {
  const sign = value < 0 || Object.is(value, -0) ? 1 : 0;
  let magnitude = Math.abs(value);
  if (Number.isInteger(magnitude) && magnitude < Number.MAX_SAFE_INTEGER) {
    if (magnitude === 0) return 1 + sign;
    while (magnitude % 10 === 0) magnitude /= 10;
    let digits = 1;
    for (let bound = 10; bound <= magnitude; bound *= 10) digits += 1;
    return digits + sign;
  }
  if (!Number.isFinite(magnitude)) return 1;
  // The shortest digits that read back as this double: every literal of it has at least as many.
  const exponential = magnitude.toExponential();
  const mantissa = exponential.slice(0, exponential.indexOf("e"));
  return mantissa.length - (mantissa.includes(".") ? 1 : 0) + sign;
}

/** The fewest characters a JSON text of `value` takes, escapes aside. */
function textBound(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value === "number") return numberBound(value);
  if (typeof value === "boolean") return value ? 4 : 5;
  if (Array.isArray(value)) {
    let length = value.length === 0 ? 2 : value.length + 1;
    for (const item of value) length += textBound(item);
    return length;
  }
  if (!isJsonObject(value)) return 4;
  // Own keys only: an inherited enumerable key would make the bound too long. (A parsed `__proto__` key is an own field, read as one.)
  const keys = Object.keys(value);
  let length = keys.length === 0 ? 2 : keys.length + 1;
  for (const key of keys) length += key.length + 3 + textBound(value[key]);
  return length;
}

/** How many characters more than the units they write the escapes of `text` take (a JSON text's backslashes all start escapes). */
function escapesLength(text: string): number {
  let extra = 0;
  for (let at = text.indexOf("\\"); at !== -1; ) {
    const unicode = text.charCodeAt(at + 1) === 117;
    extra += unicode ? 5 : 1;
    at = text.indexOf("\\", at + (unicode ? 6 : 2));
  }
  return extra;
}

/** Whether `text`, which `JSON.parse` read as `value`, writes a key twice in one object. */
export function writesKeyTwice(text: string, value: unknown): boolean {
  let bound: number;
  try {
    bound = textBound(value) + escapesLength(text);
  } catch {
    // Nested too deep to measure: the scan, which keeps its own stack, decides.
    bound = 0;
  }
  if (text.length - bound < SHORTEST_MEMBER) return false;
  return lexicalFacts(text).duplicateKeys.length > 0;
}
