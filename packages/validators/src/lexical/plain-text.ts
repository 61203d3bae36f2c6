import { isWellFormed } from "./well-formed.js";

// A cheap proof that a JSON text hides nothing from its parsed value, so that
// the precise scan reads only the texts that may. The proof is exact: it
// never passes a text with a fact, though it sends some texts without one to
// the scan.
//
// A JSON text is as long as its value written compactly (each string as its
// units between quotes, each integer in its shortest decimal form) plus what
// its escapes add (an escape writes one unit in two characters, or in six as
// `\uXXXX`), plus its whitespace, a member written twice, and any longer
// spelling of a number (`1.0`, `-0`, `1E2` is no longer than `100`, `1e3`
// is shorter than `1000`). With no number spelled with a fraction or an
// exponent, and every number an integer of up to 15 digits, a text of exactly
// that length has no whitespace, no member written twice and only plain
// integers. The escapes are counted in the text, the rest is measured on the
// value, and the text's lone surrogates are looked for apart.

/** An escape of a surrogate (`\uD800` to `\uDFFF`), paired or not. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** A digit before a fraction or an exponent: also found inside strings, which only sends a text to the scan. */
const FRACTION_OR_EXPONENT = /\d[.eE]/;

/** Integers below this magnitude are written in at most 15 digits. */
const PLAIN_MAGNITUDE = 1e15;

const LOWER_U = 117;

/** How many units more than they decode to the escapes of `text` take, from the first backslash at `first`. */
function escapesLength(text: string, first: number): number {
  let extra = 0;
  // Backslashes only occur inside strings, each starting an escape.
  for (let at = first; at !== -1; ) {
    const unicode = text.charCodeAt(at + 1) === LOWER_U;
    extra += unicode ? 5 : 1;
    at = text.indexOf("\\", at + (unicode ? 6 : 2));
  }
  return extra;
}

type JsonRecord = { readonly [key: string]: unknown };

function isRecord(value: object): value is JsonRecord {
  return !Array.isArray(value);
}

/** The compact length of a value, and what that length cannot vouch for. */
class Measure {
  /** A value no plain integer literal or string writes: its literal is a fact (or it is nothing JSON.parse returns). */
  unusual = false;
  sawNumber = false;

  private numberLength(value: number): number {
    this.sawNumber = true;
    const magnitude = Math.abs(value);
    if (!Number.isInteger(value) || magnitude >= PLAIN_MAGNITUDE || Object.is(value, -0)) {
      this.unusual = true;
      return 0;
    }
    let digits = 1;
    for (let bound = 10; bound <= magnitude; bound *= 10) digits += 1;
    return value < 0 ? digits + 1 : digits;
  }

  /** The compact length of `value`; strings, the most common values, are measured where they are met. */
  length(value: unknown): number {
    if (typeof value === "string") return value.length + 2;
    if (typeof value === "object") {
      if (value === null) return 4;
      if (Array.isArray(value)) return this.arrayLength(value);
      return isRecord(value) ? this.objectLength(value) : 0;
    }
    if (typeof value === "number") return this.numberLength(value);
    if (typeof value === "boolean") return value ? 4 : 5;
    this.unusual = true;
    return 0;
  }

  private arrayLength(items: readonly unknown[]): number {
    const count = items.length;
    // Brackets and the commas between items.
    let length = count === 0 ? 2 : count + 1;
    for (let index = 0; index < count; index += 1) {
      const item = items[index];
      length += typeof item === "string" ? item.length + 2 : this.length(item);
    }
    return length;
  }

  private objectLength(record: JsonRecord): number {
    // The opening brace; each key then adds its quotes, its colon and the comma after it, or the closing brace after the last.
    let length = 1;
    // Own keys of a parsed object, `__proto__` included; an enumerable key inherited from a polluted prototype only lengthens the measure.
    for (const key in record) {
      const item = record[key];
      length += key.length + 4 + (typeof item === "string" ? item.length + 2 : this.length(item));
    }
    return length === 1 ? 2 : length;
  }
}

/**
 * Whether `text`, a text `JSON.parse` accepted with the value `value`,
 * provably says nothing that value hides (see `LexicalFacts`). False sends it
 * to the precise scan; so does a value that throws or nests too deep to walk.
 */
export function showsEverything(text: string, value: unknown): boolean {
  const backslash = text.indexOf("\\");
  if (backslash !== -1 && SURROGATE_ESCAPE.test(text)) return false;
  if (!isWellFormed(text)) return false;
  const measure = new Measure();
  let length: number;
  try {
    length = measure.length(value);
  } catch {
    return false;
  }
  if (measure.unusual) return false;
  if (backslash !== -1) length += escapesLength(text, backslash);
  if (length !== text.length) return false;
  return !measure.sawNumber || !FRACTION_OR_EXPONENT.test(text);
}
