import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonValueSpans, lexicalFacts } from "../src/index.js";
import { showsEverything } from "../src/lexical/plain-text.js";

/** The value at a JSON Pointer of `root`. */
function valueAt(root: unknown, pointer: string): unknown {
  if (pointer === "") return root;
  let node: unknown = root;
  for (const token of pointer.slice(1).split("/")) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    node = node !== null && typeof node === "object" ? (Object.getOwnPropertyDescriptor(node, key)?.value as unknown) : undefined;
  }
  return node;
}

const NONE = { duplicateKeys: [], numbers: [], loneSurrogates: [] };

const whitespace = fc.constantFrom("", "", " ", "\n\t");

/** JSON texts in many spellings: whitespace, keys written twice, every kind of number literal, escapes and lone surrogates. */
const spelledJson: fc.Arbitrary<string> = fc.letrec<{ value: string; key: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.oneof(fc.integer().map(String), fc.constantFrom("1.0", "1e1", "1E2", "-0", "0.5", "1e21", "1e400", "18446744073709551616", "123456789012345", "1234567890123456", "-9007199254740993")),
    fc.oneof(fc.string().map((text) => JSON.stringify(text)), fc.constantFrom('"\\\\ud800"', '"\\ud800"', '"\\ud83d\\ude00"', '"\\u0041\\/"', '"\ud800"', '"x\\udc00"', '"\ud83d\ude00"')),
    fc.constantFrom("true", "false", "null"),
    fc.tuple(fc.array(tie("value"), { maxLength: 4 }), whitespace).map(([items, space]) => `[${space}${items.join(`${space},`)}]`),
    fc.tuple(fc.array(fc.tuple(tie("key"), tie("value")), { maxLength: 4 }), whitespace).map(([members, space]) => `{${members.map(([key, item]) => `${space}${key}${space}:${item}`).join(",")}${space}}`),
  ),
  key: fc.oneof(fc.constantFrom('"a"', '"b"', '"\\u0061"', '"__proto__"', '"\\ud800"'), fc.string().map((text) => JSON.stringify(text))),
})).value;

describe("lexicalFacts", () => {
  it("finds a key written twice, with the object's path", () => {
    expect(lexicalFacts('{"id":"a","params":{"x":1,"\\u0078":2},"id":"b"}').duplicateKeys).toEqual([
      { path: "/params", key: "x" },
      { path: "", key: "id" },
    ]);
  });

  it("finds a key written twice in an object of many keys", () => {
    const members = Array.from({ length: 40 }, (_, index) => `"k${index}":${index}`);
    const text = `{"many":{${[...members, '"k3":0', '"k39":0', '"k40":0'].join(",")}}}`;
    expect(lexicalFacts(text).duplicateKeys).toEqual([
      { path: "/many", key: "k3" },
      { path: "/many", key: "k39" },
    ]);
  });

  it("finds number literals a double may not hold exactly, and only those", () => {
    expect(lexicalFacts('{"a":1.0,"b":[1e1,-2E-3,123456789012345,1234567890123456,0.1e1,1e400],"c":-0,"d":0.5,"e":-10}').numbers).toEqual([
      { path: "/a", text: "1.0" },
      { path: "/b/0", text: "1e1" },
      { path: "/b/3", text: "1234567890123456" },
      { path: "/b/4", text: "0.1e1" },
      { path: "/b/5", text: "1e400" },
      // An exact decoder reads -0 as a floating-point zero.
      { path: "/c", text: "-0" },
    ]);
  });

  it("finds lone surrogates, escaped or not, in values and keys, and accepts escaped pairs", () => {
    const text = '{"ok":"\\ud83d\\ude00","hi":"\\ud800x","lo":"\\udc00","\\ud800k":1,"raw":"\ud800","mixed":"\\ud83d\ude00","pair":"\ud83d\ude00"}';
    expect(lexicalFacts(text).loneSurrogates).toEqual(["/hi", "/lo", "/\ud800k", "/raw", "/mixed"]);
  });

  it("reports nothing for what JSON.stringify writes of well-formed JSON data", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 1, "\t"), (value, space) => {
        const text = JSON.stringify(value, null, space);
        const facts = lexicalFacts(text);
        expect(facts.duplicateKeys).toEqual([]);
        expect(facts.loneSurrogates).toEqual([]);
        for (const { text: literal } of facts.numbers) expect(literal).toMatch(/[.eE]|\d{16}/);
      }),
      { numRuns: 300 },
    );
  });

  it("finds the same facts with the parsed value given, whatever the text's spelling", () => {
    fc.assert(
      fc.property(spelledJson, (text) => {
        const value: unknown = JSON.parse(text);
        expect(lexicalFacts(text, value)).toEqual(lexicalFacts(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("proves a text written compactly plain without scanning it", () => {
    // Integers of up to 15 digits that do not end in 00, fractions whose JSON.stringify spelling is their shortest, strings without digits.
    const words = fc.stringMatching(/^[a-zA-Z é日😀"\\\n]*$/u);
    const plain = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.integer({ min: -1e14, max: 1e14 }).filter((value) => value % 100 !== 0),
        fc.integer({ min: -1e6, max: 1e6 }).map((value) => value + 0.25),
        words,
        fc.constantFrom(true, false, null),
        fc.array(tie("value"), { maxLength: 4 }),
        fc.dictionary(words, tie("value"), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(plain, (value) => {
        const text = JSON.stringify(value);
        expect(showsEverything(text, JSON.parse(text))).toBe(true);
      }),
      { numRuns: 500 },
    );
    expect(showsEverything('{"a":0.000001,"b":1e-7,"c":[15e-8,-12e-4]}', { a: 0.000001, b: 1e-7, c: [1.5e-7, -0.0012] })).toBe(false);
    expect(showsEverything('{"b":1e-7,"c":[15e-8,-12e-4,7]}', { b: 1e-7, c: [1.5e-7, -0.0012, 7] })).toBe(true);
  });

  it("sends to the scan every text its length cannot vouch for", () => {
    expect(showsEverything("[1234567890123456]", [1234567890123456])).toBe(false);
    expect(showsEverything("[100,0.5]", [100, 0.5])).toBe(false);
    expect(showsEverything("[1e2,0.5]", [100, 0.5])).toBe(false);
    expect(showsEverything('[1,"1.5"]', [1, "1.5"])).toBe(false);
    expect(showsEverything('[{"a":1}, 2]', [{ a: 1 }, 2])).toBe(false);
    expect(showsEverything('{"a":1,"a":1}', { a: 1 })).toBe(false);
    expect(showsEverything('{"a":"\\u0041"}', { a: "A" })).toBe(true);
    expect(showsEverything('{"a":"\\ud800"}', { a: "\ud800" })).toBe(false);
    expect(showsEverything('{"a":1E2}', { a: 100 })).toBe(false);
    expect(showsEverything('{"a":1e3,"a":1}', { a: 1 })).toBe(false);
  });

  it("reads a text nested far deeper than the stack allows recursion", () => {
    const depth = 200_000;
    expect(lexicalFacts(`${"[".repeat(depth)}1.0${"]".repeat(depth)}`).numbers).toHaveLength(1);
  });

  it("never throws, whatever text it is given", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(() => lexicalFacts(text)).not.toThrow();
        expect(() => jsonValueSpans(text)).not.toThrow();
      }),
      { numRuns: 500 },
    );
    expect(lexicalFacts("")).toEqual(NONE);
  });
});

describe("jsonValueSpans", () => {
  it("gives each value's literal, so every value parses back from its span", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, " \n"), (value, space) => {
        const text = JSON.stringify(value, null, space);
        const spans = jsonValueSpans(text);
        expect(spans.get("")).toEqual({ start: text.search(/\S/), end: text.trimEnd().length });
        for (const [pointer, { start, end }] of spans) expect(JSON.parse(text.slice(start, end))).toEqual(valueAt(JSON.parse(text), pointer));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the last of a key written twice, as JSON.parse does", () => {
    const text = '{"a":1,"a":[22]}';
    expect(jsonValueSpans(text).get("/a")).toEqual({ start: 11, end: 15 });
    expect(jsonValueSpans(text).get("/a/0")).toEqual({ start: 12, end: 14 });
  });
});
