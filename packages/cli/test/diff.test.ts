import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadSchemaSet, type DiffReport } from "../src/index.js";
import { minimalInstance } from "../src/diff/minimal-instance.js";
import { patternSample } from "../src/diff/pattern-sample.js";
import { bundleRef, withBundleRefs } from "../src/diff/peer-refs.js";
import { validateDiffReport } from "./support/diff-schema.js";
import { run } from "./support/run.js";
import { arrayAt, editedCopy, nodeAt, REPO_SCHEMAS, setAccepts, type Node, type SetEdit } from "./support/schema-sets.js";

const BASE = editedCopy();
const NO_COUNTS = { major: 0, minor: 0, patch: 0, unproven: 0, excepted: 0, not_classified: 0 };

/** The JSON report of diffing the repository's schemas against a copy edited by `edit`, checked against the shipped schema. */
async function diffAgainst(edit: (set: SetEdit) => void, ...options: string[]): Promise<{ code: number; report: DiffReport }> {
  const { code, stdout } = await run(["diff", BASE, editedCopy(edit), "--format", "json", ...options]);
  const report: DiffReport = JSON.parse(stdout);
  expect(validateDiffReport(report), JSON.stringify(validateDiffReport.errors)).toBe(true);
  return { code, report };
}

/** The single change of a report, its witness checked with ajv: the old type accepts it, the new one rejects it. */
function majorWithWitness(report: DiffReport, newSet: string): DiffReport["changes"][number] {
  expect(report.bump).toBe("major");
  const [change] = report.changes;
  if (change?.witness === undefined) throw new Error(`no witness: ${JSON.stringify(report)}`);
  expect(change.witness).toMatchObject({ accepted_by: "old", rejected_by: "new" });
  expect(setAccepts(BASE, change.type, change.witness.instance)).toBe(true);
  expect(setAccepts(newSet, change.type, change.witness.instance)).toBe(false);
  return change;
}

async function majorDiff(edit: (set: SetEdit) => void): Promise<DiffReport["changes"][number]> {
  const newSet = editedCopy(edit);
  const { code, stdout } = await run(["diff", BASE, newSet, "--format", "json"]);
  const report: DiffReport = JSON.parse(stdout);
  expect(validateDiffReport(report)).toBe(true);
  expect(code).toBe(1);
  expect(report.changes).toHaveLength(1);
  return majorWithWitness(report, newSet);
}

const style = (set: SetEdit) => nodeAt(set.defs, "ActiveOutputStyleResult");

describe("diff of two schema directories", () => {
  it("finds nothing between identical sets", async () => {
    expect(await diffAgainst(() => {})).toEqual({ code: 0, report: { bump: "none", changes: [], counts: NO_COUNTS } });
    expect(await run(["diff", BASE, REPO_SCHEMAS])).toEqual({ code: 0, stdout: "bump: none (0 changes: 0 major, 0 minor, 0 patch, 0 unproven)\n", stderr: "" });
  });

  it("calls a description-only change a patch", async () => {
    const edit = (set: SetEdit) => (nodeAt(style(set), "properties", "name")["description"] = "The style's name.");
    const { code, report } = await diffAgainst(edit);
    expect(code).toBe(0);
    expect(report).toEqual({ bump: "patch", changes: [{ type: "ActiveOutputStyleResult", path: "/properties/name", kind: "description_changed", severity: "patch", breaks: [], flows: ["server_to_client"], detail: "description changed" }], counts: { ...NO_COUNTS, patch: 1 } });
    expect((await diffAgainst(edit, "--fail-on", "patch")).code).toBe(1);
  });

  it("calls a new optional field minor, breaking only a new producer with an old reader", async () => {
    const { code, report } = await diffAgainst((set) => (nodeAt(style(set), "properties")["source"] = { type: "string" }));
    expect(code).toBe(0);
    expect(report.bump).toBe("minor");
    expect(report.changes).toMatchObject([{ type: "ActiveOutputStyleResult", path: "/properties/source", kind: "field_added_optional", severity: "minor", breaks: ["new_producer_old_reader"] }]);
    expect((await diffAgainst((set) => (nodeAt(style(set), "properties")["source"] = { type: "string" }), "--fail-on", "minor")).code).toBe(1);
  });

  it("calls a new required field major, with an old message that lacks it as witness", async () => {
    const change = await majorDiff((set) => {
      nodeAt(style(set), "properties")["source"] = { type: "string" };
      arrayAt(style(set), "required").push("source");
    });
    expect(change).toMatchObject({ path: "/properties/source", kind: "field_added_required", breaks: ["old_producer_new_reader"], flows: ["server_to_client"] });
    expect(change.witness?.instance).not.toHaveProperty("source");
  });

  it("calls a removed enum value major, the value itself the witness", async () => {
    const change = await majorDiff((set) => {
      const mode = nodeAt(set.defs, "AgentPermissionMode");
      mode["enum"] = arrayAt(mode, "enum").filter((value) => value !== "plan");
    });
    expect(change).toMatchObject({ type: "AgentPermissionMode", path: "", kind: "enum_value_removed", detail: 'enum value "plan" removed' });
    expect(change.witness?.instance).toBe("plan");
  });

  it("calls a field's changed JSON type major", async () => {
    const change = await majorDiff((set) => (nodeAt(style(set), "properties", "matched")["type"] = "string"));
    expect(change).toMatchObject({ path: "/properties/matched", kind: "type_changed", breaks: ["old_producer_new_reader", "new_producer_old_reader"] });
  });

  it("builds each witness so that only its own change rejects it, when a type has several", async () => {
    const newSet = editedCopy((set) => {
      nodeAt(style(set), "properties", "matched")["type"] = "string";
      nodeAt(style(set), "properties")["source"] = { type: "string" };
      arrayAt(style(set), "required").push("source");
    });
    const { stdout } = await run(["diff", BASE, newSet, "--format", "json"]);
    const report: DiffReport = JSON.parse(stdout);
    const typeChange = report.changes.find((change) => change.kind === "type_changed");
    expect(typeChange?.witness?.instance).toEqual({ name: "", matched: false, source: "" });
    expect(setAccepts(BASE, "ActiveOutputStyleResult", typeChange?.witness?.instance)).toBe(true);
    expect(setAccepts(newSet, "ActiveOutputStyleResult", { name: "", matched: "", source: "" })).toBe(true);
  });

  it("calls an added bound major, the witness past it", async () => {
    const change = await majorDiff((set) => (nodeAt(style(set), "properties", "name")["maxLength"] = 3));
    expect(change).toMatchObject({ path: "/properties/name/maxLength", kind: "bound_tightened" });
    expect(change.witness?.instance).toMatchObject({ name: "aaaa" });
  });

  it("calls a relaxed bound minor", async () => {
    const { report } = await diffAgainst((set) => {
      const removed = nodeAt(set.defs, "AuthLogoutResult", "properties", "removed");
      delete removed["minimum"];
    });
    expect(report).toMatchObject({ bump: "minor", changes: [{ kind: "bound_relaxed", path: "/properties/removed/minimum" }] });
  });

  it("calls a removed method major and an added one minor", async () => {
    const methods = (set: SetEdit) => arrayAt(set.registry, "methods");
    const removed = await diffAgainst((set) => methods(set).splice(0, 1));
    expect(removed.code).toBe(1);
    expect(removed.report).toMatchObject({ bump: "major", changes: [{ type: "initialize", kind: "method_removed", severity: "major" }] });
    expect(removed.report.changes[0]).toMatchObject({ witness: { instance: { direction: "client_request", method: "initialize" }, accepted_by: "old", rejected_by: "new" } });
    expect(removed.report.changes[0]?.note).toContain("method registry read as a schema of method calls");
    const added = await diffAgainst((set) => methods(set).push({ method: "x/ping", direction: "client_request", params: "AcpDeleteSessionParams", result: "ActiveOutputStyleResult" }));
    expect(added).toMatchObject({ code: 0, report: { bump: "minor", changes: [{ type: "x/ping", kind: "method_added", severity: "minor" }] } });
  });

  it("gives a type the directions of the methods that reach it", async () => {
    const { report } = await diffAgainst((set) => (nodeAt(set.defs, "AcpDeleteSessionParams", "properties", "cwd")["minLength"] = 1));
    expect(report.changes).toMatchObject([{ kind: "bound_tightened", flows: ["client_to_server"] }]);
    const text = await run(["diff", BASE, editedCopy((set) => (nodeAt(set.defs, "AcpDeleteSessionParams", "properties", "cwd")["minLength"] = 1))]);
    expect(text.stdout).toContain("(breaks old client -> new server)");
    expect(text.stdout).toContain('  witness (old accepts, new rejects): {"session_id":"","cwd":""}');
  });

  it("calls a removed union variant major, an instance of the variant the witness", async () => {
    const change = await majorDiff((set) => {
      const value = nodeAt(set.defs, "AskUserAnswerValue");
      value["oneOf"] = arrayAt(value, "oneOf").filter((variant) => nodeAt(variant)["$ref"] !== "#/$defs/AskUserAnswerSelected");
    });
    // A `oneOf` of disjoint variants reads as `anyOf` (README "Normalization"), and paths are into that form.
    expect(change).toMatchObject({ type: "AskUserAnswerValue", path: "/anyOf/1", kind: "variant_removed", detail: "variant ref:AskUserAnswerSelected removed" });
    expect(change.witness?.instance).toMatchObject({ kind: "selected" });
  });

  it("calls a method whose params name another type major, witnessed by an old params the new type rejects", async () => {
    const { code, report } = await diffAgainst((set) => {
      const method = arrayAt(set.registry, "methods").map((entry) => nodeAt(entry)).find((entry) => entry["method"] === "session/acp_delete");
      if (method !== undefined) method["params"] = "ActiveOutputStyleResult";
    });
    expect(code).toBe(1);
    expect(report.changes).toMatchObject([{ type: "session/acp_delete", path: "/params", kind: "method_params_changed", severity: "major", witness: { accepted_by: "old" } }]);
    expect(setAccepts(BASE, "AcpDeleteSessionParams", report.changes[0]?.witness?.instance)).toBe(true);
    expect(setAccepts(BASE, "ActiveOutputStyleResult", report.changes[0]?.witness?.instance)).toBe(false);
  });

  it("reports a removed type major, with an instance of the old type", async () => {
    const { report } = await diffAgainst((set) => delete set.defs["AddedDirectory"]);
    expect(report.changes).toMatchObject([{ type: "AddedDirectory", kind: "type_removed", severity: "major", witness: { accepted_by: "old" } }]);
  });
});

describe("diff inputs and exit codes", () => {
  it("reads a bundle file, the registry beside it", async () => {
    const { code, stdout } = await run(["diff", `${BASE}/protocol.schema.json`, `${REPO_SCHEMAS}protocol.schema.json`, "--format", "json"]);
    expect({ code, report: JSON.parse(stdout) }).toEqual({ code: 0, report: { bump: "none", changes: [], counts: NO_COUNTS } });
  });

  it("exits 2 on a set it cannot read, and on usage errors", async () => {
    const missing = await run(["diff", BASE, "/nonexistent/schemas"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("app-server-protocol: cannot read /nonexistent/schemas: no such file or directory\n");
    expect((await run(["diff", BASE])).code).toBe(2);
    expect((await run(["diff", BASE, BASE, "--fail-on", "none"])).code).toBe(2);
    expect((await run(["diff", BASE, BASE, "--format", "sarif"])).code).toBe(2);
  });

  it("exits 2 on a bundle or registry that is not JSON or has no $defs or methods", async () => {
    for (const [file, content, message] of [
      ["protocol.schema.json", "{", "protocol.schema.json is not JSON"],
      ["protocol.schema.json", "[]", "protocol.schema.json has no $defs object"],
      ["methods.json", '{"methods":{}}', "methods.json has no methods array"],
    ]) {
      const directory = editedCopy();
      writeFileSync(join(directory, file ?? ""), content ?? "");
      const result = await run(["diff", BASE, directory]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`app-server-protocol: ${directory}: ${message}`);
    }
  });

  it("exits 2 on a schema nested deeper than diff reads", async () => {
    const deep = (depth: number) => `${'{"items":'.repeat(depth)}{}${"}".repeat(depth)}`;
    const set = (depth: number) => {
      const directory = editedCopy();
      writeFileSync(join(directory, "protocol.schema.json"), `{"$defs":{"Deep":${deep(depth)}}}`);
      return directory;
    };
    const result = await run(["diff", set(8000), set(8001)]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(/^app-server-protocol: .*: protocol\.schema\.json nests deeper than 256 levels, the most diff reads\n$/);
  });

  it("reads schemas/ at git refs", async () => {
    expect(await run(["diff", "git:HEAD", "git:HEAD"])).toEqual({ code: 0, stdout: "bump: none (0 changes: 0 major, 0 minor, 0 patch, 0 unproven)\n", stderr: "" });
    const unknown = await run(["diff", "git:no-such-ref-here", "git:HEAD"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^app-server-protocol: cannot read git:no-such-ref-here: /);
  });

  it("keeps a witness with a backtick or a bar inside its markdown code span", async () => {
    const newSet = editedCopy((set) => {
      const mode = nodeAt(set.defs, "AgentPermissionMode");
      mode["enum"] = arrayAt(mode, "enum").filter((value) => value !== "plan");
    });
    const oldSet = editedCopy((set) => arrayAt(nodeAt(set.defs, "AgentPermissionMode"), "enum").push("a`b|c"));
    const { stdout } = await run(["diff", oldSet, newSet, "--format", "markdown"]);
    expect(stdout).toContain('| `` "a`b\\|c" `` (old accepts, new rejects) |');
  });

  it("writes a markdown table for a pull-request comment", async () => {
    const { stdout } = await run(["diff", BASE, editedCopy((set) => (nodeAt(style(set), "properties", "name")["maxLength"] = 3)), "--format", "markdown"]);
    expect(stdout).toBe(
      [
        "### Schema diff: **major** bump",
        "",
        "1 change: 1 major, 0 minor, 0 patch, 0 unproven.",
        "",
        "| Severity | Where | Kind | Change | Breaks | Witness |",
        "|---|---|---|---|---|---|",
        '| major | `ActiveOutputStyleResult/properties/name/maxLength` | `bound_tightened` | maxLength none -> 3 | old server -> new client | `{"name":"aaaa","matched":false}` (old accepts, new rejects) |',
        "",
      ].join("\n"),
    );
  });
});

describe("witness seeds", () => {
  it("builds an instance ajv accepts for every type of the repository's set, patterns included", () => {
    const set = loadSchemaSet(REPO_SCHEMAS);
    const rejected = [...set.types.keys()].filter((type) => !setAccepts(REPO_SCHEMAS, type, minimalInstance(set.types.get(type), set.types)));
    expect(rejected).toEqual([]);
  });

  it("guesses strings for patterns from their literal words", () => {
    expect(patternSample("^(?:[Dd][Aa][Rr][Kk]|light)$", 0)).toBe("DARK");
    expect(patternSample("^x{3,}$", 3)).toBeUndefined();
    expect(patternSample("(", 0)).toBeUndefined();
  });
});

/** A copy of the repository's per-type files only, each `$ref` naming the peer file (`Theme.json`) instead of the bundle's `$defs`. */
function peerFileCopy(edit: (file: string, schema: Node) => void = () => {}): string {
  const directory = editedCopy(() => {}, "full");
  rmSync(join(directory, "protocol.schema.json"));
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".json") && name !== "methods.json")) {
    const schema: Node = JSON.parse(readFileSync(join(directory, file), "utf8").replaceAll(/"#\/\$defs\/([A-Za-z0-9_]+)"/g, '"$1.json"'));
    delete schema["$defs"];
    edit(file, schema);
    writeFileSync(join(directory, file), JSON.stringify(schema));
  }
  return directory;
}

describe("peer schema files", () => {
  it("are matched by type name when their $refs name files", async () => {
    const peers = peerFileCopy();
    expect(readFileSync(join(peers, "AcpLoadReplayPreflight.json"), "utf8")).toContain('"$ref":"SessionRecord.json"');
    expect(await run(["diff", REPO_SCHEMAS, peers, "--format", "json"])).toMatchObject({ code: 0, stdout: `{"bump":"none","changes":[],"counts":${JSON.stringify(NO_COUNTS)}}\n` });
  });

  it("get witnesses checked through their file refs", async () => {
    const peers = peerFileCopy((file, schema) => {
      if (file === "AgentPermissionMode.json") schema["enum"] = arrayAt(schema, "enum").filter((value) => value !== "plan");
    });
    const { code, stdout } = await run(["diff", REPO_SCHEMAS, peers, "--format", "json"]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ bump: "major", changes: [{ type: "AgentPermissionMode", kind: "enum_value_removed", witness: { instance: "plan", accepted_by: "old" } }] });
  });

  it("rewrites file and draft-07 refs to the bundle's form and leaves other refs alone", () => {
    expect(bundleRef("Theme.json")).toBe("#/$defs/Theme");
    expect(bundleRef("https://app-server-protocol.dev/schemas/1.0/Theme.json")).toBe("#/$defs/Theme");
    expect(bundleRef("Other.json#/$defs/Theme")).toBe("#/$defs/Theme");
    expect(bundleRef("#/definitions/Theme")).toBe("#/$defs/Theme");
    expect(bundleRef("#/$defs/Theme")).toBe("#/$defs/Theme");
    expect(bundleRef("#/properties/theme")).toBe("#/properties/theme");
    expect(withBundleRefs(JSON.parse('{"__proto__":{"$ref":"A.json"},"items":[{"$ref":"B.json"}]}'))).toEqual(JSON.parse('{"__proto__":{"$ref":"#/$defs/A"},"items":[{"$ref":"#/$defs/B"}]}'));
  });
});

describe("per-type schema files", () => {
  it("are read when a directory has no bundle", async () => {
    const directory = editedCopy(() => {}, "full");
    rmSync(join(directory, "protocol.schema.json"));
    const perType = loadSchemaSet(directory);
    const bundled = loadSchemaSet(REPO_SCHEMAS);
    expect([...perType.types.keys()].sort()).toEqual([...bundled.types.keys()].sort());
    expect(await run(["diff", directory, REPO_SCHEMAS, "--format", "json"])).toMatchObject({ code: 0, stdout: `{"bump":"none","changes":[],"counts":${JSON.stringify(NO_COUNTS)}}\n` });
  });
});
