import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, isWhitespace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from "./characters.js";
import { pointerToken } from "../pointer.js";
import { showsEverything } from "./plain-text.js";
import { isHighSurrogate, isLowSurrogate, isWellFormed } from "./well-formed.js";

/** Where a value is written in a JSON text: `text.slice(start, end)` is its literal. */
export interface TextSpan {
  readonly start: number;
  readonly end: number;
}

/** A key an object writes more than once (JSON.parse keeps the last value; the reference's decoder refuses the object). */
export interface DuplicateKey {
  /** JSON Pointer to the object. */
  readonly path: string;
  /** The key, decoded. */
  readonly key: string;
}

/**
 * A number literal whose double may not be the number an exact decoder
 * reads: an integer written with a fraction or an exponent (`1.0`, `1e1`) or
 * as `-0` (an exact decoder reads those as floating-point numbers), an
 * integer of more than 15 digits (its double may be rounded), or a number
 * no double holds (`1e400`). A fraction its double keeps (`0.5`, `2.5e-3`)
 * is read as the same number by any exact decoder, and is none.
 */
export interface NumberLiteral {
  /** JSON Pointer to the number. */
  readonly path: string;
  /** The literal as written. */
  readonly text: string;
}

/** What a JSON text says that `JSON.parse` of it does not show. */
export interface LexicalFacts {
  readonly duplicateKeys: readonly DuplicateKey[];
  readonly numbers: readonly NumberLiteral[];
  /** JSON Pointers to the strings (a value, or the member a key names) holding a UTF-16 surrogate without its partner. */
  readonly loneSurrogates: readonly string[];
}

/** An open container. One frame per depth, reused by each container at that depth (no object per container). */
interface Frame {
  object: boolean;
  start: number;
  index: number;
  /** The object's keys so far, compared one by one while they are few. */
  readonly keys: string[];
  /** The keys of an object with many, once there are. */
  keySet: Set<string> | undefined;
}

/** How many keys an object's are compared one by one before a set is made of them. */
const LISTED_KEYS = 16;

/** A JSON Pointer token of a key: most keys need no escape, and are not searched twice. */
function token(key: string): string {
  return key.includes("~") || key.includes("/") ? pointerToken(key) : key;
}

const LOWER_U = 117;
const MINUS = 45;

// More digits than a double holds exactly: such an integer may have been rounded.
const EXACT_DIGITS = 15;

/** The code unit of the `\uXXXX` escape at `at` (the backslash), -1 when there is none there. */
function escapedUnit(text: string, at: number): number {
  if (text.charCodeAt(at) !== BACKSLASH || text.charCodeAt(at + 1) !== LOWER_U) return -1;
  const unit = Number.parseInt(text.slice(at + 2, at + 6), 16);
  return Number.isNaN(unit) ? -1 : unit;
}

/** Whether `text` holds an unpaired surrogate from `start` to `end`. */
function holdsLoneSurrogate(text: string, start: number, end: number): boolean {
  for (let at = start; at < end; at += 1) {
    const unit = text.charCodeAt(at);
    if (isHighSurrogate(unit) && at + 1 < end && isLowSurrogate(text.charCodeAt(at + 1))) at += 1;
    else if (isHighSurrogate(unit) || isLowSurrogate(unit)) return true;
  }
  return false;
}

/**
 * The end of the number literal at `start`, negated when the literal is read
 * exactly as the integer double it parses to: digits only (no fraction, no
 * exponent), at most 15 of them, and not `-0`.
 */
function numberEnd(text: string, start: number): number {
  let at = text.charCodeAt(start) === MINUS ? start + 1 : start;
  const digitsStart = at;
  for (let code = text.charCodeAt(at); code >= 48 && code <= 57; code = text.charCodeAt(at)) at += 1;
  const digits = at - digitsStart;
  const plain = digits <= EXACT_DIGITS && !(digits === 1 && digitsStart > start && text.charCodeAt(digitsStart) === 48);
  let code = text.charCodeAt(at);
  // A fraction or an exponent: the rest of the literal's characters (digits, '+', '-', '.', 'e', 'E').
  if (code !== 46 && code !== 101 && code !== 69) return plain ? -at : at;
  for (; (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46 || code === 101 || code === 69; code = text.charCodeAt(at)) at += 1;
  return at;
}

/** Reads a JSON text that `JSON.parse` accepted, token by token, with an explicit stack (a text may nest as deep as `JSON.parse` allows). */
class TextScanner {
  /** The keys and item indexes down to the value being read. */
  private readonly segments: (string | number)[] = [];
  private readonly frames: Frame[] = [];
  /** How many of `frames` are open. */
  private depth = 0;
  private at = 0;
  /** The first backslash at or after the string being read, -1 when there is none: most strings escape nothing and are skipped whole. */
  private nextBackslash: number;
  /** Whether the text holds no unpaired surrogate, so that a string without escapes needs no look inside. */
  private readonly wellFormed: boolean;
  // What the last string read holds, set by `stringEnd` (no object per string).
  private stringLone = false;
  private stringEscaped = false;
  readonly duplicateKeys: DuplicateKey[] = [];
  readonly numbers: NumberLiteral[] = [];
  readonly loneSurrogates: string[] = [];

  constructor(
    private readonly text: string,
    private readonly spans: Map<string, TextSpan> | undefined,
  ) {
    this.nextBackslash = text.indexOf("\\");
    this.wellFormed = isWellFormed(text);
  }

  private path(): string {
    let path = "";
    for (const segment of this.segments) path += `/${typeof segment === "number" ? segment : token(segment)}`;
    return path;
  }

  private skipWhitespace(): void {
    while (isWhitespace(this.text.charCodeAt(this.at))) this.at += 1;
  }

  private spanned(start: number): void {
    this.spans?.set(this.path(), { start, end: this.at });
  }

  /** The end of the string literal starting at `start` (its opening quote); sets whether it escapes anything and holds a lone surrogate. */
  private stringEnd(start: number): number {
    const { text } = this;
    const close = text.indexOf('"', start + 1);
    if (this.nextBackslash !== -1 && this.nextBackslash <= start) this.nextBackslash = text.indexOf("\\", start + 1);
    if (close !== -1 && (this.nextBackslash === -1 || this.nextBackslash > close)) {
      this.stringEscaped = false;
      this.stringLone = !this.wellFormed && holdsLoneSurrogate(text, start + 1, close);
      return close + 1;
    }
    return this.escapedStringEnd(start);
  }

  /** `stringEnd` of a string that escapes something, read unit by unit. */
  private escapedStringEnd(start: number): number {
    const { text } = this;
    let lone = false;
    let end = text.length;
    for (let at = start + 1; at < text.length; ) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        end = at + 1;
        break;
      }
      if (code === BACKSLASH) {
        const unit = escapedUnit(text, at);
        if (unit < 0) {
          at += 2;
          continue;
        }
        // An escaped high surrogate pairs only with an escaped low one, as the reference's decoder reads them.
        if (isHighSurrogate(unit) && isLowSurrogate(escapedUnit(text, at + 6))) at += 12;
        else {
          lone ||= isHighSurrogate(unit) || isLowSurrogate(unit);
          at += 6;
        }
        continue;
      }
      if (isHighSurrogate(code) && isLowSurrogate(text.charCodeAt(at + 1))) at += 2;
      else {
        lone ||= isHighSurrogate(code) || isLowSurrogate(code);
        at += 1;
      }
    }
    this.stringEscaped = true;
    this.stringLone = lone;
    return end;
  }

  /** Notes key `name` of `frame`, reporting it when the object already has it. */
  private noteKey(frame: Frame, name: string): void {
    const { keySet } = frame;
    if (keySet !== undefined) {
      if (keySet.has(name)) this.duplicateKeys.push({ path: this.path(), key: name });
      else keySet.add(name);
      return;
    }
    const { keys } = frame;
    if (keys.includes(name)) this.duplicateKeys.push({ path: this.path(), key: name });
    else if (keys.length < LISTED_KEYS) keys.push(name);
    else frame.keySet = new Set(keys).add(name);
  }

  /** Reads the key at the cursor and the colon after it, and enters the member it names. */
  private enterMember(frame: Frame): void {
    this.skipWhitespace();
    const start = this.at;
    const end = this.stringEnd(start);
    const key: unknown = this.stringEscaped ? JSON.parse(this.text.slice(start, end)) : this.text.slice(start + 1, end - 1);
    const name = typeof key === "string" ? key : "";
    const lone = this.stringLone;
    this.noteKey(frame, name);
    this.segments.push(name);
    if (lone) this.loneSurrogates.push(this.path());
    this.at = end;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.at) === COLON) this.at += 1;
  }

  /** Notes a literal that is no plain integer, unless it is a fraction its double keeps. */
  private number(literal: string): void {
    const value = Number(literal);
    if (Number.isInteger(value) || !Number.isFinite(value)) this.numbers.push({ path: this.path(), text: literal });
  }

  /** Reads a string, number or literal at the cursor. */
  private scalar(): void {
    const start = this.at;
    const code = this.text.charCodeAt(start);
    if (code === QUOTE) {
      this.at = this.stringEnd(start);
      if (this.stringLone) this.loneSurrogates.push(this.path());
    } else if (code === MINUS || (code >= 48 && code <= 57)) {
      const end = numberEnd(this.text, start);
      this.at = end < 0 ? -end : end;
      if (end > 0) this.number(this.text.slice(start, end));
    } else {
      // true, null (4 letters) or false (5).
      this.at += code === 102 ? 5 : 4;
    }
    this.spanned(start);
  }

  /** The frame of a container opened at `start`, the next depth's. */
  private open(object: boolean, start: number): Frame {
    let frame = this.frames[this.depth];
    if (frame === undefined) {
      frame = { object, start, index: 0, keys: [], keySet: undefined };
      this.frames.push(frame);
    } else {
      frame.object = object;
      frame.start = start;
      frame.index = 0;
      frame.keys.length = 0;
      frame.keySet = undefined;
    }
    this.depth += 1;
    return frame;
  }

  /** Opens the container at the cursor; false when it is empty (and already read whole). */
  private opened(): boolean {
    const start = this.at;
    const object = this.text.charCodeAt(start) === OPEN_OBJECT;
    this.at += 1;
    this.skipWhitespace();
    const next = this.text.charCodeAt(this.at);
    if (next === CLOSE_OBJECT || next === CLOSE_ARRAY) {
      this.at += 1;
      this.spanned(start);
      return false;
    }
    const frame = this.open(object, start);
    if (object) this.enterMember(frame);
    else this.segments.push(0);
    return true;
  }

  /** After a value: closes the containers it ends and moves to the next member or item; false at the end of the text. */
  private advanced(): boolean {
    for (;;) {
      const frame = this.depth === 0 ? undefined : this.frames[this.depth - 1];
      if (frame === undefined) return false;
      this.segments.pop();
      this.skipWhitespace();
      const code = this.text.charCodeAt(this.at);
      this.at += 1;
      if (code === COMMA) {
        if (frame.object) this.enterMember(frame);
        else this.segments.push((frame.index += 1));
        return true;
      }
      if (code !== CLOSE_OBJECT && code !== CLOSE_ARRAY) return false;
      this.depth -= 1;
      this.spanned(frame.start);
    }
  }

  scan(): void {
    while (this.at < this.text.length) {
      this.skipWhitespace();
      const code = this.text.charCodeAt(this.at);
      if ((code === OPEN_OBJECT || code === OPEN_ARRAY) && this.opened()) continue;
      if (code !== OPEN_OBJECT && code !== OPEN_ARRAY) this.scalar();
      if (!this.advanced()) return;
    }
  }
}

/** The facts of a text that hides nothing. */
const NO_LEXICAL_FACTS: LexicalFacts = Object.freeze({ duplicateKeys: Object.freeze([]), numbers: Object.freeze([]), loneSurrogates: Object.freeze([]) });

/**
 * What the JSON text `text` says that `JSON.parse(text)` hides: keys written
 * twice in one object, number literals whose double may not be what an exact
 * decoder reads (see `NumberLiteral`), and strings with a lone UTF-16
 * surrogate. `text` must be a text `JSON.parse` accepts; for any other text
 * the facts are those of its longest readable start. Never throws.
 *
 * Give `parsed`, the value `JSON.parse(text)` returned, and most texts are
 * not scanned at all: a few native searches of the text and one walk of the
 * value prove that a text written compactly (no whitespace between tokens,
 * integers of up to 15 digits, every number as short as it can be spelled)
 * hides nothing, and only other texts are read token by token. The facts are
 * the same either way, as long as `parsed` is that text's value.
 *
 * @example
 * ```ts
 * import { lexicalFacts } from "@app-server-protocol/validators";
 *
 * lexicalFacts('{"id":"a","id":"b","n":[1.0,18446744073709551616],"s":"\\ud800"}'); // => { duplicateKeys: [{ path: "", key: "id" }], numbers: [{ path: "/n/0", text: "1.0" }, { path: "/n/1", text: "18446744073709551616" }], loneSurrogates: ["/s"] }
 * const text = '{"type":"request","id":"req-1","method":"session/list"}';
 * lexicalFacts(text, JSON.parse(text)).duplicateKeys; // => []
 * ```
 */
export function lexicalFacts(text: string, parsed?: unknown): LexicalFacts {
  // The signature says string, but callers in plain JavaScript can pass anything.
  if (typeof text !== "string") return NO_LEXICAL_FACTS;
  // JSON.parse never returns undefined: it stands for a value not given.
  if (parsed !== undefined && showsEverything(text, parsed)) return NO_LEXICAL_FACTS;
  const scanner = new TextScanner(text, undefined);
  try {
    scanner.scan();
  } catch {
    // Only a text JSON.parse refuses gets here (a key that is no string literal): what was read stands.
  }
  return { duplicateKeys: scanner.duplicateKeys, numbers: scanner.numbers, loneSurrogates: scanner.loneSurrogates };
}

/**
 * Where each value of the JSON text `text` is written, by JSON Pointer (the
 * whole text is `""`): `text.slice(start, end)` is the value's literal, so a
 * tool can replace one value and keep every other byte as written. A key
 * written twice maps to its last value, the one `JSON.parse` keeps. `text`
 * must be a text `JSON.parse` accepts. Never throws.
 *
 * @example
 * ```ts
 * import { jsonValueSpans } from "@app-server-protocol/validators";
 *
 * const text = '{"token":"sk-1","n":18446744073709551615}';
 * const spans = jsonValueSpans(text);
 * const token = spans.get("/token");
 * token === undefined ? text : `${text.slice(0, token.start)}"[redacted]"${text.slice(token.end)}`; // => '{"token":"[redacted]","n":18446744073709551615}'
 * ```
 */
export function jsonValueSpans(text: string): ReadonlyMap<string, TextSpan> {
  const spans = new Map<string, TextSpan>();
  try {
    new TextScanner(String(text), spans).scan();
  } catch {
    // As in lexicalFacts: the spans read before an unreadable key stand.
  }
  return spans;
}
