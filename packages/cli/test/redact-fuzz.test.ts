// Lines that carry a secret in every sensitive field, corrupted: up to four
// bytes replaced, inserted or deleted anywhere (newlines and invalid UTF-8
// included) or inside the key names (those on the path to a secret among
// them) and the method name or id, cut short, or cut short and closed again
// into JSON. Whatever the redactor makes of them (a line withheld as
// unreadable, a field no type defines, a method read as another, an answer
// whose request is unknown), it never writes a piece of a secret, keeps one
// output line per input line, and never throws.
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { jsonValueSpans } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineRedactor } from "../src/redact/line-redactor.js";
import { fieldNames } from "./support/bundle-schema.js";
import { closedPrefix, keyNameSpans, type Span } from "./support/json-text.js";
import { secretMessages } from "./support/secret-messages.js";
import { SECRET_PIECE } from "./support/sensitive-schema.js";

const encoder = new TextEncoder();
const { messages } = secretMessages();

/** A line with a secret, the request it answers (sent first, intact, so the answer is paired as in a transcript), and the spans edits inside names aim at. */
interface Bearing {
  readonly text: string;
  readonly line: Uint8Array;
  readonly before: readonly Uint8Array[];
  /** The key names on the path to each secret, and the method name or id (their bytes between the quotes). */
  readonly pathNames: readonly Span[];
  /** The same, as spans of `text`, each with where it is (a pointer, or the field holding the name). */
  readonly pathNameText: readonly (Span & { readonly place: string })[];
  /** The method of the message, and whether it is the answer. */
  readonly kind: string;
  /** Every key name of the line. */
  readonly names: readonly Span[];
}

function utf8Span(text: string, { start, end }: Span): Span {
  return { start: encoder.encode(text.slice(0, start)).length, end: encoder.encode(text.slice(0, end)).length };
}

/** The spans of the key names on the path to each of `pointers`, and of the `method` or `id` string. */
function pathNameSpans(text: string, pointers: readonly string[]): (Span & { readonly place: string })[] {
  const names = new Map(keyNameSpans(text).map((name) => [name.pointer, name]));
  const onPath = new Set(pointers.flatMap((pointer) => pointer.split("/").map((_, index, tokens) => tokens.slice(0, index + 1).join("/"))));
  const spans = [...onPath].flatMap((pointer) => {
    const name = names.get(pointer);
    return name === undefined ? [] : [{ start: name.start, end: name.end, place: pointer }];
  });
  const values = jsonValueSpans(text);
  for (const field of ["/method", "/id"]) {
    const value = values.get(field);
    if (value !== undefined) spans.push({ start: value.start + 1, end: value.end - 1, place: `${field} value` });
  }
  return spans;
}

const BEARING: readonly Bearing[] = messages.flatMap((built) => {
  if (built.sites.length === 0) return [];
  const request = built.answers === undefined ? undefined : messages[built.answers];
  const text = JSON.stringify(built.message);
  const pathNameText = pathNameSpans(text, built.sites);
  return [
    {
      pathNameText,
      kind: `${built.method} ${built.answers === undefined ? "call" : "answer"}`,
      text,
      line: encoder.encode(text),
      before: request === undefined ? [] : [encoder.encode(`${JSON.stringify(request.message)}\n`)],
      pathNames: pathNameText.map((span) => utf8Span(text, span)),
      names: keyNameSpans(text).map((span) => utf8Span(text, span)),
    },
  ];
});

type Edit = { readonly kind: "delete"; readonly at: number } | { readonly kind: "replace" | "insert"; readonly at: number; readonly byte: number };

// Bytes that change what JSON reads most: structure, quotes, escapes, newlines; and any byte (invalid UTF-8 included), and name characters.
const STRUCTURAL = [..."{}[]:,\"\\ \n\r0-eatn_/"].map((character) => character.charCodeAt(0));
const byte = fc.oneof(fc.constantFrom(...STRUCTURAL), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0x61, max: 0x7a }));
const edit: fc.Arbitrary<Edit> = fc.oneof(fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }), fc.record({ kind: fc.constantFrom("replace" as const, "insert" as const), at: fc.nat(), byte }));
const edits = fc.array(edit, { minLength: 1, maxLength: 4 });

function spliced(bytes: Uint8Array, at: number, removed: number, inserted: readonly number[]): Uint8Array {
  const out = new Uint8Array(bytes.length - removed + inserted.length);
  out.set(bytes.subarray(0, at));
  out.set(inserted, at);
  out.set(bytes.subarray(at + removed), at + inserted.length);
  return out;
}

/** `line` with `edits` made one after the other, each at its offset into `within` (a span of the line as first written) or, without one, anywhere. */
function edited(line: Uint8Array, edits: readonly Edit[], within: Span | undefined): Uint8Array {
  let bytes = line;
  // An edit inside a span moves the span's end: inserts widen it, deletes narrow it.
  let span = within ?? { start: 0, end: line.length };
  for (const change of edits) {
    const room = span.end - span.start + (change.kind === "insert" ? 1 : 0);
    if (room <= 0) continue;
    const at = span.start + (change.at % room);
    if (change.kind === "replace") bytes = spliced(bytes, at, 1, [change.byte]);
    else if (change.kind === "insert") bytes = spliced(bytes, at, 0, [change.byte]);
    else bytes = spliced(bytes, at, 1, []);
    span = { start: span.start, end: span.end + (change.kind === "insert" ? 1 : change.kind === "delete" ? -1 : 0) };
  }
  return bytes;
}

function redacted(chunks: readonly Uint8Array[]): { out: string; withheld: number } {
  let withheld = 0;
  const redactor = new LineRedactor(undefined, () => (withheld += 1));
  let out = "";
  for (const chunk of chunks) out += redactor.push(chunk);
  return { out: out + redactor.end(), withheld };
}

function lineCount(chunks: readonly Uint8Array[]): number {
  let newlines = 0;
  for (const chunk of chunks) for (const value of chunk) if (value === 0x0a) newlines += 1;
  const last = chunks.filter((chunk) => chunk.length > 0).at(-1);
  return last === undefined || last.at(-1) === 0x0a ? newlines : newlines + 1;
}

/** Redacts `before` and `corrupted` and checks that no piece of a secret is written and the lines are as many. */
function expectNoSecret(before: readonly Uint8Array[], corrupted: Uint8Array): void {
  const chunks = [...before, corrupted];
  const { out } = redacted(chunks);
  expect(out).not.toMatch(SECRET_PIECE);
  expect(lineCount([encoder.encode(out)])).toBe(lineCount(chunks));
}

/** The fewest characters inserted, deleted or replaced that make `a` into `b`: as many byte edits as a corruption needs, at least. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** The most edits the random corruptions make. */
const MOST_EDITS = 4;

function parses(bytes: Uint8Array): boolean {
  try {
    JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return true;
  } catch {
    return false;
  }
}

describe("redact on corrupted lines carrying secrets", () => {
  it("the lines intact carry secrets, and the redactor removes them all", () => {
    expect(BEARING.length).toBeGreaterThan(30);
    for (const { line, before, pathNames } of BEARING) {
      expect(new TextDecoder().decode(line)).toMatch(SECRET_PIECE);
      expect(pathNames.length).toBeGreaterThan(1);
      expect(redacted([...before, line]).out).not.toMatch(SECRET_PIECE);
    }
  });

  it("never writes a piece of a secret, whatever one to four bytes of a line are corrupted to", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), edits, ({ line, before }, changes) => expectNoSecret(before, edited(line, changes, undefined))),
      { numRuns: 2500 },
    );
  });

  it("never writes a piece of a secret when one to four edits fall inside a key on the path to a secret, or the method name or id", () => {
    let read = 0;
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), fc.nat(), edits, ({ line, before, pathNames }, pick, changes) => {
        const corrupted = edited(line, changes, pathNames[pick % pathNames.length]);
        if (parses(corrupted)) read += 1;
        expectNoSecret(before, corrupted);
      }),
      { numRuns: 2500 },
    );
    // Most of these corruptions leave a line that is read, with a name no schema defines.
    expect(read).toBeGreaterThan(1250);
  });

  it("never writes a piece of a secret when one to four edits fall inside any key name", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), fc.nat(), edits, ({ line, before, names }, pick, changes) => expectNoSecret(before, edited(line, changes, names[pick % names.length]))),
      { numRuns: 1500 },
    );
  });

  it("withholds every truncation of a line: no proper start of a message is JSON", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), fc.nat(), ({ line }, cut) => {
        const truncated = line.slice(0, 1 + (cut % (line.length - 1)));
        const { out, withheld } = redacted([truncated]);
        expect(withheld).toBe(1);
        expect(out).toMatch(/^# redact: line withheld \((?:not JSON|not UTF-8)\)$/);
      }),
      { numRuns: 500 },
    );
  });

  it("never writes a piece of a secret from a line cut short anywhere and closed again into JSON", () => {
    let read = 0;
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), fc.nat(), ({ text, before }, cut) => {
        const closed = encoder.encode(closedPrefix(text, 1 + (cut % (text.length - 1))));
        if (parses(closed)) read += 1;
        expectNoSecret(before, closed);
      }),
      { numRuns: 2000 },
    );
    // The cut lines closed are JSON, read as messages with fields cut short.
    expect(read).toBeGreaterThan(1900);
  });

  it("never writes a piece of a secret from a line cut short, closed, and corrupted inside its names", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), fc.nat(), fc.nat(), edits, ({ text, before }, cut, pick, changes) => {
        const closedText = closedPrefix(text, 1 + (cut % (text.length - 1)));
        const names = keyNameSpans(closedText);
        const name = names.length === 0 ? undefined : names[pick % names.length];
        expectNoSecret(before, edited(encoder.encode(closedText), changes, name === undefined ? undefined : utf8Span(closedText, name)));
      }),
      { numRuns: 1500 },
    );
  });

  // Renamings the random edits are unlikely to hit, made on purpose: each name on the path to a secret, and the
  // method name, replaced by every field or method name the protocol defines within as many edits.
  it("never writes a piece of a secret when a name on the path to a secret becomes any field name the schemas define within four edits", () => {
    const names = [...fieldNames()];
    const near = new Map<string, string[]>();
    const nearTo = (name: string): string[] => {
      const known = near.get(name) ?? names.filter((other) => other !== name && Math.abs(other.length - name.length) <= MOST_EDITS && editDistance(name, other) <= MOST_EDITS);
      near.set(name, known);
      return known;
    };
    // The same name at the same place of another message of the same method is read the same way: tried once.
    const tried = new Set<string>();
    let renamed = 0;
    for (const { text, before, pathNameText, kind } of BEARING) {
      for (const { start, end, place } of pathNameText) {
        if (tried.has(`${kind} ${place}`)) continue;
        tried.add(`${kind} ${place}`);
        for (const other of nearTo(text.slice(start, end))) {
          renamed += 1;
          expectNoSecret(before, encoder.encode(`${text.slice(0, start)}${other}${text.slice(end)}`));
        }
      }
    }
    expect(renamed).toBeGreaterThan(500);
  });

  it("never writes a piece of a secret when a method name becomes any method within four edits of it", () => {
    let renamed = 0;
    for (const built of messages) {
      const method = built.message["method"];
      if (built.sites.length === 0 || typeof method !== "string") continue;
      for (const other of METHOD_REGISTRY) {
        if (other.method === method || editDistance(method, other.method) > MOST_EDITS) continue;
        renamed += 1;
        expectNoSecret([], encoder.encode(JSON.stringify({ ...built.message, method: other.method })));
      }
    }
    expect(renamed).toBeGreaterThan(10);
  });

  it("never writes a piece of a secret in byte chunks split anywhere", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), fc.array(fc.nat(), { maxLength: 6 }), ({ line, before }, cuts) => {
        const whole = Uint8Array.from([...before.flatMap((chunk) => [...chunk]), ...line, 0x0a]);
        const points = [...new Set(cuts.map((cut) => cut % whole.length))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, index) => whole.slice(start, points[index] ?? whole.length));
        expect(redacted(chunks).out).toBe(redacted([whole]).out);
      }),
      { numRuns: 300 },
    );
  });
});
