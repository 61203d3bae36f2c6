import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import {
  lexicalFacts,
  lexicalFailure,
  NdjsonReader,
  parseClientMessage,
  validateClientMessage,
  validateType,
  type LexicalFacts,
  type ValidationResult,
} from "@app-server-protocol/validators";
import { parseServerMessage, validateServerMessage } from "@app-server-protocol/validators/all";
import { typeVectors } from "../../../tests/support/vectors.js";
import { expectedRule, numbersOf, respelled } from "./lexical-expectations.js";

const REWIND = (keep: string) => `{"type":"request","id":"r","method":"session/rewind","params":{"session_id":"s","keep_messages":${keep}}}`;

function verdictOf(result: ValidationResult<unknown>): unknown {
  return result.ok ? "ok" : result.error;
}

describe("the text entry points with `lexical`", () => {
  it("refuse what JSON.parse hides, and accept the same texts without it", () => {
    const cases: [string, unknown][] = [
      ['{"type":"request","id":"a","id":"b","method":"session/list"}', { code: "duplicate_key", path: "/id", message: "/id: key written twice (JSON.parse keeps the last value)" }],
      [REWIND("1.0"), { code: "non_integer_literal", path: "/params/keep_messages", message: "/params/keep_messages: must be written as an integer, not 1.0", type: "SessionRewindParams" }],
      [REWIND("1e1"), { code: "non_integer_literal", path: "/params/keep_messages", message: "/params/keep_messages: must be written as an integer, not 1e1", type: "SessionRewindParams" }],
      [REWIND("-0"), { code: "non_integer_literal", path: "/params/keep_messages", message: "/params/keep_messages: must be written as an integer, not -0", type: "SessionRewindParams" }],
      [REWIND("18446744073709551616"), { code: "invalid_value", path: "/params/keep_messages", message: "/params/keep_messages: must be <= 18446744073709551615", type: "SessionRewindParams" }],
      ['{"type":"request","id":"\\ud800","method":"session/list"}', { code: "lone_surrogate", path: "/id", message: "/id: holds a lone UTF-16 surrogate" }],
      ['{"type":"request","id":"r","method":"session/list","params":{"x":[1e400]}}', { code: "invalid_value", path: "/params/x/0", message: "/params/x/0: number out of range (no double holds it)" }],
    ];
    for (const [text, error] of cases) {
      expect(verdictOf(parseClientMessage(text, { lexical: true })), text).toEqual(error);
      const plain = parseClientMessage(text);
      // Without `lexical` only what the parsed value shows is judged: 1e400 is Infinity, which an opaque payload takes.
      expect(plain.ok, text).toBe(true);
    }
  });

  it("accept every spelling an exact decoder reads as the same value", () => {
    for (const keep of ["18446744073709551615", "0", "9007199254740993"]) expect(parseClientMessage(REWIND(keep), { lexical: true }).ok, keep).toBe(true);
    const spaced = ' { "type" : "request" , "id" : "\\u0072" , "method" : "session/list" , "params" : { "n" : 1.0e3 , "k" : "\\ud83d\\ude00" } } ';
    expect(parseClientMessage(spaced, { lexical: true }).ok).toBe(true);
  });

  it("judge a response's data by the method it answers", () => {
    const answer = '{"type":"response","id":"req-1","result":{"status":"success","data":{"session_id":"s","path":"a","mtime":1.5e3,"seeded":true}}}';
    expect(parseServerMessage(answer, { lexical: true, methodOf: () => "tools/seed_read_state" })).toMatchObject({ ok: false, error: { code: "non_integer_literal", path: "/result/data/mtime", type: "SeedReadStateResult" } });
    expect(parseServerMessage(answer, { lexical: true }).ok).toBe(true);
  });

  it("reach the lines of an NdjsonReader", () => {
    const reader = new NdjsonReader(parseClientMessage, { lexical: true });
    const verdicts = [...reader.push(`${REWIND("2")}\n${REWIND("2.0")}\n`), ...reader.end()];
    expect(verdicts.map(({ line, result }) => [line, result.ok ? "ok" : result.error.code])).toEqual([
      [1, "ok"],
      [2, "non_integer_literal"],
    ]);
  });
});

describe("the validators' `textFacts`", () => {
  it("judge a value parsed elsewhere by the facts of its text", () => {
    const text = '{"session_id":"s","keep_messages":3.0}';
    const value: unknown = JSON.parse(text);
    expect(validateType("SessionRewindParams", value).ok).toBe(true);
    expect(validateType("SessionRewindParams", value, { textFacts: lexicalFacts(text, value) })).toMatchObject({ ok: false, error: { code: "non_integer_literal", path: "/keep_messages" } });
  });

  it("report the value's own failure when the text hides nothing, and the text's first", () => {
    const missing = '{"type":"request","id":"r","method":"session/rewind","params":{"session_id":"s"}}';
    const value: unknown = JSON.parse(missing);
    expect(validateClientMessage(value, { textFacts: lexicalFacts(missing, value) })).toEqual(validateClientMessage(value));
    const twice = '{"type":"request","type":"request","id":"r","method":"session/rewind","params":{"session_id":"s"}}';
    expect(validateClientMessage(JSON.parse(twice), { textFacts: lexicalFacts(twice) })).toMatchObject({ ok: false, error: { code: "duplicate_key", path: "/type" } });
  });

  it("never throw, whatever facts they are given", () => {
    const facts: fc.Arbitrary<LexicalFacts> = fc.record({
      duplicateKeys: fc.array(fc.record({ path: fc.string(), key: fc.string() }), { maxLength: 3 }),
      numbers: fc.array(fc.record({ path: fc.oneof(fc.string(), fc.constantFrom("/params", "/params/keep_messages", "/params/x/0/y")), text: fc.string() }), { maxLength: 3 }),
      loneSurrogates: fc.array(fc.string(), { maxLength: 3 }),
    });
    const message = fc.oneof(fc.anything(), fc.constant(JSON.parse(REWIND("1"))));
    fc.assert(
      fc.property(message, facts, (value, textFacts) => {
        for (const verdict of [validateClientMessage(value, { textFacts }), validateServerMessage(value, { textFacts }), validateType("SessionRewindParams", value, { textFacts })]) {
          expect(typeof verdict.ok).toBe("boolean");
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("lexicalFailure", () => {
  it("names the first key written twice, then a lone surrogate, then a number no double holds", () => {
    expect(lexicalFailure(lexicalFacts('[{"a":1},"\\udfff",1e999,{"a/b":1,"a/b":2}]'))).toEqual({ code: "duplicate_key", path: "/3/a~1b", message: "/3/a~1b: key written twice (JSON.parse keeps the last value)" });
    expect(lexicalFailure(lexicalFacts('[1e999,"\\udfff"]'))?.code).toBe("lone_surrogate");
    expect(lexicalFailure(lexicalFacts("[-1e999]"))?.path).toBe("/0");
    expect(lexicalFailure(lexicalFacts("[1e308, 0.1, -0, 123456789012345678901234567890]"))).toBeUndefined();
  });
});

// Valid messages: a request or notification of every method, its params a valid type vector.

interface Sample {
  readonly message: { readonly [key: string]: unknown };
  readonly client: boolean;
  readonly paramsType: string;
}

const SAMPLES: Sample[] = METHOD_REGISTRY.flatMap(({ method, direction, params }) =>
  typeVectors(params, true).flatMap(({ value }): Sample[] => {
    const client = direction === "client_request";
    const message = direction === "server_notification" ? { type: "notification", method, params: value } : { type: "request", id: "m-1", method, params: value };
    const valid = client ? validateClientMessage(message) : validateServerMessage(message);
    // A number JSON.stringify writes inexactly (2^64 as 18446744073709552000) is a fact of its own.
    const exact = numbersOf(message).every(([, number]) => Number.isSafeInteger(number) || !Number.isInteger(number));
    return valid.ok && exact ? [{ message, client, paramsType: params }] : [];
  }),
);

function parsed(sample: Sample, text: string): ValidationResult<unknown> {
  return sample.client ? parseClientMessage(text, { lexical: true }) : parseServerMessage(text, { lexical: true });
}

/** The JSON Pointers of the objects and strings of a value. */
function places(value: unknown, path = ""): { objects: [string, string[]][]; strings: string[] } {
  const found: { objects: [string, string[]][]; strings: string[] } = { objects: [], strings: [] };
  const visit = (node: unknown, at: string): void => {
    if (typeof node === "string") found.strings.push(at);
    else if (Array.isArray(node)) node.forEach((item, index) => visit(item, `${at}/${index}`));
    else if (typeof node === "object" && node !== null) {
      const keys = Object.keys(node);
      if (keys.length > 0) found.objects.push([at, keys]);
      for (const key of keys) visit(Reflect.get(node, key), `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
    }
  };
  visit(value, path);
  return found;
}

const sample = fc.constantFrom(...SAMPLES);

describe("lexical properties of valid messages", () => {
  it("has valid messages of many methods to mutate", () => {
    expect(new Set(SAMPLES.map(({ message }) => message.method)).size).toBeGreaterThan(100);
  });

  it("passes every valid message as JSON.stringify writes it, with or without whitespace", () => {
    fc.assert(
      fc.property(sample, fc.constantFrom(undefined, 1, "\t"), (chosen, space) => {
        expect(verdictOf(parsed(chosen, JSON.stringify(chosen.message, null, space)))).toBe("ok");
      }),
      { numRuns: 400 },
    );
  });

  it("refuses a key written twice, at the member's path", () => {
    fc.assert(
      fc.property(sample, fc.nat(), fc.nat(), (chosen, pick, keyPick) => {
        const { objects } = places(chosen.message);
        const [object, keys] = objects[pick % objects.length] ?? ["", []];
        const key = keys[keyPick % keys.length] ?? "";
        const text = JSON.stringify(chosen.message);
        const value = objectAt(chosen.message, `${object}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`);
        const doubled = respelled(text, object, `{${JSON.stringify(key)}:${JSON.stringify(value)},${JSON.stringify(objectAt(chosen.message, object)).slice(1)}`);
        expect(verdictOf(parsed(chosen, doubled))).toMatchObject({ code: "duplicate_key", path: `${object}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}` });
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a lone surrogate escape put into any string", () => {
    fc.assert(
      fc.property(sample, fc.nat(), fc.constantFrom("\\ud800", "\\uDBFF", "\\udc00", "\\uDFFF"), (chosen, pick, escape) => {
        const { strings } = places(chosen.message);
        const path = strings[pick % strings.length] ?? "/type";
        const original = JSON.stringify(objectAt(chosen.message, path));
        const text = respelled(JSON.stringify(chosen.message), path, `${original.slice(0, -1)}${escape}"`);
        expect(verdictOf(parsed(chosen, text))).toMatchObject({ code: "lone_surrogate", path });
      }),
      { numRuns: 300 },
    );
  });

  const withIntegers = SAMPLES.flatMap((chosen) =>
    numbersOf(chosen.message.params, "/params").flatMap(([path, number]) => {
      const rule = expectedRule(chosen.paramsType, chosen.message.params, path.slice("/params".length));
      return rule === undefined ? [] : [{ chosen, path, number, rule }];
    }),
  );

  it("refuses an integer respelled as N.0 or Ne0 where the params type wants an integer, and only there", () => {
    expect(withIntegers.filter(({ rule }) => rule.integer).length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...withIntegers.filter(({ number }) => Number.isSafeInteger(number))), fc.constantFrom(".0", "e0"), ({ chosen, path, number, rule }, suffix) => {
        const verdict = parsed(chosen, respelled(JSON.stringify(chosen.message), path, `${number}${suffix}`));
        expect(verdictOf(verdict)).toEqual(rule.integer ? expect.objectContaining({ code: "non_integer_literal", path, type: chosen.paramsType }) : "ok");
      }),
      { numRuns: 300 },
    );
  });

  it("refuses a u64 field one past its bound, written exactly", () => {
    const u64 = withIntegers.filter(({ rule }) => rule.integer && rule.maximum === "18446744073709551615");
    expect(u64.length).toBeGreaterThan(5);
    fc.assert(
      fc.property(fc.constantFrom(...u64), ({ chosen, path }) => {
        const verdict = parsed(chosen, respelled(JSON.stringify(chosen.message), path, "18446744073709551616"));
        expect(verdictOf(verdict)).toEqual({ code: "invalid_value", path, message: `${path}: must be <= 18446744073709551615`, type: chosen.paramsType });
      }),
      { numRuns: 100 },
    );
  });

  it("never throws on any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value)), sample.map(({ message }) => JSON.stringify(message).slice(0, -3))), (text) => {
        expect(typeof parseClientMessage(text, { lexical: true }).ok).toBe("boolean");
        expect(typeof parseServerMessage(text, { lexical: true, methodOf: () => "session/list" }).ok).toBe("boolean");
      }),
      { numRuns: 500 },
    );
  });
});

/** The value at a JSON Pointer of `root`. */
function objectAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split("/").slice(1)) node = Reflect.get(Object(node), token.replace(/~1/g, "/").replace(/~0/g, "~"));
  return node;
}
