import { BACKSLASH, CLOSE_ARRAY, CLOSE_OBJECT, COLON, COMMA, isWhitespace, OPEN_ARRAY, OPEN_OBJECT, QUOTE } from "./characters.js";
import type { TextSpan } from "./scan.js";

// A scan that reads a JSON text only along the JSON Pointers it is asked
// about: it enters a container only when a pointer goes on inside it, and
// skips every other value by its brackets and quotes, so it builds no
// pointer, key or object for the values it is not asked about.

/** The pointers that go through one value: whether one ends there, and the tokens they go on by (few, so looked through in turn). */
interface Target {
  pointer: string | undefined;
  readonly tokens: string[];
  readonly next: Target[];
}

function nextTarget(target: Target, token: string): Target | undefined {
  const index = target.tokens.indexOf(token);
  return index === -1 ? undefined : target.next[index];
}


/** The pointers as a tree of tokens; `undefined` when none is a JSON Pointer. */
function targetsOf(pointers: Iterable<string>): Target | undefined {
  let root: Target | undefined;
  for (const pointer of pointers) {
    if (typeof pointer !== "string" || (pointer !== "" && !pointer.startsWith("/"))) continue;
    root ??= { pointer: undefined, tokens: [], next: [] };
    let target = root;
    for (let start = 1; start <= pointer.length; ) {
      const slash = pointer.indexOf("/", start);
      const end = slash === -1 ? pointer.length : slash;
      const raw = pointer.slice(start, end);
      const token = raw.includes("~") ? raw.replaceAll("~1", "/").replaceAll("~0", "~") : raw;
      let next = nextTarget(target, token);
      if (next === undefined) {
        next = { pointer: undefined, tokens: [], next: [] };
        target.tokens.push(token);
        target.next.push(next);
      }
      target = next;
      start = end + 1;
    }
    target.pointer = pointer;
  }
  return root;
}

/** A container the scan has entered. */
interface Frame {
  readonly target: Target;
  readonly object: boolean;
  readonly start: number;
  index: number;
}

function skipWhitespace(text: string, from: number): number {
  let at = from;
  while (isWhitespace(text.charCodeAt(at))) at += 1;
  return at;
}

/** The end of the string literal whose opening quote is at `start`. */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return text.length;
}

/** The end of the value that starts at `start`, read by its quotes and brackets alone. */
function valueEnd(text: string, start: number): number {
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
    let at = start + 1;
    for (let code = text.charCodeAt(at); at < text.length && code !== COMMA && code !== CLOSE_OBJECT && code !== CLOSE_ARRAY && !isWhitespace(code); code = text.charCodeAt(at)) at += 1;
    return at;
  }
  let depth = 0;
  for (let at = start; at < text.length; ) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      at = stringEnd(text, at);
      continue;
    }
    if (code === OPEN_OBJECT || code === OPEN_ARRAY) depth += 1;
    else if ((code === CLOSE_OBJECT || code === CLOSE_ARRAY) && --depth === 0) return at + 1;
    at += 1;
  }
  return text.length;
}

/** The target of the key literal `text.slice(start, end)` among `target`'s; `escaped` when the literal holds a backslash, and must be decoded to be compared. */
function keyTarget(target: Target, text: string, start: number, end: number, escaped: boolean): Target | undefined {
  if (escaped) {
    const key: unknown = JSON.parse(text.slice(start, end));
    return typeof key === "string" ? nextTarget(target, key) : undefined;
  }
  // Compared where it is written: no key string is made.
  const length = end - start - 2;
  for (let index = 0; index < target.tokens.length; index += 1) {
    const token = target.tokens[index] ?? "";
    if (token.length === length && text.startsWith(token, start + 1)) return target.next[index];
  }
  return undefined;
}

/** Finds the spans of `root`'s pointers in `text`, one pass from the start, with an explicit stack of the containers entered. */
function scan(text: string, root: Target, found: Map<string, TextSpan>): void {
  const frames: Frame[] = [];
  // The text's next backslash after the last key read: a key that ends before it escapes nothing.
  let backslash = text.indexOf("\\");
  let target: Target | undefined = root;
  let at = skipWhitespace(text, 0);
  for (;;) {
    // A value starts at `at`, read as `target` says: entered when a pointer goes on inside it, else skipped.
    const start = at;
    const code = text.charCodeAt(at);
    let entered = false;
    if (target !== undefined && target.next.length > 0 && (code === OPEN_OBJECT || code === OPEN_ARRAY)) {
      at = skipWhitespace(text, at + 1);
      const next = text.charCodeAt(at);
      if (next === CLOSE_OBJECT || next === CLOSE_ARRAY) at += 1;
      else {
        frames.push({ target, object: code === OPEN_OBJECT, start, index: 0 });
        entered = true;
      }
    } else at = valueEnd(text, at);
    if (!entered && target?.pointer !== undefined) found.set(target.pointer, { start, end: at });
    // After a value: on to the next member, or out of the containers that end here.
    let frame = frames[frames.length - 1];
    if (!entered) {
      for (;;) {
        if (frame === undefined) return;
        at = skipWhitespace(text, at);
        const after = text.charCodeAt(at);
        at += 1;
        if (after === COMMA) {
          frame.index += 1;
          break;
        }
        if (after !== CLOSE_OBJECT && after !== CLOSE_ARRAY) return;
        frames.pop();
        if (frame.target.pointer !== undefined) found.set(frame.target.pointer, { start: frame.start, end: at });
        frame = frames[frames.length - 1];
      }
    }
    if (frame === undefined) return;
    // The next member or item of `frame`.
    at = skipWhitespace(text, at);
    if (frame.object) {
      const keyStart = at;
      at = stringEnd(text, at);
      if (backslash !== -1 && backslash < keyStart) backslash = text.indexOf("\\", keyStart);
      target = keyTarget(frame.target, text, keyStart, at, backslash !== -1 && backslash < at);
      at = skipWhitespace(text, at);
      if (text.charCodeAt(at) === COLON) at = skipWhitespace(text, at + 1);
    } else target = nextTarget(frame.target, String(frame.index));
  }
}

/**
 * Where the values at `pointers` are written in the JSON text `text`, as
 * `jsonValueSpans` places them (a key written twice: its last value, the one
 * `JSON.parse` keeps), with only the containers on the way to them read
 * member by member: the cost of a text with few pointers is a pass over its
 * quotes and brackets. A pointer that names no value of the text is left
 * out. `text` must be a text `JSON.parse` accepts. Never throws.
 *
 * @example
 * ```ts
 * import { spansOf } from "@app-server-protocol/validators";
 *
 * const text = '{"id":"r","params":{"token":"sk-1","n":18446744073709551615}}';
 * const token = spansOf(text, ["/params/token"]).get("/params/token");
 * token === undefined ? text : `${text.slice(0, token.start)}"[redacted]"${text.slice(token.end)}`; // => '{"id":"r","params":{"token":"[redacted]","n":18446744073709551615}}'
 * ```
 */
export function spansOf(text: string, pointers: Iterable<string>): ReadonlyMap<string, TextSpan> {
  const found = new Map<string, TextSpan>();
  try {
    const root = targetsOf(pointers);
    if (root !== undefined) scan(String(text), root, found);
  } catch {
    // Only a text JSON.parse refuses, or pointers that are no iterable of strings, get here: what was found stands.
  }
  return found;
}
