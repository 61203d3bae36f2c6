import { describe, expect, it } from "vitest";
import { lexicalFacts, PROTOCOL_TYPE_NAMES, validateType, type ProtocolTypeName, type ValidationResult } from "@app-server-protocol/validators/all";
import { typeVectors, vectorTypes } from "../../../tests/support/vectors.js";
import { exactBound } from "../src/lexical/exact-bounds.js";
import { expectedRule, numbersOf, pastBound, respelled, writtenBounds, type ExpectedRule } from "./lexical-expectations.js";

// Every number of every valid type vector, against what the published
// bundle's text says of its place (lexical-expectations.ts, without ajv):
// spelled as JSON.stringify spells it, respelled with a fraction or an
// exponent, and moved one past its bounds written exactly.

const TYPE_NAMES: ReadonlySet<string> = new Set(PROTOCOL_TYPE_NAMES);

function isProtocolType(name: string): name is ProtocolTypeName {
  return TYPE_NAMES.has(name);
}

interface NumberCase {
  readonly type: ProtocolTypeName;
  readonly vector: string;
  readonly value: unknown;
  readonly path: string;
  readonly number: number;
  readonly rule: ExpectedRule;
}

const VECTORS = vectorTypes()
  .filter(isProtocolType)
  .flatMap((type) => typeVectors(type, true).map(({ name, value }) => ({ type, vector: name, value })));

const NUMBERS: NumberCase[] = VECTORS.flatMap(({ type, vector, value }) =>
  numbersOf(value).flatMap(([path, number]) => {
    const rule = expectedRule(type, value, path);
    return rule === undefined ? [] : [{ type, vector, value, path, number, rule }];
  }),
);

/** The vectors written by JSON.stringify that hold no integer past its bound: their numbers are respelled one at a time. */
const CLEAN = new Set(
  VECTORS.filter(({ type, vector }) => predicted(NUMBERS.filter((number) => number.vector === vector && number.type === type)) === undefined).map(({ value }) => value),
);

function judged(type: ProtocolTypeName, text: string): ValidationResult<unknown> {
  const value: unknown = JSON.parse(text);
  return validateType(type, value, { textFacts: lexicalFacts(text, value) });
}

/** How the text writes a number compared with a bound: exactly, as decimal text. */
function exceeds(literal: string, bound: string, direction: 1 | -1): boolean {
  return direction * (BigInt(literal) > BigInt(bound) ? 1 : BigInt(literal) < BigInt(bound) ? -1 : 0) > 0;
}

/** The first failure the bundle predicts for a value written by JSON.stringify, from its numbers in text order. */
function predicted(cases: readonly NumberCase[]): { code: string; path: string } | undefined {
  for (const { path, number, rule } of cases) {
    const literal = JSON.stringify(number);
    if (!rule.integer) continue;
    if (/[.eE]/.test(literal)) return { code: "non_integer_literal", path };
    if ((rule.maximum !== undefined && exceeds(literal, rule.maximum, 1)) || (rule.minimum !== undefined && exceeds(literal, rule.minimum, -1))) return { code: "invalid_value", path };
  }
  return undefined;
}

/** How a failure's message starts: its path, or nothing for the whole value. */
function at(path: string): string {
  return path === "" ? "" : `${path}: `;
}

describe("the exact bounds", () => {
  it("reads every bound of the bundle back as its text writes it, from the double a parsed bundle holds", () => {
    const bounds = writtenBounds();
    expect(bounds.map(({ text }) => text)).toContain("18446744073709551615");
    expect(bounds.map(({ text }) => text)).toContain("-9223372036854775808");
    for (const { text, parsed } of bounds) expect(exactBound(parsed), text).toBe(text);
  });
});

describe("numbers of the type vectors as written", () => {
  it("has numbers of both kinds to judge, at places the bundle plainly describes", () => {
    expect(NUMBERS.filter(({ rule }) => rule.integer).length).toBeGreaterThan(50);
    expect(NUMBERS.filter(({ rule }) => !rule.integer).length).toBeGreaterThan(5);
    expect(NUMBERS.filter(({ rule }) => rule.maximum === "18446744073709551615").length).toBeGreaterThan(10);
  });

  it("passes each vector as JSON.stringify writes it, but for an integer whose shortest double spelling is past its bound", () => {
    for (const { type, vector, value } of VECTORS) {
      const cases = NUMBERS.filter((number) => number.vector === vector && number.type === type);
      if (cases.length !== numbersOf(value).length) continue;
      const verdict = judged(type, JSON.stringify(value));
      const expected = predicted(cases);
      expect(verdict.ok ? undefined : { code: verdict.error.code, path: verdict.error.path }, `${type} ${vector}`).toEqual(expected);
    }
  });

  it("refuses an integer field respelled with a fraction or an exponent, and only an integer field", () => {
    for (const { type, vector, value, path, number, rule } of NUMBERS) {
      if (!Number.isSafeInteger(number) || !CLEAN.has(value)) continue;
      for (const literal of [`${number}.0`, `${number}e0`, `${number}E+0`]) {
        const verdict = judged(type, respelled(JSON.stringify(value), path, literal));
        const expected = rule.integer ? { code: "non_integer_literal", path, message: `${at(path)}must be written as an integer, not ${literal}`, type } : undefined;
        expect(verdict.ok ? undefined : verdict.error, `${type} ${vector} ${path} ${literal}`).toEqual(expected);
      }
    }
  });

  it("refuses an integer one past its bound written exactly, with the bound written exactly", () => {
    let beyondDoubles = 0;
    for (const { type, vector, value, path, rule } of NUMBERS) {
      if (!rule.integer) continue;
      const limits = [
        { bound: rule.maximum, step: 1 as const, comparison: "<=" },
        { bound: rule.minimum, step: -1 as const, comparison: ">=" },
      ];
      for (const { bound, step, comparison } of limits) {
        if (bound === undefined) continue;
        const past = Math.abs(Number(bound)) < 2 ** 53 ? String(Number(bound) + step) : pastBound(bound, step);
        if (Number(past) === Number(bound)) beyondDoubles += 1;
        const verdict = judged(type, respelled(JSON.stringify(value), path, past));
        expect(verdict.ok ? undefined : { code: verdict.error.code, path: verdict.error.path }, `${type} ${vector} ${path} ${past}`).toEqual({ code: "invalid_value", path });
        // The bound a double rounds onto is told exactly; the others as the schema's failure tells them.
        if (Number(past) === Number(bound) && !verdict.ok) expect(verdict.error.message).toBe(`${at(path)}must be ${comparison} ${bound}`);
      }
    }
    expect(beyondDoubles).toBeGreaterThan(10);
  });
});
