// The zod bindings' text entry points (checkText, parseClientMessageText,
// parseServerMessageText): integers compared with the 64-bit bounds as
// written, with the validators' verdict on the text as the oracle; the value
// as JSON.parse reads it returned; no text makes them throw.
import { readFileSync } from "node:fs";
import { lexicalFacts, parseClientMessage as validatorsParseClientMessage, validateType } from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { Int64Schema, Uint64Schema, checkText, parseClientMessageText, parseServerMessageText, type Verdict } from "@app-server-protocol/zod";
import { WIDE_INTEGER_BOUNDS } from "../src/languages/zod/runtime/text.js";

const summary = (verdict: Verdict<unknown> | { ok: boolean; error?: { code: string; path: string } }) => (verdict.ok ? "accepted" : { code: verdict.error?.code, path: verdict.error?.path });

/** The validators' verdict on a type's JSON text, what the text says as well as its value. */
function validatorsOnText(type: "Uint64" | "Int64", text: string) {
  const value: unknown = JSON.parse(text);
  return validateType(type, value, { textFacts: lexicalFacts(text, value) });
}

/** Integers around every wide bound and 2^53, and anywhere in ±2^66. */
const NEAR_BOUNDS = fc.oneof(
  fc.tuple(fc.constantFrom(...WIDE_INTEGER_BOUNDS, 0n, 2n ** 53n, -(2n ** 53n)), fc.bigInt({ min: -5000n, max: 5000n })).map(([bound, offset]) => bound + offset),
  fc.bigInt({ min: -(2n ** 66n), max: 2n ** 66n }),
);

describe("checkText", () => {
  it("judges an integer past 2^53 by its literal: in range exactly when the validators say so, as its exact value says", () => {
    fc.assert(
      fc.property(NEAR_BOUNDS, (integer) => {
        const text = String(integer);
        const inU64 = integer >= 0n && integer <= 2n ** 64n - 1n;
        const inI64 = integer >= -(2n ** 63n) && integer <= 2n ** 63n - 1n;
        expect(checkText(Uint64Schema, text).ok).toBe(inU64);
        expect(checkText(Int64Schema, text).ok).toBe(inI64);
        expect(summary(checkText(Uint64Schema, text))).toEqual(summary(validatorsOnText("Uint64", text)));
        expect(summary(checkText(Int64Schema, text))).toEqual(summary(validatorsOnText("Int64", text)));
      }),
      { numRuns: 3000 },
    );
  });

  it("returns the value as JSON.parse reads it, stand-ins never, wherever the integer is", () => {
    const holder = z.looseObject({ counts: z.array(Uint64Schema), total: Int64Schema.exactOptional() });
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), { maxLength: 4 }), fc.bigInt({ min: 2n ** 63n - 3000n, max: 2n ** 63n + 3000n }), (counts, beyond) => {
        const text = `{"counts":[${counts.join(",")}],"opaque":${beyond}}`;
        expect(checkText(holder, text)).toEqual({ ok: true, value: JSON.parse(text) });
      }),
      { numRuns: 500 },
    );
  });

  it("reports one past a bound at its path, and reads a key written twice as JSON.parse does (the last one counts)", () => {
    const holder = z.object({ a: z.array(Uint64Schema), b: Int64Schema });
    expect(summary(checkText(holder, '{"a":[1,18446744073709551616],"b":0}'))).toEqual({ code: "invalid_value", path: "/a/1" });
    expect(summary(checkText(holder, '{"a":[1],"b":9223372036854775808}', "/params"))).toEqual({ code: "invalid_value", path: "/params/b" });
    expect(checkText(holder, '{"a":[18446744073709551616],"a":[18446744073709551615],"b":0}').ok).toBe(true);
    expect(checkText(holder, '{"a":[18446744073709551615],"a":[18446744073709551616],"b":0}').ok).toBe(false);
    expect(checkText(holder, '{"a":[],"b":{"x":9223372036854775808},"b":9223372036854775807}').ok).toBe(true);
  });

  it("is invalid_json on a text JSON.parse refuses, and on a value that is not a string", () => {
    expect(summary(checkText(Uint64Schema, "1844674407370955161 5"))).toEqual({ code: "invalid_json", path: "" });
    expect(summary(Reflect.apply(checkText, undefined, [Uint64Schema, Symbol("x")]))).toEqual({ code: "invalid_json", path: "" });
  });

  it("never throws, and refuses as invalid_json any JavaScript value other than a string in place of the text", () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withBoxedValues: true, withMap: true, withNullPrototype: true, withSparseArray: true, withTypedArray: true }).filter((value) => typeof value !== "string"), (value) => {
        expect(summary(Reflect.apply(checkText, undefined, [Uint64Schema, value]))).toEqual({ code: "invalid_json", path: "" });
        expect(Reflect.apply(parseClientMessageText, undefined, [value]).ok).toBe(false);
        expect(Reflect.apply(parseServerMessageText, undefined, [value, "session/list"]).ok).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("never throws, on any text or any mangling of a JSON text", () => {
    const mangled = fc.tuple(fc.json(), fc.nat(), fc.string({ maxLength: 3 })).map(([text, at, insert]) => `${text.slice(0, at % (text.length + 1))}${insert}${text.slice(at % (text.length + 1))}`);
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), mangled), (text) => {
        expect(() => checkText(Uint64Schema, text)).not.toThrow();
        expect(() => parseClientMessageText(text)).not.toThrow();
        expect(() => parseServerMessageText(text, "session/list")).not.toThrow();
      }),
      { numRuns: 2000 },
    );
  });
});

describe("parseClientMessageText and parseServerMessageText", () => {
  const request = (revision: string) => `{"type":"request","id":"r-1","method":"session/goal/set","params":{"session_id":"s1","expected_revision":${revision}}}`;

  it("give a message's text the validators' verdict, an integer one past its bound included", () => {
    for (const revision of ["1", "18446744073709551615", "18446744073709551616", "0"]) {
      const text = request(revision);
      expect(summary(parseClientMessageText(text)), revision).toEqual(summary(validatorsParseClientMessage(text, { lexical: true })));
    }
    expect(summary(parseClientMessageText(request("18446744073709551616")))).toEqual({ code: "invalid_value", path: "/params/expected_revision" });
  });

  it("check a response's data by the method it answers", () => {
    expect(parseServerMessageText('{"type":"response","id":"r-1","result":{"status":"success","data":[]}}', "session/list").ok).toBe(true);
    expect(parseServerMessageText('{"type":"response","id":"r-1","result":{"status":"success","data":7}}', "session/list").ok).toBe(false);
  });
});

it("the protocol's schemas have no integer bound past 2^53 but those WIDE_INTEGER_BOUNDS lists", () => {
  const text = readFileSync(new URL("../../../schemas/protocol.schema.json", import.meta.url), "utf8");
  const bounds = new Set([...text.matchAll(/"(?:minimum|maximum|exclusiveMinimum|exclusiveMaximum)":\s*(-?\d+)/g)].map((match) => BigInt(match[1] ?? "0")));
  const wide = [...bounds].filter((bound) => bound > 2n ** 53n || bound < -(2n ** 53n)).sort((a, b) => (a < b ? -1 : 1));
  expect(wide).toEqual([...WIDE_INTEGER_BOUNDS]);
});
