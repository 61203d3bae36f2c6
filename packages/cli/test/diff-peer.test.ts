import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffSchemaSets, loadSchemaSet, type DiffChange, type DiffReport } from "../src/index.js";
import { mergedTypes, rootSchemaEntries } from "../src/diff/merge-types.js";
import { validateDiffReport } from "./support/diff-schema.js";
import { editedLayout, peerAccepts, REFERENCE_LAYOUT } from "./support/reference-layout.js";
import { run } from "./support/run.js";
import { arrayAt, nodeAt, REPO_SCHEMAS, setAccepts } from "./support/schema-sets.js";

const PEER_TYPES = ["AskUserOption", "AskUserQuestionSpec", "AuthLoginResult", "ClientCapabilities", "ClientInfo", "ErrorCode", "InitializeParams", "InteractiveQuestionsCapability", "McpTrustDecisionWire", "McpTrustResponseParams", "SessionGoalNotStartedReason"];
const UNCLASSIFIED = "not classified: a set without a method registry (a peer's schemas) may just publish no schema for a type the other set has, so no message is known to change";

async function jsonDiff(oldSpec: string, newSpec: string): Promise<{ code: number; report: DiffReport }> {
  const { code, stdout, stderr } = await run(["diff", oldSpec, newSpec, "--format", "json"]);
  expect(stderr).toBe("");
  const report: DiffReport = JSON.parse(stdout);
  expect(validateDiffReport(report), JSON.stringify(validateDiffReport.errors)).toBe(true);
  return { code, report };
}

/** The changes that count: classified, not annotations. */
function counted(report: DiffReport): DiffChange[] {
  return report.changes.filter((change) => change.severity === "major" || change.severity === "minor");
}

describe("a peer's schemas in the reference layout", () => {
  it("load as one set: standalone roots, the entries of MethodContracts.json and every $defs, by name, with no registry", () => {
    const set = loadSchemaSet(REFERENCE_LAYOUT);
    expect([...set.types.keys()].sort()).toEqual(PEER_TYPES);
    expect(set.methods).toBeUndefined();
    expect(set.notes).toBeUndefined();
    expect(set.types.get("InitializeParams")).toMatchObject({ properties: { client_info: { $ref: "#/$defs/ClientInfo" } } });
    expect(set.types.get("InitializeParams")).not.toHaveProperty("$schema");
    expect(set.types.get("InitializeParams")).not.toHaveProperty("title");
  });

  it("compared with ours: matched types by name, only the erased enum counts, types only ours has are reported but not classified, methods not compared", async () => {
    const { code, report } = await jsonDiff(REPO_SCHEMAS, REFERENCE_LAYOUT);
    expect(code).toBe(0);
    expect(report.bump).toBe("minor");
    const [widened, ...others] = counted(report);
    expect(others).toEqual([]);
    expect(widened).toMatchObject({ type: "AuthLoginResult", path: "/properties/provider", kind: "enum_value_added", detail: "enum removed", severity: "minor", breaks: ["new_producer_old_reader"], flows: ["server_to_client"], witness: { accepted_by: "new", rejected_by: "old" } });
    expect(peerAccepts(REFERENCE_LAYOUT, "MethodContracts.json", "", widened?.witness?.instance, "AuthLoginResult")).toBe(true);
    expect(setAccepts(REPO_SCHEMAS, "AuthLoginResult", widened?.witness?.instance)).toBe(false);
    const onlyOurs = report.changes.filter((change) => change.kind === "type_removed");
    expect(onlyOurs.length).toBe(loadSchemaSet(REPO_SCHEMAS).types.size - PEER_TYPES.length);
    for (const change of onlyOurs) expect(change).toMatchObject({ severity: "none", breaks: [], note: UNCLASSIFIED });
    // Beside descriptions, only our emitted-form annotation (the peer's files have none).
    expect(report.changes.filter((change) => change.severity === "patch").every((change) => change.kind === "description_changed" || (change.kind === "annotation_changed" && change.path.endsWith("/x-emitted")))).toBe(true);
    expect(report.changes.some((change) => change.kind.startsWith("method_"))).toBe(false);
  });

  it("compared the other way round: the erased enum is a narrowing, its witness accepted by the peer's own file and rejected by ours", async () => {
    const { code, report } = await jsonDiff(REFERENCE_LAYOUT, REPO_SCHEMAS);
    expect(code).toBe(1);
    const [change, ...rest] = counted(report);
    expect(rest).toEqual([]);
    expect(change).toMatchObject({ type: "AuthLoginResult", path: "/properties/provider", kind: "enum_value_removed", severity: "major", breaks: ["old_producer_new_reader"], witness: { accepted_by: "old", rejected_by: "new" } });
    expect(peerAccepts(REFERENCE_LAYOUT, "MethodContracts.json", "", change?.witness?.instance, "AuthLoginResult")).toBe(true);
    expect(setAccepts(REPO_SCHEMAS, "AuthLoginResult", change?.witness?.instance)).toBe(false);
    expect(report.changes.filter((found) => found.kind === "type_added").every((found) => found.severity === "none")).toBe(true);
  });

  it("says the note of the changes not classified once in the text report", async () => {
    const { stdout } = await run(["diff", REPO_SCHEMAS, REFERENCE_LAYOUT]);
    expect(stdout).toContain("none WorkspaceDiff type_removed: type WorkspaceDiff removed\n");
    expect(stdout.split(UNCLASSIFIED).length).toBe(2);
    expect(stdout).toMatch(/\nbump: minor \(\d+ changes: 0 major, 1 minor, \d+ patch, 0 unproven, \d+ not classified\)\n$/);
  });

  it("finds a value the peer lacks in both directions, each witness checked against the peer's file as written", async () => {
    const peer = editedLayout((files) => {
      const errorCode = nodeAt(files["ErrorCode.json"]);
      errorCode["oneOf"] = arrayAt(errorCode, "oneOf").filter((variant) => nodeAt(variant)["const"] !== "overloaded");
    });
    const lacking = counted((await jsonDiff(REPO_SCHEMAS, peer)).report).filter((change) => change.type === "ErrorCode");
    expect(lacking).toMatchObject([{ kind: "enum_value_removed", value: "overloaded", severity: "major", witness: { instance: "overloaded", accepted_by: "old" } }]);
    expect(peerAccepts(peer, "ErrorCode.json", "", "overloaded")).toBe(false);
    expect(setAccepts(REPO_SCHEMAS, "ErrorCode", "overloaded")).toBe(true);
    const gaining = counted((await jsonDiff(peer, REPO_SCHEMAS)).report).filter((change) => change.type === "ErrorCode");
    expect(gaining).toMatchObject([{ kind: "enum_value_added", value: "overloaded", severity: "minor" }]);
  });

  it("finds a field the peer made optional inside a root's $defs, witnessed from the peer's side", async () => {
    const peer = editedLayout((files) => {
      const option = nodeAt(files["AskUserQuestionSpec.json"], "$defs", "AskUserOption");
      option["required"] = ["id"];
    });
    const [change] = counted((await jsonDiff(peer, REPO_SCHEMAS)).report).filter((found) => found.type === "AskUserOption");
    expect(change).toMatchObject({ path: "/properties/label", kind: "field_made_required", witness: { accepted_by: "old" } });
    expect(change?.witness?.instance).not.toHaveProperty("label");
    expect(peerAccepts(peer, "AskUserQuestionSpec.json", "/$defs/AskUserOption", change?.witness?.instance)).toBe(true);
    expect(setAccepts(REPO_SCHEMAS, "AskUserOption", change?.witness?.instance)).toBe(false);
  });

  it("uses the first definition of a name, roots before $defs copies, and notes each copy that differs", async () => {
    const peer = editedLayout((files) => {
      nodeAt(files["MethodContracts.json"], "InitializeParams", "$defs", "ClientInfo")["required"] = ["name"];
      nodeAt(files["MethodContracts.json"], "McpTrustResponseParams", "$defs", "McpTrustDecisionWire")["enum"] = ["trust"];
    });
    writeFileSync(join(peer, "McpTrustDecisionWire.json"), JSON.stringify({ $schema: "https://json-schema.org/draft/2020-12/schema", title: "McpTrustDecisionWire", description: "Trust or deny an MCP server.", type: "string", enum: ["trust", "deny"] }));
    const set = loadSchemaSet(peer);
    expect(set.types.get("ClientInfo")).toMatchObject({ required: ["name", "version"] });
    expect(set.types.get("McpTrustDecisionWire")).toMatchObject({ enum: ["trust", "deny"] });
    expect(set.notes).toEqual([
      "type McpTrustDecisionWire is defined differently in MethodContracts.json#/McpTrustResponseParams/$defs/McpTrustDecisionWire; McpTrustDecisionWire.json is used",
      "type ClientInfo is defined differently in MethodContracts.json#/InitializeParams/$defs/ClientInfo; InitializeParams.json#/$defs/ClientInfo is used",
    ]);
    const { report } = await jsonDiff(REPO_SCHEMAS, peer);
    expect(report.notes).toEqual(set.notes?.map((note) => `new set: ${note}`));
    expect((await run(["diff", peer, REPO_SCHEMAS])).stdout).toContain("\nnote: old set: type ClientInfo is defined differently in ");
  });

  it("reads MethodContracts.json given alone as a bundle of its entries", async () => {
    const set = loadSchemaSet(join(REFERENCE_LAYOUT, "MethodContracts.json"));
    expect([...set.types.keys()].sort()).toEqual(["AuthLoginResult", "ClientCapabilities", "ClientInfo", "InitializeParams", "InteractiveQuestionsCapability", "McpTrustDecisionWire", "McpTrustResponseParams", "SessionGoalNotStartedReason"]);
    const { report } = await jsonDiff(join(REFERENCE_LAYOUT, "MethodContracts.json"), REFERENCE_LAYOUT);
    expect(report.changes.map(({ type, kind, severity }) => [type, kind, severity])).toEqual([["AskUserOption", "type_added", "none"], ["AskUserQuestionSpec", "type_added", "none"], ["ErrorCode", "type_added", "none"]]);
  });

  it("reads a root's $ref to itself (`#`) as a $ref to its type", () => {
    const { types } = mergedTypes([["Tree.json", { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object", properties: { children: { type: "array", items: { $ref: "#" } } } }]]);
    expect(types.get("Tree")).toEqual({ type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Tree" } } } });
  });
});

describe("a map of type names to root schemas", () => {
  it("is told from a root schema by its keys: type names, never keywords", () => {
    const root = { type: "string" };
    expect(rootSchemaEntries({ A: root, B: { $schema: "x", properties: {} } })).toEqual([["A", root], ["B", { $schema: "x", properties: {} }]]);
    expect(rootSchemaEntries({ properties: { type: { type: "string" } } })).toBeUndefined();
    expect(rootSchemaEntries({ $schema: "x", A: root })).toBeUndefined();
    expect(rootSchemaEntries({ A: root, B: 1 })).toBeUndefined();
    expect(rootSchemaEntries({ A: { name: "not a schema" } })).toBeUndefined();
    expect(rootSchemaEntries({})).toBeUndefined();
  });

  it("merges roots that repeat each other's definitions back into the types, noting exactly the copy that was changed", () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{0,5}$/);
    const schema = fc.record({ type: fc.constantFrom("string", "integer", "boolean"), description: fc.string({ maxLength: 8 }) });
    fc.assert(
      fc.property(fc.dictionary(name, schema, { minKeys: 2, maxKeys: 6 }), fc.nat(), (types, pick) => {
        const names = Object.keys(types);
        // Each root carries every other type in its `$defs`, as the reference's generator repeats shared definitions.
        const roots = Object.fromEntries(names.map((own) => [own, { $schema: "https://json-schema.org/draft/2020-12/schema", title: own, ...types[own], $defs: Object.fromEntries(names.filter((other) => other !== own).map((other) => [other, types[other]])) }]));
        const merged = mergedTypes([["MethodContracts.json", roots]]);
        expect(Object.fromEntries(merged.types)).toEqual(types);
        expect(merged.notes).toEqual([]);
        const [holder, copied] = [names[pick % names.length] ?? "", names[(pick + 1) % names.length] ?? ""];
        const changed = { ...roots, [holder]: { ...roots[holder], $defs: { ...roots[holder]?.$defs, [copied]: { type: "null" } } } };
        expect(mergedTypes([["MethodContracts.json", changed]]).notes).toEqual([`type ${copied} is defined differently in MethodContracts.json#/${holder}/$defs/${copied}; MethodContracts.json#/${copied} is used`]);
      }),
      { numRuns: 60 },
    );
  });

  it("never throws on any documents, and yields a type per root schema it recognises (an object with a schema keyword)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("A.json", "B.json", "MethodContracts.json"), fc.oneof(fc.jsonValue(), fc.record({ type: fc.constantFrom("string", "object") }, { requiredKeys: [] }))), { maxLength: 4 }), (documents) => {
        const { types, notes } = mergedTypes(documents);
        for (const [file, document] of documents) {
          const isSchema = typeof document === "object" && document !== null && !Array.isArray(document) && Object.keys(document).some((key) => ["type", "description", "properties", "enum", "$ref"].includes(key));
          if (isSchema && rootSchemaEntries(document) === undefined) expect(types.has(file.replace(/\.json$/, ""))).toBe(true);
        }
        expect(notes.every((note) => note.startsWith("type "))).toBe(true);
      }),
    );
  });
});

describe("diff with one set lacking a registry", () => {
  it("classifies changes inside matched types as usual and reports types only one side has with severity none", () => {
    const ours = { types: new Map<string, unknown>([["A", { type: "string", enum: ["x", "y"] }], ["B", { type: "string" }]]), methods: new Map() };
    const peer = { types: new Map<string, unknown>([["A", { type: "string", enum: ["x"] }], ["C", { type: "integer" }]]) };
    const report = diffSchemaSets(ours, peer);
    expect(report.bump).toBe("major");
    expect(report.changes.map(({ type, kind, severity, breaks }) => [type, kind, severity, breaks])).toEqual([
      ["A", "enum_value_removed", "major", ["old_producer_new_reader"]],
      ["B", "type_removed", "none", []],
      ["C", "type_added", "none", []],
    ]);
    const lone = { types: new Map<string, unknown>([["C", { type: "integer" }]]) };
    expect(diffSchemaSets({ ...ours, types: new Map([["A", { type: "string" }], ["B", { type: "string" }]]) }, { types: new Map([["A", { type: "string" }]]) })).toMatchObject({ bump: "none", changes: [{ kind: "type_removed", severity: "none" }] });
    // A set that lost every type of the other is no peer publishing less: each type removed is major.
    expect(diffSchemaSets({ ...ours, types: new Map([["B", { type: "string" }]]) }, lone)).toMatchObject({ bump: "major", changes: [{ kind: "type_removed", severity: "major", witness: { accepted_by: "old" } }, { kind: "type_added", severity: "none" }] });
    expect(diffSchemaSets({ ...ours, types: new Map([["B", { type: "string" }]]) }, { ...lone, methods: new Map() })).toMatchObject({ bump: "major", changes: [{ kind: "type_removed", severity: "major" }, { kind: "type_added", severity: "minor" }] });
    expect(() => diffSchemaSets(ours, { types: new Map() })).toThrow("new schema set has no types");
  });
});

it("keeps the fixture's MethodContracts.json sorted by name, as the reference writes it", () => {
  const keys = Object.keys(JSON.parse(readFileSync(join(REFERENCE_LAYOUT, "MethodContracts.json"), "utf8")));
  expect(keys).toEqual([...keys].sort());
});
