import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isJsonObject } from "@app-server-protocol/generator/json";
import type { CompiledType } from "../src/compiled.js";
import { otherTable } from "../src/generated/all-table.js";
import { MESSAGE_TABLE } from "../src/generated/message-table.js";
import { schemaErrors } from "../src/schema-errors.js";
import { matchersModule } from "../scripts/matcher-code.js";
import { schemaSetModule, schemasModule } from "../scripts/schema-code.js";
import { hostile } from "./support/hostile.js";
import { mutationOf } from "./support/mutations.js";
import { COMPILED, REFERENCE } from "./support/reference.js";
import { vectorSamples } from "./support/vector-samples.js";

// The generated code is held to ajv compiled at run time from the same
// schemas with the options the package compiled ajv's standalone code with:
// each matcher accepts exactly what ajv accepts, and the error reporter
// reports exactly ajv's errors, in ajv's order.

const ALL_TABLE = { ...MESSAGE_TABLE, ...otherTable() };
const TYPES: [string, CompiledType][] = Object.entries<CompiledType>(ALL_TABLE);
const DEFINITIONS = isJsonObject(COMPILED.$defs) ? COMPILED.$defs : {};

/** Property names, tags and enum values of a definition: what mutations try. */
function namesIn(value: unknown, into = new Set<string>()): string[] {
  if (Array.isArray(value)) for (const item of value) namesIn(item, into);
  else if (typeof value === "string") into.add(value);
  else if (isJsonObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      namesIn(item, into);
    }
  }
  return [...into].filter((name) => !name.startsWith("#") && name.length < 40).slice(0, 60);
}

/** Each type's vector samples with ajv's verdict on each, computed once for the tests that share them. */
const verdicts = new Map<string, { value: unknown; valid: boolean }[]>();
function referenceVerdicts(name: string): { value: unknown; valid: boolean }[] {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const computed = vectorSamples(name, DEFINITIONS).map((value) => ({ value, valid: REFERENCE.errors(name, value).length === 0 }));
  verdicts.set(name, computed);
  return computed;
}

function agreesWithAjv(name: string, type: CompiledType, value: unknown): void {
  const expected = REFERENCE.errors(name, value);
  expect(type.matches(value), `matches${name}`).toBe(expected.length === 0);
  expect(schemaErrors(type.schema, value), `schema${name}`).toEqual(expected);
}

describe("generated validator code", () => {
  it("covers every protocol type: the message types in the main entry point's table, the others in /all's", () => {
    expect(TYPES.length).toBe(Object.keys(DEFINITIONS).length);
    expect(Object.keys(otherTable()).filter((name) => Object.hasOwn(MESSAGE_TABLE, name))).toEqual([]);
  });

  it.each(TYPES)("%s: the matcher gives ajv's verdict on the conformance vectors' values (every one of a kind it can accept, a sample of the others)", (name, type) => {
    const disagreements = referenceVerdicts(name).filter(({ value, valid }) => type.matches(value) !== valid);
    expect(disagreements).toEqual([]);
  });

  it.each(TYPES)("%s: matcher and error reporter agree with ajv on mutated and arbitrary values", (name, type) => {
    const samples = referenceVerdicts(name).flatMap(({ value, valid }) => (valid ? [value] : []));
    const values = samples.length > 0 ? fc.oneof(mutationOf(samples, namesIn(DEFINITIONS[name])), fc.jsonValue({ maxDepth: 3 })) : fc.jsonValue({ maxDepth: 3 });
    fc.assert(fc.property(values, (value) => agreesWithAjv(name, type, value)), { numRuns: 60 });
  });

  it("are not generated for a schema with a keyword they do not implement", () => {
    const definitions = { Day: { type: "object", properties: { date: { type: "string", format: "date" } } } };
    expect(() => matchersModule(definitions, ["Day"], "")).toThrow(/keyword format/);
    expect(() => schemasModule(definitions, ["Day"], "")).toThrow(/keyword format/);
    expect(() => schemaSetModule(definitions, ["Day"], "daySchema", { source: (name) => name, imports: () => [] }, "")).toThrow(/keyword format/);
  });

  it("report errors by instance path, keyword and params only", () => {
    const errors = schemaErrors(ALL_TABLE.AskUserQuestionRequest.schema, { request_id: "q1", questions: [{ id: "db", question: 7 }] });
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) expect(Object.keys(error).sort()).toEqual(["instancePath", "keyword", "params"]);
  });

  it("throw, as ajv's code does, on values that fight back, and the matchers never accept one", () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(...TYPES), (value, [name, type]) => {
        let accepted = false;
        try {
          accepted = type.matches(value);
        } catch {
          accepted = false;
        }
        let reference: string;
        try {
          reference = REFERENCE.errors(name, value).length === 0 ? "valid" : "invalid";
        } catch {
          reference = "throws";
        }
        if (reference !== "valid") expect(accepted).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
