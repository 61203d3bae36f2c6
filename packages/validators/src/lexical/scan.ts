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
 * reads: written with a fraction or an exponent, with more than 15 digits,
 * or as `-0` (which an exact decoder reads as a floating-point zero).
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

interface Frame {
  readonly object: boolean;
  readonly start: number;
  index: number;
  /** The object's first key: most objects are compared without a set. */
  firstKey: string | undefined;
  keys: Set<string> | undefined;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;
const LOWER_U = 117;
const MINUS = 45;

// More digits than a double holds exactly: such an integer may have been rounded.
const EXACT_DIGITS = 15;

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

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

function numberEnd(text: string, start: number): number {
  let at = start;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    // Digits, '+', '-', '.', 'e', 'E': the characters of a number literal.
    if (!((code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46 || code === 101 || code === 69)) break;
  }
  return at;
}

/** Whether a number literal is read exactly as the integer double it parses to: no fraction, no exponent, at most 15 digits, not `-0`. */
function isPlainInteger(literal: string): boolean {
  const negative = literal.charCodeAt(0) === MINUS;
  const digits = negative ? literal.length - 1 : literal.length;
  return digits <= EXACT_DIGITS && !/[.eE]/.test(literal) && !(negative && literal === "-0");
}

/** Reads a JSON text that `JSON.parse` accepted, token by token, with an explicit stack (a text may nest as deep as `JSON.parse` allows). */
class TextScanner {
  private readonly segments: string[] = [];
  private readonly frames: Frame[] = [];
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
    for (const segment of this.segments) path += `/${pointerToken(segment)}`;
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
    if (frame.firstKey === undefined) {
      frame.firstKey = name;
      return;
    }
    frame.keys ??= new Set([frame.firstKey]);
    if (frame.keys.has(name)) this.duplicateKeys.push({ path: this.path(), key: name });
    else frame.keys.add(name);
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

  /** Reads a string, number or literal at the cursor. */
  private scalar(): void {
    const start = this.at;
    const code = this.text.charCodeAt(start);
    if (code === QUOTE) {
      this.at = this.stringEnd(start);
      if (this.stringLone) this.loneSurrogates.push(this.path());
    } else if (code === MINUS || (code >= 48 && code <= 57)) {
      this.at = numberEnd(this.text, start);
      const literal = this.text.slice(start, this.at);
      if (!isPlainInteger(literal)) this.numbers.push({ path: this.path(), text: literal });
    } else {
      // true, null (4 letters) or false (5).
      this.at += code === 102 ? 5 : 4;
    }
    this.spanned(start);
  }

  /** Opens the container at the cursor; false when it is empty (and already read whole). */
  private opened(): boolean {
    const start = this.at;
    const frame: Frame = { object: this.text.charCodeAt(start) === OPEN_OBJECT, start, index: 0, firstKey: undefined, keys: undefined };
    this.at += 1;
    this.skipWhitespace();
    const next = this.text.charCodeAt(this.at);
    if (next === CLOSE_OBJECT || next === CLOSE_ARRAY) {
      this.at += 1;
      this.spanned(start);
      return false;
    }
    this.frames.push(frame);
    if (frame.object) this.enterMember(frame);
    else this.segments.push("0");
    return true;
  }

  /** After a value: closes the containers it ends and moves to the next member or item; false at the end of the text. */
  private advanced(): boolean {
    for (;;) {
      const frame = this.frames.at(-1);
      if (frame === undefined) return false;
      this.segments.pop();
      this.skipWhitespace();
      const code = this.text.charCodeAt(this.at);
      this.at += 1;
      if (code === COMMA) {
        if (frame.object) this.enterMember(frame);
        else this.segments.push(String((frame.index += 1)));
        return true;
      }
      if (code !== CLOSE_OBJECT && code !== CLOSE_ARRAY) return false;
      this.frames.pop();
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
 * twice in one object, number literals a double may not hold exactly, and
 * strings with a lone UTF-16 surrogate. `text` must be a text `JSON.parse`
 * accepts; for any other text the facts are those of its longest readable
 * start. Never throws.
 *
 * Give `parsed`, the value `JSON.parse(text)` returned, and most texts are
 * not scanned at all: a few native searches of the text and one walk of the
 * value prove that a text written as `JSON.stringify` writes (no whitespace
 * between tokens, no escape but those it needs, integers of up to 15
 * digits) hides nothing, and only other texts are read token by token. The
 * facts are the same either way, as long as `parsed` is that text's value.
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
