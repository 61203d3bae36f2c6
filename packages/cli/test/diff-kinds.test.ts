import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { diffSchemaSets, type ChangeKind, type SchemaSet } from "../src/index.js";

function setOf(schema: unknown): SchemaSet {
  return { types: new Map([["T", schema]]), methods: new Map() };
}

function accepts(schema: unknown, instance: unknown): boolean {
  return new Ajv2020({ strict: false }).compile({ $defs: { T: schema }, $ref: "#/$defs/T" })(instance);
}

const object = (properties: object, extra: object = {}) => ({ type: "object", properties, ...extra });

/** Old schema, new schema, the kinds the diff reports, in order. */
const CASES: readonly [string, unknown, unknown, readonly ChangeKind[]][] = [
  ["null removed from a type array", { type: ["string", "null"] }, { type: "string" }, ["nullable_removed"]],
  ["null added to a type array", { type: "string" }, { type: ["string", "null"] }, ["nullable_added"]],
  ["a null variant removed", { anyOf: [{ type: "string" }, { type: "null" }] }, { anyOf: [{ type: "string" }] }, ["nullable_removed"]],
  ["integer widened to number", { type: "integer" }, { type: "number" }, ["type_widened"]],
  ["number narrowed to integer", { type: "number" }, { type: "integer" }, ["type_narrowed"]],
  ["a pattern added", { type: "string" }, { type: "string", pattern: "^[0-9]+$" }, ["pattern_added"]],
  ["a pattern replaced", { type: "string", pattern: "^a" }, { type: "string", pattern: "^b" }, ["pattern_changed"]],
  ["a const replaced", { const: "a" }, { const: "b" }, ["const_changed"]],
  ["a field removed from a closed object", object({ a: { type: "string" } }, { additionalProperties: false }), object({}, { additionalProperties: false }), ["field_removed_closed"]],
  ["a field removed from an open object", object({ a: { type: "string" } }), object({}), ["field_removed"]],
  ["a field made required", object({ a: { type: "string" } }), object({ a: { type: "string" } }, { required: ["a"] }), ["field_made_required"]],
  ["a field made optional", object({ a: { type: "string" } }, { required: ["a"] }), object({ a: { type: "string" } }), ["field_made_optional"]],
  ["an object closed", object({}), object({}, { additionalProperties: false }), ["additional_properties_closed"]],
  ["an object opened", object({}, { additionalProperties: false }), object({}), ["additional_properties_opened"]],
  ["additional properties narrowed", object({}, { additionalProperties: { type: "string" } }), object({}, { additionalProperties: { type: "string", maxLength: 2 } }), ["bound_tightened"]],
  ["items narrowed", { type: "array", items: { type: "string" } }, { type: "array", items: { type: "boolean" } }, ["type_changed"]],
  ["a tagged variant removed", { type: "object", discriminator: { propertyName: "k" }, oneOf: [object({ k: { const: "a" } }, { required: ["k"] }), object({ k: { const: "b" } }, { required: ["k"] })] }, { type: "object", discriminator: { propertyName: "k" }, oneOf: [object({ k: { const: "a" } }, { required: ["k"] })] }, ["variant_removed"]],
  // One variant's tag no longer required: the variants stay disjoint (the other still requires its own tag), so the oneOf reads as before.
  ["a variant's tag made optional", { oneOf: [object({ k: { const: "a" } }, { required: ["k"] }), object({ k: { const: "b" } }, { required: ["k"] })] }, { oneOf: [object({ k: { const: "a" } }), object({ k: { const: "b" } }, { required: ["k"] })] }, ["field_made_optional"]],
  ["a multipleOf added", { type: "integer" }, { type: "integer", multipleOf: 2 }, ["keyword_changed"]],
  ["a title changed", { type: "string", title: "A" }, { type: "string", title: "B" }, ["annotation_changed"]],
];

describe("change kinds", () => {
  it.each(CASES)("%s", (_name, before, after, kinds) => {
    const report = diffSchemaSets(setOf(before), setOf(after));
    expect(report.changes.map((change) => change.kind)).toEqual(kinds);
    for (const change of report.changes) {
      if (change.severity !== "major") continue;
      const witness = change.witness;
      if (witness === undefined) throw new Error(`no witness for ${change.kind}`);
      const [accepting, rejecting] = witness.accepted_by === "old" ? [before, after] : [after, before];
      expect(accepts(accepting, witness.instance)).toBe(true);
      expect(accepts(rejecting, witness.instance)).toBe(false);
    }
  });

  it("calls a format added a patch: format annotates, unless formats are asserted", () => {
    expect(diffSchemaSets(setOf({ type: "string" }), setOf({ type: "string", format: "uri" })).changes).toMatchObject([{ kind: "format_added", path: "/format", severity: "patch", breaks: [] }]);
    const [asserted] = diffSchemaSets(setOf({ type: "string" }), setOf({ type: "string", format: "uri" }), { assertFormats: true }).changes;
    expect(asserted).toMatchObject({ kind: "format_added", severity: "major", witness: { accepted_by: "old", rejected_by: "new" } });
    // A format nothing checks (the reference's `uint32`) is a claim no witness backs.
    expect(diffSchemaSets(setOf({ type: "integer" }), setOf({ type: "integer", format: "uint32" }), { assertFormats: true }).changes).toMatchObject([{ kind: "format_added", severity: "unproven" }]);
  });
});
