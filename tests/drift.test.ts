import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, buildArtifacts, checkArtifacts, writeArtifacts, type Artifacts } from "@app-server-protocol/generator";

// The drift check and the writer run in memory against copies of the
// repository: with the artifacts as checked in, and with those the generator
// builds from an edited copy of the types, without its bindings step (the
// checked-in bindings stand in: how they follow the schemas is the codegen
// tests' subject). That the checkout's artifacts are what its sources produce is
// `npm run check`, which `npm test` runs.

const COPIED = ["packages/types/src", "packages/types/tsconfig.json", "schemas", "tests/generated", "docs/reference", "generated", "packages/zod/src", "packages/zod/README.md"];

/** Every generated file as checked in, by path. */
const checkedIn: Artifacts = new Map(
  execFileSync("git", ["ls-files", "-z", "--", ...COPIED.filter((path) => !path.startsWith("packages/types/"))], { cwd: REPO_ROOT, encoding: "utf8" })
    .split("\0")
    .filter((path) => path !== "")
    .map((path) => [path, readFileSync(join(REPO_ROOT, path), "utf8")]),
);
const copies: string[] = [];

function copyOfRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), "asp-drift-"));
  for (const path of COPIED) cpSync(join(REPO_ROOT, path), join(copy, path), { recursive: true });
  copies.push(copy);
  return copy;
}

function edit(copy: string, path: string, from: string, to: string): void {
  const file = join(copy, path);
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

/** `checkArtifacts` with its output captured. */
function check(root: string, artifacts: Artifacts): { status: number; output: string } {
  const lines: string[] = [];
  const status = checkArtifacts(root, artifacts, (line) => lines.push(line), (text) => lines.push(text));
  return { status, output: lines.join("\n") };
}

function write(root: string, artifacts: Artifacts): string {
  const lines: string[] = [];
  writeArtifacts(root, artifacts, (line) => lines.push(line));
  return lines.join("\n");
}

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

describe("npm run check", () => {
  it("passes on a copy of the checked-in artifacts", () => {
    expect(checkedIn.size).toBeGreaterThan(400);
    expect(check(copyOfRepository(), checkedIn)).toEqual({ status: 0, output: "Generated artifacts are up to date." });
  });

  it("fails with a diff and the fix command after a doc comment changes, and passes after regeneration", async () => {
    const copy = copyOfRepository();
    edit(copy, "packages/types/src/ask-user.ts", "Short label, at most 12 Unicode characters; may be empty.", "Short caption of at most twelve characters; may be empty.");
    const built = await buildArtifacts({ root: copy });
    const artifacts: Artifacts = new Map([...[...checkedIn].filter(([path]) => !built.has(path)), ...built]);
    const drifted = check(copy, artifacts);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain("changed: schemas/AskUserQuestionSpec.json");
    expect(drifted.output).toContain("changed: tests/generated/protocol.d.ts");
    expect(drifted.output).toMatch(/^-.*"description": "Short label, at most 12 Unicode characters; may be empty. Required."/m);
    expect(drifted.output).toMatch(/^\+.*"description": "Short caption of at most twelve characters; may be empty. Required."/m);
    expect(drifted.output).toContain("Run `npm run generate`");

    expect(write(copy, artifacts)).toMatch(/ written, 0 stale removed\.$/);
    expect(readFileSync(join(copy, "schemas/AskUserQuestionSpec.json"), "utf8")).toContain("Short caption of at most twelve characters");
    expect(check(copy, artifacts).status).toBe(0);
  });

  it("reports a deleted artifact as missing and a leftover file as stale; generate repairs both", () => {
    const copy = copyOfRepository();
    unlinkSync(join(copy, "schemas/ErrorCode.json"));
    writeFileSync(join(copy, "schemas/Leftover.json"), "{}\n");
    const drifted = check(copy, checkedIn);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain("missing: schemas/ErrorCode.json");
    expect(drifted.output).toContain("stale: schemas/Leftover.json");

    expect(write(copy, checkedIn)).toBe(`${checkedIn.size} artifacts: 1 written, 1 stale removed.`);
    expect(existsSync(join(copy, "schemas/Leftover.json"))).toBe(false);
    expect(check(copy, checkedIn).status).toBe(0);
  });

  it("is byte-stable: writing what the checkout holds changes nothing", () => {
    const copy = copyOfRepository();
    const before = readFileSync(join(copy, "schemas/protocol.schema.json"), "utf8");
    expect(write(copy, checkedIn)).toBe(`${checkedIn.size} artifacts: 0 written, 0 stale removed.`);
    expect(readFileSync(join(copy, "schemas/protocol.schema.json"), "utf8")).toBe(before);
  });
});
