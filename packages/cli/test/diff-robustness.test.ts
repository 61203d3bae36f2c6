import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { diffCounted, type DiffWork } from "../src/diff/schema-diff.js";
import { run } from "./support/run.js";
import { editedCopy, REPO_SCHEMAS } from "./support/schema-sets.js";
import { acceptsIn, setOf } from "./support/typed-sets.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

/** Runs the real command line from the sources as a child process, killed after `seconds`. */
function bin(args: readonly string[], seconds: number) {
  const child = spawnSync(process.execPath, ["--import", "tsx", "--conditions=@app-server-protocol/source", "src/bin.ts", ...args], { cwd: PACKAGE, encoding: "utf8", timeout: seconds * 1000, killSignal: "SIGKILL" });
  return { code: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr };
}

function directoryWith(files: { readonly [name: string]: string }): string {
  const directory = mkdtempSync(join(tmpdir(), "asp-diff-robust-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(directory, name), text);
  return directory;
}

describe("an enum losing many values", () => {
  const work = (size: number): DiffWork => {
    const values = Array.from({ length: size }, (_, index) => `v${index}`);
    const counted = diffCounted(setOf({ T: { type: "string", enum: values } }), setOf({ T: { type: "string", enum: values.slice(0, 10) } }));
    expect(counted.report.changes).toHaveLength(size - 10);
    expect(counted.report.changes.every((change) => change.severity === "major" && change.witness !== undefined)).toBe(true);
    return counted.work;
  };

  it("is witnessed with work that grows linearly with the values removed", () => {
    const [small, large] = [work(1000), work(2000)];
    // A handful of candidates and validator calls per removed value, whatever the enum's size.
    for (const counted of [small, large]) {
      // Two checks to find each witness and two to re-check it, and a constant few more.
      expect(counted.candidates).toBeLessThanOrEqual(4 * counted.changes);
      expect(counted.validations).toBeLessThanOrEqual(4 * counted.changes + 8);
      expect(counted.enumComparisons).toBeLessThanOrEqual(4 * counted.changes + 8);
    }
    expect(large.candidates / small.candidates).toBeLessThan(2.2);
  });

  it("is reported and counted alike when the same sets are diffed again, their validators then compiled already", () => {
    const [first, again] = [work(100), work(100)];
    expect(again).toEqual(first);
    expect(first.enumComparisons).toBeGreaterThan(first.changes);
  });
});

describe("a peer's patterns", () => {
  it("are evaluated in linear time: a catastrophic pattern against a long string neither hangs nor loses the witness", () => {
    const old = directoryWith({ "protocol.schema.json": JSON.stringify({ $defs: { T: { type: "string", minLength: 60 } } }) });
    const peer = directoryWith({ "protocol.schema.json": JSON.stringify({ $defs: { T: { type: "string", pattern: "(a*)*b", minLength: 60 } } }) });
    // A backtracking engine would take years on this string; the run takes seconds. Killed after five
    // minutes, a hang still fails the test, and a busy machine's slow start does not.
    const result = bin(["diff", old, peer, "--format", "json"], 300);
    expect(result.signal).toBeNull();
    expect(result.code).toBe(1);
    const [change] = JSON.parse(result.stdout).changes;
    expect(change).toMatchObject({ kind: "pattern_added", severity: "major", witness: { accepted_by: "old", rejected_by: "new" } });
    expect(change.witness.instance).toMatch(/^a{60,}$/);
  });

  it("make a claim unproven, never a crash, when neither engine can judge them safely", () => {
    const before = { T: { type: "string" } };
    // A lookaround, which RE2 lacks, beside two repetitions, which could backtrack: not judged.
    const after = { T: { type: "string", pattern: "^(?!x)a+(?=b)b*" } };
    const { report } = diffCounted(setOf(before), setOf(after));
    expect(report.changes.map((change) => [change.kind, change.severity])).toEqual([["pattern_added", "unproven"]]);
    expect(report.changes[0]?.note).toContain("pattern");
  });

  it("with a lookaround but at most one repetition are judged natively, so our own ^(?!command$) is witnessed", () => {
    const before = { T: { type: "string" } };
    const after = { T: { type: "string", pattern: "^(?!command$)" } };
    const [change] = diffCounted(setOf(before), setOf(after)).report.changes;
    expect(change).toMatchObject({ kind: "pattern_added", severity: "major", witness: { instance: "command", accepted_by: "old", rejected_by: "new" } });
  });

  it("are judged as linear-time matching reads them, the witness past the pattern", () => {
    const before = { T: { type: "string", minLength: 3 } };
    const after = { T: { type: "string", minLength: 3, pattern: "^(a|aa)+$" } };
    const [change] = diffCounted(setOf(before), setOf(after)).report.changes;
    expect(change).toMatchObject({ kind: "pattern_added", severity: "major" });
    expect(acceptsIn(before, "T", change?.witness?.instance)).toBe(true);
    expect(acceptsIn(after, "T", change?.witness?.instance)).toBe(false);
  });
});

describe("a set with no types", () => {
  it("is an error, whether the folder is empty or holds no schemas", async () => {
    for (const empty of [directoryWith({}), directoryWith({ "notes.txt": "hello" }), directoryWith({ "protocol.schema.json": '{"$defs":{}}' })]) {
      const result = await run(["diff", REPO_SCHEMAS, empty]);
      expect(result).toMatchObject({ code: 2, stdout: "" });
      expect(result.stderr).toBe(`app-server-protocol: ${empty}: no schema types found (an empty folder, or one holding no schemas)\n`);
    }
  });

  it("that lost every type is a major change, even without a method registry", async () => {
    const peer = directoryWith({ "Other.json": JSON.stringify({ type: "string" }) });
    const { code, stdout } = await run(["diff", REPO_SCHEMAS, peer, "--format", "json"]);
    expect(code).toBe(1);
    const report = JSON.parse(stdout);
    expect(report.bump).toBe("major");
    // Every type removed counts, and each is witnessed by an instance of it.
    const removed = report.changes.filter((change: { kind: string }) => change.kind === "type_removed");
    expect(removed.length).toBeGreaterThan(400);
    expect(removed.filter((change: { severity: string }) => change.severity !== "major")).toEqual([]);
  });
});

describe("a deep schema set", () => {
  it("is refused with the documented depth limit, not a stack overflow", async () => {
    const deep = (depth: number) => `{"$defs":{"Deep":${'{"items":'.repeat(depth)}{}${"}".repeat(depth)}}}`;
    const directory = directoryWith({ "protocol.schema.json": deep(10000) });
    const result = await run(["diff", directory, directory]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toBe(`app-server-protocol: ${directory}: protocol.schema.json nests deeper than 256 levels, the most diff reads\n`);
  });

  it("is read in full up to the limit", async () => {
    const nested = (depth: number, leaf: object) => JSON.parse(`${'{"items":'.repeat(depth)}${JSON.stringify(leaf)}${"}".repeat(depth)}`);
    const before = directoryWith({ "protocol.schema.json": JSON.stringify({ $defs: { Deep: nested(240, { type: "string" }) } }) });
    const after = directoryWith({ "protocol.schema.json": JSON.stringify({ $defs: { Deep: nested(240, { type: "integer" }) } }) });
    const { code, stdout } = await run(["diff", before, after, "--format", "json"]);
    expect(code).toBe(1);
    expect(JSON.parse(stdout).changes).toMatchObject([{ kind: "type_changed", severity: "major" }]);
  });
});

describe("schema-set files", () => {
  const secret = () => {
    const outside = mkdtempSync(join(tmpdir(), "asp-secret-"));
    writeFileSync(join(outside, "env.json"), "API_KEY=sk-LEAK-1234\n");
    writeFileSync(join(outside, "Fine.json"), JSON.stringify({ type: "string" }));
    return outside;
  };

  it("are not opened through a symlink that leads out of the folder", async () => {
    const outside = secret();
    const directory = editedCopy();
    symlinkSync(join(outside, "Fine.json"), join(directory, "Linked.json"));
    const result = await run(["diff", REPO_SCHEMAS, directory]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toBe(`app-server-protocol: ${directory}: Linked.json is a symbolic link that leads out of the folder; not followed (--follow-symlinks reads it)\n`);
  });

  it("follow a symlink inside the folder, and any symlink with --follow-symlinks", async () => {
    const outside = secret();
    const peer = directoryWith({ "T.json": JSON.stringify({ type: "string" }) });
    symlinkSync(join(peer, "T.json"), join(peer, "U.json"));
    expect((await run(["diff", peer, peer])).code).toBe(0);
    symlinkSync(join(outside, "Fine.json"), join(peer, "V.json"));
    expect((await run(["diff", peer, peer])).code).toBe(2);
    expect(await run(["diff", peer, peer, "--follow-symlinks"])).toMatchObject({ code: 0 });
  });

  it("never have their content printed in an error", async () => {
    const outside = secret();
    const linked = directoryWith({ "T.json": JSON.stringify({ type: "string" }) });
    symlinkSync(join(outside, "env.json"), join(linked, "Env.json"));
    const plain = directoryWith({ "T.json": "API_KEY=sk-LEAK-1234\n" });
    const nested = join(directoryWith({}), "schemas");
    mkdirSync(nested);
    writeFileSync(join(nested, "protocol.schema.json"), '{"$defs":{"T":{"description":"sk-LEAK-1234"');
    for (const [directory, options] of [[linked, ["--follow-symlinks"]], [plain, []], [nested, []]] as const) {
      const result = await run(["diff", REPO_SCHEMAS, directory, ...options]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain("is not JSON");
      expect(result.stderr).not.toContain("sk-LEAK");
      expect(result.stderr).not.toContain("API_KEY");
    }
  });
});

describe("a folder with a bundle and per-type files", () => {
  it("is refused when a per-type file says otherwise than the bundle, and read when they agree or the bundle is named", async () => {
    const directory = editedCopy(() => {}, "full");
    expect((await run(["diff", REPO_SCHEMAS, directory])).code).toBe(0);
    writeFileSync(join(directory, "ThemeSetting.json"), JSON.stringify({ type: "string", enum: ["dark"] }));
    const result = await run(["diff", REPO_SCHEMAS, directory]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toBe(`app-server-protocol: ${directory}: protocol.schema.json and the per-type files disagree on ThemeSetting: regenerate them, or name protocol.schema.json itself to read the bundle alone\n`);
    expect((await run(["diff", REPO_SCHEMAS, join(directory, "protocol.schema.json")])).code).toBe(0);
  });
});
