// Lines that carry a secret in every sensitive field, cut short or with one
// byte corrupted (replaced, inserted or deleted, newlines and invalid UTF-8
// included): whatever the redactor makes of them (a line withheld as
// unreadable, a message read with a misspelt field, an answer whose request
// is unknown), it never writes a piece of a secret, keeps one output line
// per input line, and never throws. (Several corruptions in one field name
// can make it a field no type defines, which the protocol tolerates and
// `redact` keeps: see the README.)
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineRedactor } from "../src/redact/line-redactor.js";
import { secretMessages } from "./support/secret-messages.js";
import { SECRET_PIECE } from "./support/sensitive-schema.js";

const encoder = new TextEncoder();
const { messages } = secretMessages();

/** The messages with a secret, each with the request it answers (sent first, intact, so the answer is paired as in a transcript). */
const BEARING = messages.flatMap((built) => {
  if (built.sites.length === 0) return [];
  const request = built.answers === undefined ? undefined : messages[built.answers];
  return [{ line: encoder.encode(JSON.stringify(built.message)), before: request === undefined ? [] : [encoder.encode(`${JSON.stringify(request.message)}\n`)] }];
});

type Mutation = { readonly kind: "truncate" | "delete"; readonly at: number } | { readonly kind: "replace" | "insert"; readonly at: number; readonly byte: number };

// Bytes that change what JSON reads most: structure, quotes, escapes, newlines; and any byte (invalid UTF-8 included).
const STRUCTURAL = [..."{}[]:,\"\\ \n\r0-eatn_"].map((character) => character.charCodeAt(0));
const byte = fc.oneof(fc.constantFrom(...STRUCTURAL), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0x61, max: 0x7a }));
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constantFrom("truncate" as const, "delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constantFrom("replace" as const, "insert" as const), at: fc.nat(), byte }),
);

function mutated(line: Uint8Array, mutation: Mutation): Uint8Array {
  const at = line.length === 0 ? 0 : mutation.at % (line.length + (mutation.kind === "insert" ? 1 : 0));
  if (mutation.kind === "truncate") return line.slice(0, at);
  if (mutation.kind === "replace") return Uint8Array.from([...line.slice(0, at), mutation.byte, ...line.slice(at + 1)]);
  if (mutation.kind === "insert") return Uint8Array.from([...line.slice(0, at), mutation.byte, ...line.slice(at)]);
  return Uint8Array.from([...line.slice(0, at), ...line.slice(at + 1)]);
}

function redacted(chunks: readonly Uint8Array[]): { out: string; withheld: number } {
  let withheld = 0;
  const redactor = new LineRedactor(undefined, () => (withheld += 1));
  let out = "";
  for (const chunk of chunks) out += redactor.push(chunk);
  return { out: out + redactor.end(), withheld };
}

function lineCount(chunks: readonly Uint8Array[]): number {
  const bytes = chunks.flatMap((chunk) => [...chunk]);
  const newlines = bytes.filter((value) => value === 0x0a).length;
  return bytes.length === 0 || bytes.at(-1) === 0x0a ? newlines : newlines + 1;
}

describe("redact on corrupted lines carrying secrets", () => {
  it("the lines intact carry secrets, and the redactor removes them all", () => {
    expect(BEARING.length).toBeGreaterThan(30);
    for (const { line, before } of BEARING) {
      expect(new TextDecoder().decode(line)).toMatch(SECRET_PIECE);
      expect(redacted([...before, line]).out).not.toMatch(SECRET_PIECE);
    }
  });

  it("never writes a piece of a secret, whatever one byte of a line is corrupted to", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BEARING), mutation, ({ line, before }, corruption) => {
        const corrupted = mutated(line, corruption);
        const chunks = [...before, corrupted];
        const { out } = redacted(chunks);
        expect(out).not.toMatch(SECRET_PIECE);
        expect(lineCount([encoder.encode(out)])).toBe(lineCount(chunks));
      }),
      { numRuns: 2500 },
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
