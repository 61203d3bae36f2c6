import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffSchemaSets, loadSchemaSet, type DiffChange, type DiffReport } from "../src/index.js";
import { perTypeTypes } from "../src/diff/schema-set.js";
import { ourTypes, respelled, respelledAccepts, RESPELLINGS, type RespelledSet, type Respellings } from "./support/respelling.js";
import { REPO_SCHEMAS, type Node } from "./support/schema-sets.js";
import { acceptsIn } from "./support/typed-sets.js";

const OURS = loadSchemaSet(REPO_SCHEMAS);
const respellings = fc.record(Object.fromEntries(RESPELLINGS.map((name) => [name, fc.boolean()]))).map((chosen): Respellings => ({ nullableAsAnyOf: false, refSiblings: false, enumsAsOneOf: false, formats: false, allOfWrappers: false, constAsEnum: false, renames: false, reorderVariants: false, ...chosen }));

function setOf(respelling: RespelledSet) {
  return { types: perTypeTypes(respelling.files).types };
}

/** The changes that count: anything above a patch (a change of severity `none` is a type only one side has, not classified). */
function abovePatch(report: DiffReport): DiffChange[] {
  return report.changes.filter((change) => change.severity !== "patch" && change.severity !== "none");
}

describe("our schemas respelled as the reference spells schemas", () => {
  it("differ from ours by nothing above a patch, either way round", () => {
    fc.assert(
      fc.property(respellings, fc.integer({ min: 1 }), (chosen, seed) => {
        const peer = setOf(respelled(ourTypes(), chosen, seed));
        expect(abovePatch(diffSchemaSets(OURS, peer))).toEqual([]);
        expect(abovePatch(diffSchemaSets(peer, OURS))).toEqual([]);
      }),
      { numRuns: 3 },
    );
  });

  it("pair every renamed definition with its old name", () => {
    const every: Respellings = { nullableAsAnyOf: true, refSiblings: true, enumsAsOneOf: true, formats: true, allOfWrappers: true, constAsEnum: true, renames: true, reorderVariants: true };
    const respelling = respelled(ourTypes(), every, 7);
    expect(respelling.renamed.size).toBeGreaterThan(20);
    const report = diffSchemaSets(OURS, setOf(respelling));
    const renames = report.changes.filter((change) => change.kind === "type_renamed");
    // Every pair it reports is one the respelling made; a renamed type whose form also changed (a `$ref` it holds inlined) may be left as a removal and an addition, never as more than a patch.
    for (const change of renames) expect(change.detail).toBe(`type ${change.type} renamed to ${respelling.renamed.get(change.type) ?? "?"}, which accepts the same messages`);
    expect(renames.length).toBeGreaterThan(respelling.renamed.size / 2);
    expect(abovePatch(report)).toEqual([]);
  });
});

/** One change to our types that narrows or widens, and what the diff must call it. */
interface Mutation {
  readonly type: string;
  readonly kind: DiffChange["kind"];
  readonly accepted_by: "old" | "new";
  readonly apply: (schema: Node) => void;
}

function objectFields(schema: unknown): [Node, Node] | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const node: Node = { ...schema };
  const properties = node["properties"];
  return typeof properties === "object" && properties !== null && !Array.isArray(properties) ? [node, { ...properties }] : undefined;
}

/** The mutations that apply to our types, by kind: enum values removed and added, fields made required and optional, a string field made nullable or bounded. */
function mutations(types: { readonly [name: string]: unknown }): Mutation[] {
  const found: Mutation[] = [];
  for (const [type, schema] of Object.entries(types).sort(([left], [right]) => (left < right ? -1 : 1))) {
    // A type whose pattern is beyond the linear-time engine (our `^(?!command$)`) makes any claim about it unproven.
    if (JSON.stringify(schema).includes("(?!")) continue;
    const node = schema as Node;
    if (Array.isArray(node["enum"]) && node["enum"].length >= 2) {
      const values = node["enum"];
      found.push({ type, kind: "enum_value_removed", accepted_by: "old", apply: (target) => (target["enum"] = values.slice(1)) });
      found.push({ type, kind: "enum_value_added", accepted_by: "new", apply: (target) => (target["enum"] = [...values, "x_added_value"]) });
    }
    const fields = objectFields(schema);
    if (fields === undefined || node["additionalProperties"] === false) continue;
    const required: unknown[] = Array.isArray(node["required"]) ? node["required"] : [];
    const optional = Object.keys(fields[1]).find((name) => !required.includes(name));
    if (optional !== undefined) found.push({ type, kind: "field_made_required", accepted_by: "old", apply: (target) => (target["required"] = [...required, optional]) });
    const first = required.find((name) => typeof name === "string" && name !== "type" && name !== "kind");
    if (typeof first === "string") found.push({ type, kind: "field_made_optional", accepted_by: "new", apply: (target) => (target["required"] = required.filter((name) => name !== first)) });
    const text = Object.entries(fields[1]).find(([, field]) => JSON.stringify(field) === JSON.stringify({ ...(field as Node), type: "string" }) && Object.keys(field as Node).every((key) => key === "type" || key === "description"));
    if (text !== undefined) {
      const [name, field] = text;
      const withField = (target: Node, changed: Node) => (target["properties"] = { ...(target["properties"] as Node), [name]: changed });
      found.push({ type, kind: "nullable_added", accepted_by: "new", apply: (target) => withField(target, { ...(field as Node), type: ["string", "null"] }) });
      found.push({ type, kind: "bound_tightened", accepted_by: "old", apply: (target) => withField(target, { ...(field as Node), maxLength: 0 }) });
    }
  }
  return found;
}

const MUTATIONS = mutations(ourTypes());

describe("a single change on top of a respelling", () => {
  it("is found with the right kind, its witness confirmed by ajv on our schemas and on the respelled file as written; no major change lacks one", () => {
    expect(new Set(MUTATIONS.map((mutation) => mutation.kind))).toEqual(new Set(["enum_value_removed", "enum_value_added", "field_made_required", "field_made_optional", "nullable_added", "bound_tightened"]));
    fc.assert(
      fc.property(fc.constantFrom(...MUTATIONS), respellings, fc.integer({ min: 1 }), (mutation, chosen, seed) => {
        const types = ourTypes();
        const target = { ...(types[mutation.type] as Node) };
        mutation.apply(target);
        types[mutation.type] = target;
        const respelling = respelled(types, chosen, seed, [mutation.type]);
        const report = diffSchemaSets(OURS, setOf(respelling));
        const counted = abovePatch(report);
        const found = counted.find((change) => change.type === mutation.type && change.kind === mutation.kind);
        expect(found, JSON.stringify(counted)).toBeDefined();
        expect(found?.witness?.accepted_by).toBe(mutation.accepted_by);
        for (const change of counted) {
          expect(change.severity, JSON.stringify(change)).not.toBe("unproven");
          if (change.severity === "major") expect(change.witness).toBeDefined();
          const witness = change.witness;
          if (witness === undefined) continue;
          const ours = acceptsIn(ourTypes(), change.type, witness.instance);
          const theirs = respelledAccepts(respelling, change.type, witness.instance);
          expect([ours, theirs]).toEqual(witness.accepted_by === "old" ? [true, false] : [false, true]);
        }
      }),
      { numRuns: 6 },
    );
  });
});
