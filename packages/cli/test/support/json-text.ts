// Reading and remaking JSON texts as the redact fuzz test corrupts them:
// where each key name is written, and a text cut short closed again into
// JSON (the open string, value and containers completed), as a writer
// killed mid-line and a tool that "repairs" its output would leave it.

/** Where a part of a text is: `text.slice(start, end)`. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Where a key name is written (between its quotes), with the JSON Pointer of its member. */
export interface NameSpan extends Span {
  readonly pointer: string;
}

function token(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** The index of the quote that closes the string opened at `start`; the text's length when none does. */
function closingQuote(text: string, start: number): number {
  for (let at = start + 1; at < text.length; at += 1) {
    if (text[at] === "\\") at += 1;
    else if (text[at] === '"') return at;
  }
  return text.length;
}

function decodedKey(literal: string): string {
  try {
    const key: unknown = JSON.parse(literal);
    return typeof key === "string" ? key : literal;
  } catch {
    return literal;
  }
}

interface Container {
  readonly object: boolean;
  readonly pointer: string;
  index: number;
  member: string;
  expectsKey: boolean;
}

/** Every key name of a JSON text, with the pointer of its member; read leniently, so a text that is not quite JSON gives what it can. */
export function keyNameSpans(text: string): NameSpan[] {
  const names: NameSpan[] = [];
  const open: Container[] = [];
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at];
    const container = open.at(-1);
    if (character === '"') {
      const end = closingQuote(text, at);
      if (container?.object === true && container.expectsKey) {
        container.member = `${container.pointer}/${token(decodedKey(text.slice(at, end + 1)))}`;
        container.expectsKey = false;
        names.push({ pointer: container.member, start: at + 1, end });
      }
      at = end;
    } else if (character === "{" || character === "[") {
      const pointer = container === undefined ? "" : container.object ? container.member : `${container.pointer}/${container.index}`;
      open.push({ object: character === "{", pointer, index: 0, member: pointer, expectsKey: character === "{" });
    } else if (character === "}" || character === "]") open.pop();
    else if (character === "," && container !== undefined) {
      if (container.object) container.expectsKey = true;
      else container.index += 1;
    }
  }
  return names;
}

type Expect = "key" | "colon" | "value" | "more";

const LITERALS = ["true", "false", "null"];

/**
 * The first `cut` characters of the JSON text `text`, made JSON again: an
 * escape cut short dropped, an open string closed, a literal or number cut
 * short completed, a key given the value `null`, a comma with nothing after
 * it dropped, and the open containers closed.
 */
export function closedPrefix(text: string, cut: number): string {
  let prefix = text.slice(0, cut);
  const open: string[] = [];
  let expect: Expect = "value";
  let inString: "key" | "value" | undefined;
  let scalarStart = -1;
  for (let at = 0; at < prefix.length; at += 1) {
    const character = prefix[at] ?? "";
    if (inString !== undefined) {
      if (character === "\\") at += 1;
      else if (character === '"') {
        expect = inString === "key" ? "colon" : "more";
        inString = undefined;
      }
      continue;
    }
    if (scalarStart >= 0 && /[\s,:\]}]/.test(character)) scalarStart = -1;
    if (character === '"') {
      inString = expect === "key" ? "key" : "value";
    } else if (character === "{" || character === "[") {
      open.push(character === "{" ? "}" : "]");
      expect = character === "{" ? "key" : "value";
    } else if (character === "}" || character === "]") {
      open.pop();
      expect = "more";
    } else if (character === ":") expect = "value";
    else if (character === ",") expect = open.at(-1) === "}" ? "key" : "value";
    else if (!/\s/.test(character) && scalarStart < 0) {
      scalarStart = at;
      expect = "more";
    }
  }
  if (inString !== undefined) {
    // An escape cut short (a backslash that escapes nothing yet, a \u with fewer than four digits): drop it.
    const tail = /(\\+)(u[0-9a-fA-F]{0,3})?$/.exec(prefix);
    if (tail !== null && (tail[1] ?? "").length % 2 === 1) prefix = prefix.slice(0, prefix.length - 1 - (tail[2] ?? "").length);
    prefix += '"';
    expect = inString === "key" ? "colon" : "more";
  } else if (scalarStart >= 0) {
    const partial = prefix.slice(scalarStart);
    const literal = LITERALS.find((word) => word.startsWith(partial));
    if (literal !== undefined) prefix += literal.slice(partial.length);
    else if (/[-+.eE]$/.test(partial)) prefix += "0";
  }
  if (expect === "colon") prefix += ":null";
  else if (expect === "value" && /:\s*$/.test(prefix)) prefix += "null";
  else if ((expect === "key" || expect === "value") && /,\s*$/.test(prefix)) prefix = prefix.replace(/,\s*$/, "");
  return prefix + open.reverse().join("");
}
