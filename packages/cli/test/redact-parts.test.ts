import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { jsonValueSpans } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactionShapes as buildShapes } from "../scripts/redaction-shapes.js";
import { LineCutter } from "../src/redact/line-cutter.js";
import { LineRedactor } from "../src/redact/line-redactor.js";
import { MessageRedactor } from "../src/redact/message-redactor.js";
import { LONGEST_REMEMBERED_ID, PendingAnswers } from "../src/redact/pending-answers.js";
import { ANY, redactionShapes, ShapeTable, type Shape } from "../src/redact/shape.js";
import { compiled } from "../src/redact/shape-node.js";
import { ShapeWalk } from "../src/redact/shape-walk.js";

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
  const TYPES = ["McpServerInput", "BootstrapState", "AuthLoginParams", "SessionGoalContinueResult", "LastProviderRequestResult", "AskUserQuestionRequest", "EmptyParams"];

  it("never throws on any JSON value, read as any type, and names only values the value has, with markers", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPES), fc.jsonValue({ maxDepth: 5 }), (type, value) => {
        const walk = new ShapeWalk(table);
        walk.walk(value, compiled({ r: type }));
        const spans = jsonValueSpans(JSON.stringify(value));
        for (const { pointer, text } of walk.replacements) {
          expect(["\"[redacted]\"", "0", "false", "[]", "{}"]).toContain(text);
          expect(spans.has(pointer)).toBe(true);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("keeps a value read as any JSON value whole", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const walk = new ShapeWalk(table);
        walk.walk(value, compiled(ANY));
        expect(walk.replacements).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("redacts every field of an object whose type defines none, and the fields a map of anything holds", () => {
    const walk = new ShapeWalk(table);
    walk.walk({ a: "x", "b/c": 2, d: null, e: { f: 1 } }, compiled({ r: "EmptyParams" }));
    expect(walk.replacements).toEqual([
      { pointer: "/a", text: '"[redacted]"' },
      { pointer: "/b~1c", text: "0" },
      { pointer: "/e", text: "{}" },
    ]);
  });

  it("reads a field of a union as every variant that may describe the value defines it, a sensitive one winning", () => {
    const union: Shape = { u: [{ o: { a: "s", b: "n" } }, { o: { a: { x: "s" } } }] };
    const walk = new ShapeWalk(table);
    walk.walk({ a: "secret", b: 1, c: true }, compiled(union));
    expect(walk.replacements).toEqual([
      { pointer: "/a", text: '"[redacted]"' },
      { pointer: "/c", text: "false" },
    ]);
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

  it("refuses a table entry that is no shape, and a type the table does not have", () => {
    expect(() => new ShapeTable(new Map([["A", '{"q":1}']])).shape("A")).toThrow(/no shape/);
    expect(() => new ShapeTable(new Map()).shape("A")).toThrow(/no type A/);
  });

  it("parses a type's shape only when it is first needed", () => {
    const fresh = new ShapeTable(new Map([["A", '{"o":{"b":{"r":"B"}}}'], ["B", '"s"'], ["C", "not JSON"]]));
    const walk = new ShapeWalk(fresh);
    walk.walk({ b: "kept", c: 1 }, compiled({ r: "A" }));
    expect(walk.replacements).toEqual([{ pointer: "/c", text: "0" }]);
    expect(fresh.parsedCount).toBe(2);
  });
});

describe("the generated shapes", () => {
  const table = redactionShapes();

  it("have every params and result type of the registry, and no cycle of references through which a walk could go round", () => {
    const names = [...new Set(METHOD_REGISTRY.flatMap((method) => (method.result === null ? [method.params] : [method.params, method.result])))];
    expect(names.filter((name) => !table.has(name))).toEqual([]);
    const referenced = (shape: Shape): string[] => {
      if (typeof shape === "string") return [];
      if ("r" in shape) return [shape.r];
      if ("x" in shape) return referenced(shape.x);
      if ("u" in shape) return shape.u.flatMap(referenced);
      if ("d" in shape) return Object.values(shape.v).flatMap(referenced);
      if ("o" in shape) return [...Object.values(shape.o), ...(shape.m === undefined ? [] : [shape.m])].flatMap(referenced);
      return "a" in shape ? referenced(shape.a) : [];
    };
    const cycles: string[] = [];
    const visit = (name: string, path: readonly string[]): void => {
      if (path.includes(name)) return void cycles.push([...path, name].join(" > "));
      for (const next of new Set(referenced(table.shape(name)))) visit(next, [...path, name]);
    };
    for (const name of names) visit(name, []);
    expect(cycles).toEqual([]);
  });
});

describe("PendingAnswers", () => {
  it("remembers at least one generation of requests and at most two, and no id longer than the limit", () => {
    const pending = new PendingAnswers(4);
    for (let index = 0; index < 20; index += 1) pending.expect(`r${index}`, ANY);
    const remembered = Array.from({ length: 20 }, (_, index) => pending.take(`r${index}`) !== undefined);
    expect(remembered.slice(16)).toEqual([true, true, true, true]);
    expect(remembered.filter(Boolean).length).toBeLessThanOrEqual(8);
    pending.expect("x".repeat(LONGEST_REMEMBERED_ID + 1), ANY);
    expect(pending.take("x".repeat(LONGEST_REMEMBERED_ID + 1))).toBeUndefined();
    pending.expect("once", ANY);
    expect([pending.take("once"), pending.take("once")]).toEqual([ANY, undefined]);
  });
});

describe("the redaction shapes builder", () => {
  const secretString = { type: "string", "x-sensitive": true };

  it("gives every definition a root reaches its fields, constants and JSON types, and writes a plain scalar type where it is referenced", () => {
    const definitions = {
      A: { type: "object", properties: { secret: secretString, count: { type: "integer" }, kind: { $ref: "#/$defs/K" }, id: { $ref: "#/$defs/Id" }, plain: { $ref: "#/$defs/Plain" } } },
      K: { type: "string", enum: ["a", "b"] },
      Id: { type: "string", pattern: "^i" },
      Plain: { type: "object", properties: { name: { type: ["string", "null"] } } },
      Unreached: { type: "object" },
    };
    expect(buildShapes(definitions, ["A"])).toEqual({ A: { o: { secret: { x: "s" }, count: "n", kind: { r: "K" }, id: "s", plain: { r: "Plain" } } }, K: { k: ["a", "b"] }, Plain: { o: { name: "sz" } } });
  });

  it("reads a map by its value schema, and a map of anything as defining no entry", () => {
    const definitions = { A: { type: "object", properties: { env: { type: "object", additionalProperties: { type: "string" } }, extra: { type: "object", additionalProperties: {} }, open: {} } } };
    expect(buildShapes(definitions, ["A"])).toEqual({ A: { o: { env: { o: {}, m: "s" }, extra: { o: {} }, open: "*" } } });
  });

  it("writes a tagged union by its tags, and a nullable enum as one list of constants", () => {
    const definitions = {
      A: { type: "object", properties: { auth: { "x-sensitive": true, $ref: "#/$defs/U" }, mode: { anyOf: [{ $ref: "#/$defs/K" }, { type: "null" }] } } },
      U: { type: "object", discriminator: { propertyName: "kind" }, oneOf: [{ $ref: "#/$defs/V" }] },
      V: { type: "object", properties: { kind: { type: "string", const: "v" }, value: { type: "string" } } },
      K: { type: "string", enum: ["a"] },
    };
    expect(buildShapes(definitions, ["A"])).toEqual({ A: { o: { auth: { x: { r: "U" } }, mode: { u: ["z", { r: "K" }] } } }, K: { k: ["a"] }, U: { d: "kind", v: { v: { r: "V" } } }, V: { o: { kind: { k: ["v"] }, value: "s" } } });
    expect(buildShapes({ A: { anyOf: [{ enum: ["a", "b"] }, { type: "null" }] } }, ["A"])).toEqual({ A: { k: ["a", "b", null] } });
  });

  it("refuses a keyword it does not know, and a sensitive value no marker keeps valid, through references", () => {
    expect(() => buildShapes({ A: { type: "object", properties: { s: { ...secretString, format: "uri" } } } }, ["A"])).toThrow(/keyword format/);
    expect(() => buildShapes({ A: { type: "object", properties: { s: { ...secretString, pattern: "^sk-" } } } }, ["A"])).toThrow(/pattern/);
    expect(() => buildShapes({ A: { type: "object", properties: { n: { type: "integer", minimum: 1, "x-sensitive": true } } } }, ["A"])).toThrow(/out of bounds/);
    expect(() => buildShapes({ A: { type: "object", properties: { s: { "x-sensitive": true, $ref: "#/$defs/B" } } }, B: { type: "object", properties: { n: { type: "integer", minimum: 1 } } } }, ["A"])).toThrow(/out of bounds/);
    expect(buildShapes({ A: { type: "object", properties: { id: { type: "string", pattern: "^i" } } } }, ["A"])).toEqual({ A: { o: { id: "s" } } });
  });
});
