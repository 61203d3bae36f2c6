import { isWellFormed } from "./well-formed.js";

// A cheap proof that a JSON text hides nothing from its parsed value, so that
// the precise scan reads only the texts that may. The proof is exact: it
// never passes a text with a fact, though it sends some texts without one to
// the scan.
//
// A JSON text is as long as its value written compactly (each string as its
// units between quotes, each number in its shortest spelling) plus what its
// escapes add (an escape writes one unit in two characters, or in six as
// `\uXXXX`), plus its whitespace, a member written twice, and any longer
// spelling of a number (`1.0` for `1`, `0.50`). A text of exactly that length
// has none of those: each number is spelled as short as it can be. That
// spelling is unique for an integer of up to 15 digits unless it ends in
// `00` (`1e2` is as short as `100`), so such an integer, or a text that also
// holds an integer spelled `1E2`, which only a search of the text tells,
// goes to the scan. The escapes are counted in the text, the rest is
// measured on the value, and the text's lone surrogates are looked for apart.

/** A digit before a fraction or an exponent: also found inside strings, which only sends a text to the scan. */
const FRACTION_OR_EXPONENT = /\d[.eE]/;

/**
 * The length of the shortest JSON spelling of `value`, a finite number that
 * is no integer: its shortest round-trip digits, as a decimal fraction or as
 * an integer with an exponent, whichever is shorter (a mantissa with a point
 * and an exponent is never shorter than one of those).
 */
function shortestFractionLength(value: number): number {
  const exponential = value.toExponential();
  const e = exponential.indexOf("e");
  const sign = value < 0 ? 1 : 0;
  // The mantissa's digits: `-1.25` holds three.
  const digits = e - sign - (exponential.charCodeAt(sign + 1) === 46 ? 1 : 0);
  // value = D * 10^scale, D the integer of those digits; scale < 0 for a number that is no integer.
  const scale = Number(exponential.slice(e + 1)) - (digits - 1);
  const withExponent = digits + 1 + String(scale).length;
  const decimal = -scale < digits ? digits + 1 : 2 - scale;
  return sign + Math.min(withExponent, decimal);
}

/** Integers below this magnitude are written in at most 15 digits. */
const PLAIN_MAGNITUDE = 1e15;

const LOWER_U = 117;

/** Whether the `\uXXXX` escape at `at` (its backslash) writes a surrogate, paired or not: its hex digits start `d8` to `df`. */
function escapesSurrogate(text: string, at: number): boolean {
  const first = text.charCodeAt(at + 2) | 0x20;
  const second = text.charCodeAt(at + 3) | 0x20;
  // 'd', then '8', '9' or 'a' to 'f' (lower-cased by the bit).
  return first === 100 && (second === 56 || second === 57 || (second >= 97 && second <= 102));
}

/**
 * How many units more than they decode to the escapes of `text` take, from
 * the first backslash at `first`; -1 when one of them writes a surrogate (a
 * lone one is a fact, and a pair is left to the scan to tell).
 */
function escapesLength(text: string, first: number): number {
  let extra = 0;
  // Backslashes only occur inside strings, each starting an escape.
  for (let at = first; at !== -1; ) {
    const unicode = text.charCodeAt(at + 1) === LOWER_U;
    if (unicode && escapesSurrogate(text, at)) return -1;
    extra += unicode ? 5 : 1;
    at = text.indexOf("\\", at + (unicode ? 6 : 2));
  }
  return extra;
}

type JsonRecord = { readonly [key: string]: unknown };

function isRecord(value: object): value is JsonRecord {
  return !Array.isArray(value);
}

// What a measure cannot vouch for, set while it runs (module state, as a
// measure never runs inside another: no object per text, no `this` to load).
/** A value whose literal is a fact however it is spelled (or that is nothing JSON.parse returns). */
let unusual = false;
/** An integer was measured: one spelled `1E2` must be ruled out. */
let sawInteger = false;
/** An integer ending in `00` was measured: its shortest spellings include one with an exponent. */
let sawRoundInteger = false;
/** A number that is no integer was measured: its literal has a fraction or an exponent, so the text's cannot be searched for. */
let sawFraction = false;
/** A measure is running. */
let measuring = false;

function numberLength(value: number): number {
  if (!Number.isInteger(value)) {
    if (!Number.isFinite(value)) unusual = true;
    sawFraction = true;
    return Number.isFinite(value) ? shortestFractionLength(value) : 0;
  }
  const magnitude = Math.abs(value);
  if (magnitude >= PLAIN_MAGNITUDE || Object.is(value, -0)) {
    unusual = true;
    return 0;
  }
  sawInteger = true;
  if (magnitude !== 0 && magnitude % 100 === 0) sawRoundInteger = true;
  let digits = 1;
  for (let bound = 10; bound <= magnitude; bound *= 10) digits += 1;
  return value < 0 ? digits + 1 : digits;
}

/** The compact length of `value`; strings, the most common values, are measured where they are met. */
function compactLength(value: unknown): number {
  if (typeof value === "string") return value.length + 2;
  if (typeof value === "object") {
    if (value === null) return 4;
    if (Array.isArray(value)) return arrayLength(value);
    return isRecord(value) ? objectLength(value) : 0;
  }
  if (typeof value === "number") return numberLength(value);
  if (typeof value === "boolean") return value ? 4 : 5;
  unusual = true;
  return 0;
}

function arrayLength(items: readonly unknown[]): number {
  const count = items.length;
  // Brackets and the commas between items.
  let length = count === 0 ? 2 : count + 1;
  for (let index = 0; index < count; index += 1) {
    const item = items[index];
    length += typeof item === "string" ? item.length + 2 : compactLength(item);
  }
  return length;
}

function objectLength(record: JsonRecord): number {
  // The opening brace; each key then adds its quotes, its colon and the comma after it, or the closing brace after the last.
  let length = 1;
  // Own keys of a parsed object, `__proto__` included; an enumerable key inherited from a polluted prototype only lengthens the measure.
  for (const key in record) {
    const item = record[key];
    length += key.length + 4 + (typeof item === "string" ? item.length + 2 : compactLength(item));
  }
  return length === 1 ? 2 : length;
}

/**
 * Whether `text`, a text `JSON.parse` accepted with the value `value`,
 * provably says nothing that value hides (see `LexicalFacts`). False sends it
 * to the precise scan; so does a value that throws or nests too deep to walk.
 */
export function showsEverything(text: string, value: unknown): boolean {
  const backslash = text.indexOf("\\");
  const escapes = backslash === -1 ? 0 : escapesLength(text, backslash);
  if (escapes < 0 || !isWellFormed(text)) return false;
  // A getter of a value that is no JSON.parse output could measure another text meanwhile: that value is scanned instead.
  if (measuring) return false;
  unusual = false;
  sawInteger = false;
  sawRoundInteger = false;
  sawFraction = false;
  let length: number;
  measuring = true;
  try {
    length = compactLength(value);
  } catch {
    return false;
  } finally {
    measuring = false;
  }
  if (unusual || length + escapes !== text.length) return false;
  if (!sawInteger) return true;
  // Every number is spelled as short as it can be; an integer's shortest spelling is plain but for one ending in 00.
  return sawFraction ? !sawRoundInteger : !FRACTION_OR_EXPONENT.test(text);
}
