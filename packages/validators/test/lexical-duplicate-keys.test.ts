// lexicalFacts given the parsed value, which proves most texts plain from
// their length before any scan, finds the keys written twice the full scan finds.
import { lexicalFacts } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** Number literals written as a writer may: short and long spellings of the same numbers, exponents that make a literal shorter than its digits. */
const numberLiteral = fc.oneof(
  fc.constantFrom("0", "-0", "100", "1e2", "1E+2", "1.0", "1.50", "0.5", "5e-1", "1e21", "1e400", "-1e-7", "18446744073709551615", "123456789012345678901234567890"),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
);

/** JSON texts with keys that may repeat, spacing, escapes, and numbers spelt any way. */
const text: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    numberLiteral,
    fc.constantFrom("true", "false", "null", '""', '"a\\"b"', '"\\u00e9\\n"', '"\\ud83d\\ude00"', '"é"'),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
    fc
      .tuple(fc.array(fc.tuple(fc.constantFrom("a", "b", "", "\\u0061", "__proto__", "é"), tie("value")), { maxLength: 4 }), fc.constantFrom("", " ", "\n"))
      .map(([members, space]) => `{${members.map(([key, value]) => `${space}"${key}":${space}${value}`).join(",")}}`),
  ),
})).value;

describe("lexicalFacts with the parsed value", () => {
  it("says what the full scan says, on any text JSON.parse reads", () => {
    let twice = 0;
    fc.assert(
      fc.property(text, (written) => {
        const expected = lexicalFacts(written).duplicateKeys.length > 0;
        if (expected) twice += 1;
        expect(lexicalFacts(written, JSON.parse(written)).duplicateKeys.length > 0).toBe(expected);
      }),
      { numRuns: 3000 },
    );
    expect(twice).toBeGreaterThan(300);
  });

  it("finds a key written twice however compact the line, escaped or nested", () => {
    expect(lexicalFacts('{"a":1,"a":2}', { a: 2 }).duplicateKeys.length > 0).toBe(true);
    expect(lexicalFacts('{"":0,"":0}', { "": 0 }).duplicateKeys.length > 0).toBe(true);
    expect(lexicalFacts('{"x":{"a":1e2,"\\u0061":100}}', { x: { a: 100 } }).duplicateKeys.length > 0).toBe(true);
    expect(lexicalFacts('{"a":1e2,"b":[1e3,1e4]}', { a: 100, b: [1000, 10000] }).duplicateKeys.length > 0).toBe(false);
  });

  it("reads a line nested deeper than the stack allows recursion", () => {
    const depth = 100_000;
    const deep = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
    expect(lexicalFacts(deep, JSON.parse(deep)).duplicateKeys.length > 0).toBe(false);
  });
});
