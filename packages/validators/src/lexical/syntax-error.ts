// Where a text stops being JSON, told without quoting it: an engine's own
// message quotes the input (V8's `Unexpected token 'x', "KEY=sk-1..." is not
// valid JSON`), and a text that is not JSON may be any file at all (a
// secret's `.env`, reached through a symlink). Read only after JSON.parse
// refused the text, by the grammar of RFC 8259, without recursion.

/** Where and how a text breaks the JSON grammar; `problem` names only what was expected there. */
export interface JsonSyntaxError {
  /** The UTF-16 offset of the first unit that cannot be read as JSON (the text's length when it ends too early). */
  readonly offset: number;
  /** What was expected there (`expected ',' or '}'`), or what is wrong with a string there: words of the grammar, none of the text. */
  readonly problem: string;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const HEX4 = /[0-9a-fA-F]{4}/y;
const SIMPLE_ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

type Want = "value" | "key" | "colon" | "next";

class SyntaxReader {
  private at = 0;
  /** The open containers, innermost last: true for an object. */
  private readonly open: boolean[] = [];

  constructor(private readonly text: string) {}

  private skipWhitespace(): void {
    const { text } = this;
    for (let code = text.charCodeAt(this.at); code === 32 || code === 10 || code === 13 || code === 9; code = text.charCodeAt(this.at)) this.at += 1;
  }

  private error(problem: string): JsonSyntaxError {
    return { offset: this.at, problem };
  }

  /** Reads the string at the cursor (its opening quote); the error inside it, if any. */
  private string(): JsonSyntaxError | undefined {
    const { text } = this;
    for (this.at += 1; this.at < text.length; ) {
      const code = text.charCodeAt(this.at);
      if (code === 34) {
        this.at += 1;
        return undefined;
      }
      if (code < 0x20) return this.error("a control character must be escaped");
      if (code !== 92) {
        this.at += 1;
        continue;
      }
      const escape = text.charAt(this.at + 1);
      if (escape === "u") {
        HEX4.lastIndex = this.at + 2;
        if (!HEX4.test(text)) return this.error("a \\u escape needs four hex digits");
        this.at += 6;
      } else if (SIMPLE_ESCAPES.has(escape)) {
        this.at += 2;
      } else {
        return this.error("invalid escape");
      }
    }
    return this.error("a string is not closed");
  }

  /** Reads a scalar or opens a container at the cursor; the error, if any. */
  private value(): JsonSyntaxError | undefined | "opened" {
    const { text } = this;
    const code = text.charCodeAt(this.at);
    if (code === 123 || code === 91) {
      this.open.push(code === 123);
      this.at += 1;
      return "opened";
    }
    if (code === 34) return this.string();
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, this.at)) {
        this.at += literal.length;
        return undefined;
      }
    }
    NUMBER.lastIndex = this.at;
    if (!NUMBER.test(text)) return this.error(this.at >= text.length ? "the text ends before a value" : "expected a value");
    this.at = NUMBER.lastIndex;
    return undefined;
  }

  read(): JsonSyntaxError | undefined {
    const { text } = this;
    let want: Want = "value";
    for (;;) {
      this.skipWhitespace();
      const code = text.charCodeAt(this.at);
      if (want === "value") {
        const read = this.value();
        if (read !== "opened") {
          if (read !== undefined) return read;
          want = "next";
          continue;
        }
        const object = this.open.at(-1) === true;
        this.skipWhitespace();
        if (text.charCodeAt(this.at) === (object ? 125 : 93)) {
          this.at += 1;
          this.open.pop();
          want = "next";
        } else {
          want = object ? "key" : "value";
        }
        continue;
      }
      if (want === "key") {
        if (code !== 34) return this.error(this.at >= text.length ? "the text ends before a key" : "expected a string key");
        const problem = this.string();
        if (problem !== undefined) return problem;
        want = "colon";
        continue;
      }
      if (want === "colon") {
        if (code !== 58) return this.error("expected ':' after a key");
        this.at += 1;
        want = "value";
        continue;
      }
      // After a value: the next member or item, the end of a container, or the end of the text.
      const inObject = this.open.at(-1);
      if (inObject === undefined) return this.at < text.length ? this.error("expected the end of the text after the value") : undefined;
      if (this.at >= text.length) return this.error(inObject ? "the text ends inside an object" : "the text ends inside an array");
      if (code === 44) {
        this.at += 1;
        want = inObject ? "key" : "value";
      } else if (code === (inObject ? 125 : 93)) {
        this.at += 1;
        this.open.pop();
      } else {
        return this.error(inObject ? "expected ',' or '}'" : "expected ',' or ']'");
      }
    }
  }
}

/**
 * Where the text `text` breaks the JSON grammar, without quoting any of it:
 * the offset of the first unit that cannot be read as JSON, and what was
 * expected there. `undefined` for a JSON text. Never throws.
 *
 * @example
 * ```ts
 * import { jsonSyntaxError } from "@app-server-protocol/validators";
 *
 * jsonSyntaxError("API_KEY=sk-live-1234"); // => { offset: 0, problem: "expected a value" }
 * jsonSyntaxError('{"a":1,}'); // => { offset: 7, problem: "expected a string key" }
 * jsonSyntaxError('{"a":1}'); // => undefined
 * ```
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | undefined {
  if (typeof text !== "string") return { offset: 0, problem: "not a text" };
  try {
    return new SyntaxReader(text).read();
  } catch {
    return { offset: 0, problem: "unreadable" };
  }
}
