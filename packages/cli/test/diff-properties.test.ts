import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHANGE_KINDS, diffSchemaSets, SchemaSetError, type ChangeKind, type DiffReport, type SchemaSet } from "../src/index.js";
import { printedJson, validateDiffReport } from "./support/diff-schema.js";

const SEVERITY_OF_EFFECT = { narrows: "major", both: "major", removed: "major", widens: "minor", new_field: "minor", added: "minor", neither: "patch" } as const;

function setOf(types: { readonly [name: string]: unknown }): SchemaSet {
  return { types: new Map(Object.entries(types)), methods: new Map() };
}

// One ajv for every check: each new one would compile the meta-schema again, most of a check's time.
const ajv = new Ajv2020({ strict: false });

function accepts(schema: unknown, instance: unknown): boolean {
  return ajv.compile({ $defs: { T: schema }, $ref: "#/$defs/T" })(instance);
}

const hostileValues = [
  new Proxy({}, { get: () => { throw new Error("x"); }, ownKeys: () => { throw new Error("x"); }, has: () => { throw new Error("x"); } }),
  Object.defineProperty({}, "type", { enumerable: true, get: () => { throw new Error("x"); } }),
  (() => { const cycle: { [key: string]: unknown } = {}; cycle["self"] = cycle; return cycle; })(),
];

function kindOf(change: { readonly kind: string }): ChangeKind {
  const kind = Object.keys(CHANGE_KINDS).find((known): known is ChangeKind => known === change.kind);
  if (kind === undefined) throw new Error(`unknown kind ${change.kind}`);
  return kind;
}

describe("diff properties", () => {
  it("finds no change between a set and itself", () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue(), { minKeys: 1 }), (types) => {
      expect(diffSchemaSets(setOf(types), setOf(types))).toEqual({ bump: "none", changes: [] });
    }));
  });

  it("classifies every change by its kind and takes the most severe as the bump, in a report the shipped schema accepts", () => {
    fc.assert(fc.property(fc.jsonValue(), fc.jsonValue(), (before, after) => {
      const report: DiffReport = diffSchemaSets(setOf({ T: before }), setOf({ T: after }));
      expect(validateDiffReport(printedJson(report))).toBe(true);
      for (const change of report.changes) {
        const severity = SEVERITY_OF_EFFECT[CHANGE_KINDS[kindOf(change)]];
        // A breaking claim is major only with a witness; without one it is unproven.
        expect(change.severity).toBe(severity === "major" && change.witness === undefined ? "unproven" : severity);
      }
      const severities: string[] = report.changes.map((change) => change.severity);
      expect(report.bump).toBe(["major", "minor", "patch"].find((level) => severities.includes(level)) ?? "none");
    }), { numRuns: 100 });
  });

  it("reports, instead of failing, a breaking change of a type ajv cannot compile as unproven", () => {
    const { changes } = diffSchemaSets(setOf({ T: [] }), setOf({ T: { type: "string" } }));
    expect(changes.map((change) => change.kind)).toEqual(["nullable_removed", "type_narrowed", "keyword_changed"]);
    for (const change of changes) {
      expect(change).toMatchObject({ severity: "unproven", note: expect.stringContaining("unproven: some candidates could not be judged") });
      expect(change).not.toHaveProperty("witness");
    }
  });

  it("rejects values that are not JSON with a SchemaSetError, never another failure", () => {
    const throwingGetter = fc.anything().map((inner) => Object.defineProperty({ inner }, "items", { enumerable: true, get: () => { throw new Error("x"); } }));
    fc.assert(fc.property(fc.oneof(fc.anything(), throwingGetter), (schema) => {
      try {
        const report = diffSchemaSets(setOf({ T: schema }), setOf({ T: schema }));
        expect(report.bump).toBe("none");
      } catch (error) {
        expect(error).toBeInstanceOf(SchemaSetError);
      }
    }));
    for (const hostile of hostileValues) expect(() => diffSchemaSets(setOf({ T: hostile }), setOf({}))).toThrow(SchemaSetError);
  });

  it("witnesses every removed enum value with a removed value, in a type no method reaches (so both flows)", () => {
    fc.assert(fc.property(fc.uniqueArray(fc.string(), { minLength: 2, maxLength: 6 }), fc.integer({ min: 1 }), (values, cut) => {
      const kept = values.slice(0, cut % (values.length - 1) + 1);
      const report = diffSchemaSets(setOf({ T: { enum: values } }), setOf({ T: { enum: kept } }));
      expect(report.bump).toBe("major");
      for (const change of report.changes) {
        expect(change).toMatchObject({ kind: "enum_value_removed", flows: ["client_to_server", "server_to_client"] });
        expect(values.filter((value) => !kept.includes(value))).toContain(change.witness?.instance);
      }
    }), { numRuns: 40 });
  });

  it("witnesses every tightened bound with an instance ajv says the old schema accepts and the new rejects", () => {
    const keyword = fc.constantFrom("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems");
    fc.assert(fc.property(keyword, fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 50 }), (bound, start, step) => {
      const lower = bound.startsWith("min") || bound === "exclusiveMinimum";
      const type = bound.endsWith("Length") ? "string" : bound.endsWith("Items") ? "array" : "integer";
      const before = { type, [bound]: start + (lower ? 0 : step) };
      const after = { type, [bound]: start + (lower ? step : 0) };
      const [change] = diffSchemaSets(setOf({ T: before }), setOf({ T: after })).changes;
      expect(change).toMatchObject({ kind: "bound_tightened", severity: "major" });
      expect(accepts(before, change?.witness?.instance)).toBe(true);
      expect(accepts(after, change?.witness?.instance)).toBe(false);
    }), { numRuns: 40 });
  });
});
