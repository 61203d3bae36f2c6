import type { TextSpan } from "./scan.js";

// A scan that reads a JSON text only along the JSON Pointers it is asked
// about: it enters a container only when a pointer goes on inside it, and
// skips every other value by its brackets and quotes, so it builds no
// pointer, key or object for the values it is not asked about.

/** The pointers that go through one value: whether one ends there, and the tokens they go on by. */
interface Target {
  pointer: string | undefined;
  readonly next: Map<string, Target>;
}

/** A container the scan has entered. */
interface Frame {
  readonly target: Target;
  readonly object: boolean;
  readonly start: number;
  index: number;
}

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const CLOSE_OBJECT = 125;
const CLOSE_ARRAY = 93;

function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}

/** The pointers as a tree of tokens; `undefined` when none is a JSON Pointer. */
function targetsOf(pointers: Iterable<string>): Target | undefined {
  let root: Target | undefined;
  for (const pointer of pointers) {
    if (typeof pointer !== "string" || (pointer !== "" && !pointer.startsWith("/"))) continue;
    root ??= { pointer: undefined, next: new Map() };
    let target = root;
    if (pointer !== "") {
      for (const raw of pointer.slice(1).split("/")) {
        const token = raw.includes("~") ? raw.replaceAll("~1", "/").replaceAll("~0", "~") : raw;
        let next = target.next.get(token);
        if (next === undefined) {
          next = { pointer: undefined, next: new Map() };
          target.next.set(token, next);
        }
        target = next;
      }
    }
    target.pointer = pointer;
  }
  return root;
}

class TargetedScan {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly found: Map<string, TextSpan>,
  ) {}

  private skipWhitespace(): void {
    while (isWhitespace(this.text.charCodeAt(this.at))) this.at += 1;
  }

  /** The end of the string literal whose opening quote is at `start`. */
  private stringEnd(start: number): number {
    const text = this.text;
    for (let quote = text.indexOf('"', start + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
      let backslashes = 0;
      while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes += 1;
      if (backslashes % 2 === 0) return quote + 1;
    }
    return text.length;
  }

  /** The end of the value that starts at `start`, read by its quotes and brackets alone. */
  private valueEnd(start: number): number {
    const text = this.text;
    const first = text.charCodeAt(start);
    if (first === QUOTE) return this.stringEnd(start);
    if (first !== OPEN_OBJECT && first !== OPEN_ARRAY) {
      let at = start + 1;
      for (let code = text.charCodeAt(at); at < text.length && code !== COMMA && code !== CLOSE_OBJECT && code !== CLOSE_ARRAY && !isWhitespace(code); code = text.charCodeAt(at)) at += 1;
      return at;
    }
    let depth = 0;
    for (let at = start; at < text.length; ) {
      const code = text.charCodeAt(at);
      if (code === QUOTE) {
        at = this.stringEnd(at);
        continue;
      }
      if (code === OPEN_OBJECT || code === OPEN_ARRAY) depth += 1;
      else if ((code === CLOSE_OBJECT || code === CLOSE_ARRAY) && --depth === 0) return at + 1;
      at += 1;
    }
    return text.length;
  }

  /** The key at the cursor, decoded, with the cursor moved past it and its colon. */
  private key(): string {
    this.skipWhitespace();
    const start = this.at;
    const end = this.stringEnd(start);
    const literal = this.text.slice(start + 1, end - 1);
    this.at = end;
    this.skipWhitespace();
    if (this.text.charCodeAt(this.at) === COLON) this.at += 1;
    if (!literal.includes("\\")) return literal;
    const key: unknown = JSON.parse(this.text.slice(start, end));
    return typeof key === "string" ? key : literal;
  }

  /** Reads the value at the cursor as `target` says: entered when a pointer goes on inside it, else skipped; returns the frame entered. */
  private value(target: Target | undefined): Frame | undefined {
    this.skipWhitespace();
    const start = this.at;
    const code = this.text.charCodeAt(start);
    if (target !== undefined && target.next.size > 0 && (code === OPEN_OBJECT || code === OPEN_ARRAY)) {
      this.at += 1;
      return { target, object: code === OPEN_OBJECT, start, index: 0 };
    }
    this.at = this.valueEnd(start);
    if (target?.pointer !== undefined) this.found.set(target.pointer, { start, end: this.at });
    return undefined;
  }

  /** The member or item at the cursor of `frame`: its target, the key read for an object. */
  private member(frame: Frame): Target | undefined {
    return frame.target.next.get(frame.object ? this.key() : String(frame.index));
  }

  scan(root: Target): void {
    const frames: Frame[] = [];
    let entered = this.value(root);
    for (;;) {
      if (entered !== undefined) {
        frames.push(entered);
        this.skipWhitespace();
        const code = this.text.charCodeAt(this.at);
        if (code === CLOSE_OBJECT || code === CLOSE_ARRAY) this.at += 1;
        else {
          entered = this.value(this.member(entered));
          continue;
        }
      } else {
        // After a value: on to the next member, or out of the containers that end here.
        const frame = frames.at(-1);
        if (frame === undefined) return;
        this.skipWhitespace();
        const code = this.text.charCodeAt(this.at);
        this.at += 1;
        if (code === COMMA) {
          frame.index += 1;
          entered = this.value(this.member(frame));
          continue;
        }
        if (code !== CLOSE_OBJECT && code !== CLOSE_ARRAY) return;
      }
      const closed = frames.pop();
      if (closed?.target.pointer !== undefined) this.found.set(closed.target.pointer, { start: closed.start, end: this.at });
      entered = undefined;
    }
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
    if (root !== undefined) new TargetedScan(String(text), found).scan(root);
  } catch {
    // Only a text JSON.parse refuses, or pointers that are no iterable of strings, get here: what was found stands.
  }
  return found;
}
