import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSyntaxError, parseClientMessage } from "@app-server-protocol/validators";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** JSON texts, and the same texts cut short or with one character replaced. */
const nearlyJson = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value, null, 1)),
  fc.tuple(fc.jsonValue(), fc.nat(), fc.string({ minLength: 1, maxLength: 1 })).map(([value, at, replacement]) => {
    const text = JSON.stringify(value);
    const index = at % (text.length + 1);
    return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`;
  }),
  fc.tuple(fc.jsonValue(), fc.nat()).map(([value, at]) => JSON.stringify(value).slice(0, at)),
  fc.string(),
);

describe("jsonSyntaxError", () => {
  it("finds an error exactly in the texts JSON.parse refuses", () => {
    fc.assert(
      fc.property(nearlyJson, (text) => {
        const error = jsonSyntaxError(text);
        expect(error === undefined).toBe(parses(text));
        if (error !== undefined) {
          expect(error.offset).toBeGreaterThanOrEqual(0);
          expect(error.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("says where a text breaks and what was expected there", () => {
    expect(jsonSyntaxError("")).toEqual({ offset: 0, problem: "the text ends before a value" });
    expect(jsonSyntaxError('{"a" 1}')).toEqual({ offset: 5, problem: "expected ':' after a key" });
    expect(jsonSyntaxError('{"a":1 "b":2}')).toEqual({ offset: 7, problem: "expected ',' or '}'" });
    expect(jsonSyntaxError("[1,2")).toEqual({ offset: 4, problem: "the text ends inside an array" });
    expect(jsonSyntaxError('["a\tb"]')).toEqual({ offset: 3, problem: "a control character must be escaped" });
    expect(jsonSyntaxError('["\\x"]')).toEqual({ offset: 2, problem: "invalid escape" });
    expect(jsonSyntaxError('["\\u12"]')).toEqual({ offset: 2, problem: "a \\u escape needs four hex digits" });
    expect(jsonSyntaxError('"open')).toEqual({ offset: 5, problem: "a string is not closed" });
    expect(jsonSyntaxError("{} {}")).toEqual({ offset: 3, problem: "expected the end of the text after the value" });
    expect(jsonSyntaxError("01")).toEqual({ offset: 1, problem: "expected the end of the text after the value" });
    expect(jsonSyntaxError("[".repeat(100_000))).toEqual({ offset: 100_000, problem: "the text ends before a value" });
  });

  it("quotes nothing of a text that is not JSON, in the text entry points either", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const text = `${before}SECRET=sk-live-9${after}`;
        // Quotes around it make a JSON string, which is judged as a message.
        fc.pre(!parses(text));
        const result = parseClientMessage(text);
        const message = result.ok ? "" : result.error.message;
        expect(message).not.toContain("sk-live");
        expect(message).toMatch(/^invalid JSON: [a-z ',:{}[\]\\]+ at column \d+$/);
      }),
      { numRuns: 300 },
    );
  });
});
