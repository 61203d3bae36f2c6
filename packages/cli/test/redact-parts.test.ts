import { jsonValueSpans } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactionShapes as buildShapes } from "../scripts/redaction-shapes.js";
import { LineCutter } from "../src/redact/line-cutter.js";
import { LineRedactor } from "../src/redact/line-redactor.js";
import { MessageRedactor } from "../src/redact/message-redactor.js";
import { LONGEST_REMEMBERED_ID, PendingAnswers } from "../src/redact/pending-answers.js";
import { KEPT, redactionShapes, ShapeTable } from "../src/redact/shape.js";
import { ShapeWalk } from "../src/redact/shape-walk.js";
import { withinOneTypo } from "../src/redact/typo.js";

/** The edit distance with adjacent swaps (optimal string alignment), the plain way. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      const row = rows[i];
      if (row !== undefined) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

describe("withinOneTypo", () => {
  it("is an edit distance of at most one, swaps of two neighbours counted as one", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c"), maxLength: 6 });
    fc.assert(
      fc.property(word, word, (a, b) => {
        expect(withinOneTypo(a, b)).toBe(distance(a, b) <= 1);
      }),
      { numRuns: 3000 },
    );
    expect([withinOneTypo("token", "tokn"), withinOneTypo("token", "tokne"), withinOneTypo("params", "{{rams"), withinOneTypo("env", "cwd")]).toEqual([true, true, false, false]);
  });
});

describe("LineCutter", () => {
  it("cuts the same lines however the bytes are chunked, and drops a line past its cap", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.array(fc.nat({ max: 200 }), { maxLength: 8 }), fc.integer({ min: 1, max: 40 }), (bytes, cuts, cap) => {
        const cutAll = (chunks: readonly Uint8Array[]) => {
          const cutter = new LineCutter(cap);
          const lines = chunks.flatMap((chunk) => cutter.push(chunk));
          const last = cutter.end();
          return (last === undefined ? lines : [...lines, last]).map((line) => (line.overflow ? `overflow ${line.endsWithCr}` : [...line.bytes].join(",")));
        };
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
        const chunks = [0, ...points].map((start, index) => bytes.slice(start, points[index] ?? bytes.length));
        const expected: number[][] = [[]];
        for (const value of bytes) {
          if (value === 0x0a) expected.push([]);
          else expected.at(-1)?.push(value);
        }
        if (expected.at(-1)?.length === 0) expected.pop();
        const reference = expected.map((line) => (line.length > cap ? `overflow ${line.at(-1) === 0x0d}` : line.join(",")));
        expect(cutAll(chunks)).toEqual(reference);
      }),
      { numRuns: 1000 },
    );
  });
});

function parsedOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe("the shape walk", () => {
  const table = redactionShapes();
  const GUARDED = ["McpServerInput", "BootstrapState", "AuthLoginParams", "SessionGoalContinueResult", "LastProviderRequestResult"];

  it("never throws on any JSON value, read as any guarded type, and names only values the value has", () => {
    fc.assert(
      fc.property(fc.constantFrom(...GUARDED), fc.jsonValue({ maxDepth: 5 }), (type, value) => {
        const walk = new ShapeWalk(table);
        walk.walk(value, [{ r: type }]);
        const spans = jsonValueSpans(JSON.stringify(value));
        for (const { pointer, text } of walk.replacements) {
          expect(["\"[redacted]\"", "0", "false", "[]", "{}"]).toContain(text);
          expect(spans.has(pointer)).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("keeps a value read as KEPT whole", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const walk = new ShapeWalk(table);
        walk.walk(value, [KEPT]);
        expect(walk.replacements).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("the message redactor and the line redactor never throw on any line", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), fc.string()), { maxLength: 6 }), (lines) => {
        const messages = new MessageRedactor();
        for (const line of lines) {
          const value = parsedOrUndefined(line);
          expect(() => messages.replacements(value)).not.toThrow();
        }
        const redactor = new LineRedactor();
        expect(redactor.push(lines.join("\n")) + redactor.end()).toBeTypeOf("string");
      }),
      { numRuns: 500 },
    );
  });

  it("refuses a table that is no shape table", () => {
    expect(() => new ShapeTable('{"guarded":{"A":{"q":1}},"sensitive":{}}')).toThrow(/no shape/);
    expect(() => new ShapeTable("[]")).toThrow(/not a table/);
  });
});

describe("PendingAnswers", () => {
  it("remembers at least one generation of requests and at most two, and no id longer than the limit", () => {
    const pending = new PendingAnswers(4);
    for (let index = 0; index < 20; index += 1) pending.expect(`r${index}`, KEPT);
    const remembered = Array.from({ length: 20 }, (_, index) => pending.take(`r${index}`) !== undefined);
    expect(remembered.slice(16)).toEqual([true, true, true, true]);
    expect(remembered.filter(Boolean).length).toBeLessThanOrEqual(8);
    pending.expect("x".repeat(LONGEST_REMEMBERED_ID + 1), KEPT);
    expect(pending.take("x".repeat(LONGEST_REMEMBERED_ID + 1))).toBeUndefined();
    pending.expect("once", KEPT);
    expect([pending.take("once"), pending.take("once")]).toEqual([KEPT, undefined]);
  });
});

describe("the redaction shapes builder", () => {
  const secretString = { type: "string", "x-sensitive": true };

  it("keeps a definition without sensitive fields out, and names only the JSON types of its fields", () => {
    const shapes = buildShapes({ A: { type: "object", properties: { secret: secretString, count: { type: "integer" }, kind: { $ref: "#/$defs/K" } } }, K: { type: "string", enum: ["a"] }, Plain: { type: "object" } }, ["A", "Plain"]);
    expect(shapes).toEqual({ guarded: { A: { o: { secret: { x: "s" }, count: "n", kind: "s" } } }, sensitive: {} });
  });

  it("writes a sensitive union whole, its tags as constants", () => {
    const definitions = {
      A: { type: "object", properties: { auth: { "x-sensitive": true, $ref: "#/$defs/U" } } },
      U: { type: "object", discriminator: { propertyName: "kind" }, oneOf: [{ $ref: "#/$defs/V" }] },
      V: { type: "object", properties: { kind: { type: "string", const: "v" }, value: { type: "string" } } },
    };
    expect(buildShapes(definitions, ["A"]).sensitive).toEqual({ U: { d: "kind", v: { v: { f: "V" } } }, V: { o: { kind: { k: ["v"] }, value: "s" } } });
  });

  it("refuses a keyword it does not know, and a sensitive value no marker keeps valid", () => {
    expect(() => buildShapes({ A: { type: "object", properties: { s: { ...secretString, format: "uri" } } } }, ["A"])).toThrow(/keyword format/);
    expect(() => buildShapes({ A: { type: "object", properties: { s: { ...secretString, pattern: "^sk-" } } } }, ["A"])).toThrow(/pattern/);
    expect(() => buildShapes({ A: { type: "object", properties: { n: { type: "integer", minimum: 1, "x-sensitive": true } } } }, ["A"])).toThrow(/out of bounds/);
  });
});
