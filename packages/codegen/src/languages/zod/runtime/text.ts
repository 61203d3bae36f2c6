// JSON text read with its integers as written. `JSON.parse` holds an integer
// past 2^53 as the nearest double, and a 64-bit bound is no double either:
// u64's 18446744073709551615 and 2^64 both read as 2^64, so a schema's bound
// check on the parsed value passes one past the bound. Here each integer
// literal that long is replaced, before the schema sees it, by a double that
// lies on the same side of every 64-bit bound as the literal does; where the
// schema accepts that, the value as parsed is what it returns.
import type * as z from "zod";
import { check, failure, type Verdict } from "./verdict.js";

/**
 * The integer bounds of the protocol's schemas that a double does not hold
 * exactly, ascending: i64's minimum and maximum and u64's maximum (the code
 * generator's tests check that the schemas have no other).
 */
export const WIDE_INTEGER_BOUNDS: readonly bigint[] = [-(2n ** 63n), 2n ** 63n - 1n, 2n ** 64n - 1n];

/** Integer literals of this many digits or more may be past 2^53 (9007199254740992 has 16). */
const WIDE_LITERAL = /\d{16}/;

const bits = new Float64Array(1);
const raw = new BigInt64Array(bits.buffer);

/** The double next to `held` (not zero) away from zero when `outward`, else toward it. */
function nextDouble(held: number, outward: boolean): number {
  bits[0] = held;
  raw[0] = (raw[0] ?? 0n) + (outward ? 1n : -1n);
  return bits[0] ?? held;
}

/** A double on the same side of each wide bound (as a double holds it) as `literal` is of the bound itself. */
function standIn(literal: bigint, read: number): number {
  let stand = read;
  for (const bound of WIDE_INTEGER_BOUNDS) {
    const held = Number(bound);
    if (literal > bound && stand <= held) stand = nextDouble(held, held > 0);
    else if (literal < bound && stand >= held) stand = nextDouble(held, held < 0);
  }
  return stand;
}

type Path = (string | number)[];

/** An integer literal of the text and where it is: the value a key written twice keeps is the last one's. */
interface WideLiteral {
  readonly path: Path;
  readonly literal: string;
}

function stringEnd(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at += 1) {
    const unit = text.charCodeAt(at);
    if (unit === 0x5c) at += 1;
    else if (unit === 0x22) return at + 1;
  }
  return text.length;
}

function isNumberUnit(unit: number): boolean {
  // 0-9 - + . e E
  return (unit >= 0x30 && unit <= 0x39) || unit === 0x2d || unit === 0x2b || unit === 0x2e || unit === 0x65 || unit === 0x45;
}

/** The integer literals of 16 digits or more of `text`, a text `JSON.parse` accepted, by the path of the value each is. */
function wideLiterals(text: string): Map<string, WideLiteral> {
  const found = new Map<string, WideLiteral>();
  // An array's place in the path is its index, a number; an object's is its key.
  const path: Path = [];
  let keyNext = false;
  for (let at = 0; at < text.length; ) {
    const unit = text.charCodeAt(at);
    if (unit === 0x22) {
      const end = stringEnd(text, at);
      if (keyNext) {
        const key: unknown = JSON.parse(text.slice(at, end));
        path[path.length - 1] = typeof key === "string" ? key : "";
        keyNext = false;
      }
      at = end;
    } else if (unit === 0x7b || unit === 0x5b) {
      path.push(unit === 0x5b ? 0 : "");
      keyNext = unit === 0x7b;
      at += 1;
    } else if (unit === 0x7d || unit === 0x5d) {
      path.pop();
      at += 1;
    } else if (unit === 0x2c) {
      const last = path.length - 1;
      const place = path[last];
      if (typeof place === "number") path[last] = place + 1;
      else keyNext = true;
      at += 1;
    } else if (unit === 0x2d || (unit >= 0x30 && unit <= 0x39)) {
      let end = at + 1;
      while (end < text.length && isNumberUnit(text.charCodeAt(end))) end += 1;
      const literal = text.slice(at, end);
      if (WIDE_LITERAL.test(literal) && !/[.eE]/.test(literal)) found.set(JSON.stringify(path), { path: [...path], literal });
      at = end;
    } else {
      at += 1;
    }
  }
  return found;
}

function containerAt(root: unknown, path: Path): object | undefined {
  let current = root;
  for (const key of path.slice(0, -1)) {
    if (typeof current !== "object" || current === null) return undefined;
    current = Object.getOwnPropertyDescriptor(current, key)?.value;
  }
  return typeof current === "object" && current !== null ? current : undefined;
}

/** `root` with the value at `path` replaced by `replacement` when it is `expected` (in place, but for the whole value). */
function replaced(root: unknown, path: Path, expected: number, replacement: number): unknown {
  const key = path[path.length - 1];
  if (key === undefined) return root === expected ? replacement : root;
  const container = containerAt(root, path);
  if (container !== undefined && Object.getOwnPropertyDescriptor(container, key)?.value === expected) {
    Object.defineProperty(container, key, { value: replacement, writable: true, enumerable: true, configurable: true });
  }
  return root;
}

/**
 * `judge`'s verdict on the value of the JSON text `text`, its integers
 * compared with the protocol's 64-bit bounds as written (see above). A text
 * that is not JSON is `invalid_json`. Never throws where `judge` does not.
 */
export function judgeText<T>(text: string, judge: (value: unknown) => Verdict<T>): Verdict<T> {
  if (typeof text !== "string") return failure("invalid_json", "", "invalid JSON: the text is not a string");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return failure("invalid_json", "", "invalid JSON");
  }
  if (!WIDE_LITERAL.test(text)) return judge(value);
  let standing: unknown = undefined;
  for (const { path, literal } of wideLiterals(text).values()) {
    const read = Number(literal);
    const stand = standIn(BigInt(literal), read);
    if (stand === read) continue;
    // The stand-ins go into a second reading of the text: the value judged last is the one as parsed.
    standing = replaced(standing === undefined ? JSON.parse(text) : standing, path, read, stand);
  }
  if (standing === undefined) return judge(value);
  // A stand-in differs from the value as parsed only past a bound its literal is past too: where the
  // stand-ins pass, so does the value as parsed, which is what the verdict then holds.
  const verdict = judge(standing);
  return verdict.ok ? judge(value) : verdict;
}

/**
 * Parses the JSON text `text` with `schema`, as `check` parses a value,
 * but with each integer compared with a 64-bit bound as written: one past
 * u64's or i64's bound fails, though `JSON.parse` reads it as the bound.
 * Never throws.
 *
 * @example
 * ```ts
 * import { Uint64Schema, checkText } from "@app-server-protocol/zod";
 *
 * checkText(Uint64Schema, "18446744073709551615").ok; // => true
 * const past = checkText(Uint64Schema, "18446744073709551616");
 * past.ok ? past.value : past.error.code; // => "invalid_value"
 * ```
 */
export function checkText<S extends z.ZodType>(schema: S, text: string, prefix = ""): Verdict<z.output<S>> {
  return judgeText(text, (value) => check(schema, value, prefix));
}
