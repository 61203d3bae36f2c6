import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffSchemaSets } from "../src/index.js";
import { run } from "./support/run.js";
import { editedCopy, nodeAt, setAccepts, type SetEdit } from "./support/schema-sets.js";
import { expectWitnessHolds, setOf, type Types } from "./support/typed-sets.js";

const mode = { description: "A mode.", type: "string", enum: ["plan", "edit"] };
const holder = (field: unknown) => ({ type: "object", properties: { mode: field }, required: ["mode"] });

/** The changes of `T` alone between two sets. */
function changesOfT(before: Types, after: Types) {
  return diffSchemaSets(setOf(before), setOf(after)).changes.filter((change) => change.type === "T");
}

describe("a $ref compared through the type it names", () => {
  it("finds nothing when a $ref is replaced by the same schema inline, or the other way round", () => {
    const byRef = { T: holder({ $ref: "#/$defs/Mode" }), Mode: mode };
    const inline = { T: holder(mode), Mode: mode };
    expect(diffSchemaSets(setOf(byRef), setOf(inline))).toEqual({ bump: "none", changes: [] });
    expect(diffSchemaSets(setOf(inline), setOf(byRef))).toEqual({ bump: "none", changes: [] });
  });

  it("finds nothing at a $ref whose type was renamed but is the same, and pairs the names as a rename (patch)", () => {
    const report = diffSchemaSets(setOf({ T: holder({ $ref: "#/$defs/Mode" }), Mode: mode }), setOf({ T: holder({ $ref: "#/$defs/EditMode" }), EditMode: mode }));
    expect(report.changes.map(({ type, kind, severity, detail }) => [type, kind, severity, detail])).toEqual([["Mode", "type_renamed", "patch", "type Mode renamed to EditMode, which accepts the same messages"]]);
    const changed = diffSchemaSets(setOf({ T: holder({ $ref: "#/$defs/Mode" }), Mode: mode }), setOf({ T: holder({ $ref: "#/$defs/EditMode" }), EditMode: { ...mode, enum: ["plan"] } }));
    expect(changed.changes.map(({ type, kind }) => [type, kind])).toEqual([["EditMode", "type_added"], ["Mode", "type_removed"], ["T", "enum_value_removed"]]);
  });

  it("reports what the inline schema changes, at the field, with a witness checked by ajv", () => {
    const before = { T: holder({ $ref: "#/$defs/Mode" }), Mode: mode };
    const after = { T: holder({ ...mode, enum: ["plan"] }), Mode: mode };
    const [change, ...rest] = changesOfT(before, after);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ path: "/properties/mode", kind: "enum_value_removed", value: "edit", severity: "major" });
    expect(expectWitnessHolds(change, before, after)).toEqual({ mode: "edit" });
  });

  it("calls an enum $ref widened to any string a widening, not a changed $ref", () => {
    const before = { T: holder({ description: "How.", $ref: "#/$defs/Mode" }), Mode: mode };
    const after = { T: holder({ description: "How.", type: "string" }), Mode: mode };
    expect(changesOfT(before, after)).toEqual([{ type: "T", path: "/properties/mode", kind: "enum_value_added", detail: "enum removed", severity: "minor", breaks: ["new_producer_old_reader"], flows: ["client_to_server", "server_to_client"], witness: { instance: { mode: "" }, accepted_by: "new", rejected_by: "old" } }]);
    const [narrowed] = changesOfT(after, before);
    expect(narrowed).toMatchObject({ kind: "enum_value_removed", severity: "major" });
    expectWitnessHolds(narrowed, after, before);
  });

  it("calls an enum replaced by a pattern that accepts every old value a widening only", () => {
    const before = { T: { type: "string", enum: ["Dark", "Light"] } };
    const after = { T: { type: "string", pattern: "^(?:[Dd]ark|[Ll]ight)$" } };
    expect(changesOfT(before, after).map((change) => [change.kind, change.severity])).toEqual([["enum_value_added", "minor"]]);
    const [tighter, ...rest] = changesOfT(before, { T: { type: "string", pattern: "^[Dd]ark$" } }).filter((change) => change.severity === "major");
    expect(rest).toEqual([]);
    expect(tighter).toMatchObject({ kind: "pattern_added", path: "/pattern" });
    expect(expectWitnessHolds(tighter, before, { T: { type: "string", pattern: "^[Dd]ark$" } })).toBe("Light");
  });

  it("stops at a recursive type renamed on both sides, and still finds a change inside it once", () => {
    const tree = (name: string, extra: object = {}) => ({ type: "object", properties: { children: { type: "array", items: { $ref: `#/$defs/${name}` } }, ...extra } });
    const before = { T: holder({ $ref: "#/$defs/Tree" }), Tree: tree("Tree") };
    expect(changesOfT(before, { T: holder({ $ref: "#/$defs/Node" }), Node: tree("Node") })).toEqual([]);
    const after = { T: holder({ $ref: "#/$defs/Node" }), Node: tree("Node", { label: { type: "string", maxLength: 3 } }) };
    expect(changesOfT(before, after).map((change) => [change.path, change.kind])).toEqual([["/properties/mode/properties/label", "field_added_optional"]]);
  });

  it("pairs a union variant inlined or renamed with its old self", () => {
    const selected = { type: "object", properties: { kind: { const: "selected" }, ids: { type: "array", items: { type: "string" } } }, required: ["kind"] };
    const text = { type: "object", properties: { kind: { const: "text" }, text: { type: "string" } }, required: ["kind", "text"] };
    const union = (...variants: unknown[]) => ({ oneOf: variants, discriminator: { propertyName: "kind" } });
    const before = { T: union({ $ref: "#/$defs/Selected" }, { $ref: "#/$defs/Text" }), Selected: selected, Text: text };
    expect(changesOfT(before, { T: union(selected, { $ref: "#/$defs/Text" }), Selected: selected, Text: text })).toEqual([]);
    expect(changesOfT(before, { T: union({ $ref: "#/$defs/Picked" }, { $ref: "#/$defs/Text" }), Picked: selected, Text: text })).toEqual([]);
    const nullable = { T: { anyOf: [{ $ref: "#/$defs/Text" }, { type: "null" }] }, Text: text };
    expect(changesOfT(nullable, { T: { anyOf: [text, { type: "null" }] }, Text: text })).toEqual([]);
    const [removed] = changesOfT(before, { T: union({ $ref: "#/$defs/Text" }), Selected: selected, Text: text });
    expect(removed).toMatchObject({ path: "/anyOf/0", kind: "variant_removed" });
  });

  it("compares a $ref it cannot follow by the name it points to", () => {
    const [change] = changesOfT({ T: { $ref: "#/properties/a" } }, { T: { $ref: "#/properties/b" } });
    // ajv cannot resolve either `$ref`, so no instance is judged: the claim is unproven.
    expect(change).toMatchObject({ kind: "ref_changed", detail: "$ref #/properties/a -> #/properties/b", severity: "unproven" });
    const dangling = changesOfT({ T: holder({ $ref: "#/$defs/Gone" }) }, { T: holder(mode) });
    expect(dangling.find((found) => found.kind === "ref_changed")).toMatchObject({ path: "/properties/mode", detail: "$ref #/$defs/Gone -> none" });
  });

  it("compares an enum and a union of consts (a generator documenting each value) as the same list", () => {
    const documented = { type: "string", oneOf: [{ const: "plan", description: "Plan first." }, { const: "edit", description: "Edit." }] };
    expect(changesOfT({ T: mode }, { T: { ...documented, description: mode.description } })).toEqual([]);
    const [removed] = changesOfT({ T: mode }, { T: { ...documented, oneOf: documented.oneOf.slice(0, 1), description: mode.description } });
    expect(removed).toMatchObject({ kind: "enum_value_removed", value: "edit" });
    expect(changesOfT({ T: { enum: ["x"] } }, { T: { type: "string", const: "x" } })).toEqual([]);
  });

  it("never reports a change between a type and the same type behind any chain of $refs and inlinings", () => {
    const leaf = fc.oneof(fc.constant({ type: "string" }), fc.constant({ type: "integer", minimum: 0 }), fc.uniqueArray(fc.string(), { minLength: 1, maxLength: 4 }).map((values) => ({ type: "string", enum: values })));
    const object = fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), leaf, { maxKeys: 4 }).map((properties) => ({ type: "object", properties, required: Object.keys(properties).slice(0, 1) }));
    fc.assert(
      fc.property(object, fc.integer({ min: 0, max: 3 }), (schema, hops) => {
        // `T` points at `A0`, which points at `A1`, ... at the schema; the new set has the schema inline.
        const chain: { [name: string]: unknown } = { [`A${hops}`]: schema };
        for (let hop = hops - 1; hop >= 0; hop--) chain[`A${hop}`] = { $ref: `#/$defs/A${hop + 1}` };
        const report = diffSchemaSets(setOf({ ...chain, T: holder({ $ref: "#/$defs/A0" }) }), setOf({ ...chain, T: holder(schema) }));
        expect(report).toEqual({ bump: "none", changes: [] });
      }),
      { numRuns: 60 },
    );
  });

  it("finds a single removed enum value behind a $ref, with a witness ajv checks", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ maxLength: 5 }), { minLength: 2, maxLength: 5 }), fc.nat(), (values, pick) => {
        const removed = values[pick % values.length];
        const before = { T: holder({ $ref: "#/$defs/E" }), E: { type: "string", enum: values } };
        const after = { T: holder({ type: "string", enum: values.filter((value) => value !== removed) }), E: before.E };
        const changes = changesOfT(before, after);
        expect(changes.map((change) => [change.kind, change.value])).toEqual([["enum_value_removed", removed]]);
        expect(expectWitnessHolds(changes[0], before, after)).toEqual({ mode: removed });
      }),
      { numRuns: 40 },
    );
  });
});

describe("the repository's AuthLoginResult.method, once an enum $ref and now any string", () => {
  const authMethod = { description: "Every spelling of `AuthMethod` a decoder accepts.", type: "string", enum: ["api_key", "o_auth_device", "chatgpt", "oauth_device"] };
  const withEnumRef = (set: SetEdit) => {
    set.defs["AuthMethodInput"] = authMethod;
    const method = nodeAt(set.defs, "AuthLoginResult", "properties", "method");
    delete method["type"];
    method["$ref"] = "#/$defs/AuthMethodInput";
  };
  const asToday = editedCopy((set) => (set.defs["AuthMethodInput"] = authMethod));
  const asBefore = editedCopy(withEnumRef);

  it("is a widening, minor, breaking only a new server with an old client", async () => {
    const { code, stdout } = await run(["diff", asBefore, asToday, "--format", "json"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ bump: "minor", changes: [{ type: "AuthLoginResult", path: "/properties/method", kind: "enum_value_added", detail: "enum removed", severity: "minor", breaks: ["new_producer_old_reader"], flows: ["server_to_client"], witness: { accepted_by: "new", rejected_by: "old" } }] });
    expect(JSON.parse(stdout).changes).toHaveLength(1);
  });

  it("is a narrowing the other way round, witnessed by a spelling the enum lacks", async () => {
    const { code, stdout } = await run(["diff", asToday, asBefore, "--format", "json"]);
    expect(code).toBe(1);
    const [change] = JSON.parse(stdout).changes;
    expect(change).toMatchObject({ type: "AuthLoginResult", path: "/properties/method", kind: "enum_value_removed", severity: "major", witness: { accepted_by: "old", rejected_by: "new" } });
    expect(setAccepts(asToday, "AuthLoginResult", change.witness.instance)).toBe(true);
    expect(setAccepts(asBefore, "AuthLoginResult", change.witness.instance)).toBe(false);
  });
});
