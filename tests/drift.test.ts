import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../scripts/lib/paths.js";

// Runs the real `generate` entry point on a copy of the repository, so the
// test edits sources and artifacts without touching the checkout.

const COPIED = ["package.json", "scripts", "packages/types/src", "packages/types/package.json", "packages/types/tsconfig.json", "packages/codegen/src", "packages/codegen/package.json", "tsconfig.base.json", "schemas", "tests/generated", "docs/reference", "generated"];

let copy = "";
/** Each case runs the generator up to three times; a loaded 2-core machine needs the room. */
const GENERATOR_RUNS = { timeout: 300_000 };

function generate(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/generate.ts", ...args], { cwd: copy, encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function edit(path: string, from: string, to: string): void {
  const file = join(copy, path);
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), "asp-drift-"));
  for (const path of COPIED) cpSync(join(REPO_ROOT, path), join(copy, path), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(copy, "node_modules"), "dir");
});

afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe("npm run check", () => {
  it("passes on the checked-in artifacts", GENERATOR_RUNS, () => {
    const check = generate("--check");
    expect(check.output).toContain("up to date");
    expect(check.status).toBe(0);
  });

  it("fails with a diff and the fix command after a doc comment changes, and passes after regeneration", GENERATOR_RUNS, () => {
    edit("packages/types/src/ask-user.ts", "Short label, at most 12 Unicode characters; may be empty.", "Short caption of at most twelve characters; may be empty.");
    const drifted = generate("--check");
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain("changed: schemas/AskUserQuestionSpec.json");
    expect(drifted.output).toContain("changed: tests/generated/protocol.d.ts");
    expect(drifted.output).toMatch(/^-.*"description": "Short label, at most 12 Unicode characters; may be empty. Required."/m);
    expect(drifted.output).toMatch(/^\+.*"description": "Short caption of at most twelve characters; may be empty. Required."/m);
    expect(drifted.output).toContain("Run `npm run generate`");

    expect(generate().status).toBe(0);
    expect(generate("--check").status).toBe(0);
  });

  it("reports a deleted artifact as missing and a leftover file as stale; generate repairs both", GENERATOR_RUNS, () => {
    unlinkSync(join(copy, "schemas/ErrorCode.json"));
    writeFileSync(join(copy, "schemas/Leftover.json"), "{}\n");
    const drifted = generate("--check");
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain("missing: schemas/ErrorCode.json");
    expect(drifted.output).toContain("stale: schemas/Leftover.json");

    expect(generate().status).toBe(0);
    expect(generate("--check").status).toBe(0);
  });

  it("is byte-stable: generating twice changes nothing", GENERATOR_RUNS, () => {
    const before = readFileSync(join(copy, "schemas/protocol.schema.json"), "utf8");
    expect(generate().output).toMatch(/0 written, 0 stale removed/);
    expect(readFileSync(join(copy, "schemas/protocol.schema.json"), "utf8")).toBe(before);
  });
});
