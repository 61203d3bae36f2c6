import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonValueSpans, spansOf } from "../src/index.js";

/** JSON text of a value with some keys written twice and whitespace between tokens, as hand-written or corrupted lines have them. */
const writtenText: fc.Arbitrary<string> = fc.letrec<{ text: string }>((tie) => ({
  text: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.jsonValue({ maxDepth: 0 }).map((value) => JSON.stringify(value)),
    fc.array(tie("text"), { maxLength: 4 }).map((items) => `[${items.join(" ,")}]`),
    fc
      .array(fc.tuple(fc.constantFrom("a", "b", "a/b", "~", "é", "\\u0061", "", "0"), tie("text")), { maxLength: 4 })
      .map((members) => `{ ${members.map(([key, value]) => `"${key}" :${value}`).join(",\n")} }`),
  ),
})).text;

/** Every pointer a text's values have, and some it has not. */
function pointersOf(text: string): string[] {
  return [...jsonValueSpans(text).keys(), "/missing", "/0/9", "/a/b/c", "a", "/~2"];
}

describe("spansOf", () => {
  it("places each pointer asked for as jsonValueSpans does, and no other", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          writtenText,
          fc.jsonValue().map((value) => JSON.stringify(value)),
        ),
        fc.infiniteStream(fc.boolean()),
        (text, picks) => {
          const all = jsonValueSpans(text);
          const asked = pointersOf(text).filter(() => picks.next().value === true);
          const expected = new Map(asked.flatMap((pointer) => (all.has(pointer) ? [[pointer, all.get(pointer)]] : [])));
          expect(new Map(spansOf(text, asked))).toEqual(expected);
        },
      ),
      { numRuns: 800 },
    );
  });

  it("keeps the last value of a key written twice, and reads escaped keys and pointer escapes", () => {
    const text = '{"a":1, "a" : [22, {"x~/y":"v"}], "\\u0062":true}';
    const spans = spansOf(text, ["/a", "/a/1/x~0~1y", "/b", "/a/0"]);
    expect(Object.fromEntries([...spans].map(([pointer, { start, end }]) => [pointer, text.slice(start, end)]))).toEqual({
      "/a": '[22, {"x~/y":"v"}]',
      "/a/0": "22",
      "/a/1/x~0~1y": '"v"',
      "/b": "true",
    });
  });

  it("finds the whole text at the empty pointer, and nothing for strings that are no pointers", () => {
    expect(spansOf(' {"a":[]} ', [""]).get("")).toEqual({ start: 1, end: 9 });
    expect(spansOf('{"a":1}', ["a", ""]).size).toBe(1);
    expect(spansOf('{"a":1}', []).size).toBe(0);
  });

  it("reads a text nested far deeper than the stack allows recursion", () => {
    const depth = 200_000;
    const text = `${"[".repeat(depth)}1${"]".repeat(depth)}`;
    expect(spansOf(text, ["/0/0"]).get("/0/0")).toEqual({ start: 2, end: text.length - 2 });
    expect(spansOf(text, [`/${Array.from({ length: 50_000 }, () => "0").join("/")}`]).size).toBe(1);
  });

  it("never throws, whatever text and pointers it is given", () => {
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string()), (text, pointers) => {
        expect(() => spansOf(text, pointers)).not.toThrow();
      }),
      { numRuns: 500 },
    );
    // Plain JavaScript callers may pass what the types forbid.
    expect(Reflect.apply(spansOf, undefined, ["{}", [1, null]])).toEqual(new Map());
    expect(Reflect.apply(spansOf, undefined, ["{}", 7])).toEqual(new Map());
  });
});
