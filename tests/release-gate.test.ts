import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { declaredBump, releaseGate } from "../scripts/release-gate/gate.js";

// The release gate: the schemas against the release baseline, and the bump
// that needs against the pending changesets.

const temporary: string[] = [];
afterAll(() => {
  for (const directory of temporary) rmSync(directory, { recursive: true, force: true });
});

function directory(): string {
  const made = mkdtempSync(join(tmpdir(), "asp-gate-"));
  temporary.push(made);
  return made;
}

function changesets(...bodies: string[]): string {
  const made = directory();
  writeFileSync(join(made, "README.md"), "---\n\"@app-server-protocol/types\": major\n---\nnot a changeset\n");
  bodies.forEach((body, index) => writeFileSync(join(made, `change-${index}.md`), body));
  return made;
}

/** A copy of `schemas/` with one file edited. */
function editedSchemas(file: string, edit: (schema: { [key: string]: unknown }) => void): string {
  const made = directory();
  cpSync(join(REPO_ROOT, "schemas"), made, { recursive: true });
  for (const name of [file, "protocol.schema.json"]) {
    const path = join(made, name);
    const document: { [key: string]: unknown } = JSON.parse(readFileSync(path, "utf8"));
    if (name === file) edit(document);
    else {
      const definitions = document.$defs;
      if (typeof definitions === "object" && definitions !== null) edit(Reflect.get(definitions, file.replace(/\.json$/, "")));
    }
    writeFileSync(path, `${JSON.stringify(document, null, 2)}\n`);
  }
  return made;
}

const baseline: { schemas: string } = JSON.parse(readFileSync(join(REPO_ROOT, "release-baseline.json"), "utf8"));

describe("the release gate", () => {
  it("reads the bump the changesets declare for the schema packages, and nothing else", () => {
    expect(declaredBump(changesets(), ["@app-server-protocol/types"])).toBe("none");
    expect(declaredBump(changesets('---\n"@app-server-protocol/types": patch\n---\n\nA fix.\n', '---\n"@app-server-protocol/types": minor\n"@app-server-protocol/acp": major\n---\n\nMore.\n'), ["@app-server-protocol/types"])).toBe("minor");
    expect(declaredBump(changesets("---\n'@app-server-protocol/types': major\n---\n\nBreaking.\n"), ["@app-server-protocol/types"])).toBe("major");
  });

  it("passes on this checkout: the schemas are the baseline's, or the changesets cover the change", () => {
    const verdict = releaseGate(baseline.schemas, join(REPO_ROOT, "schemas"), join(REPO_ROOT, ".changeset"));
    expect(verdict.ok).toBe(true);
  });

  it("fails when a change needs a larger bump than the changesets declare", () => {
    const narrowed = editedSchemas("ErrorCode.json", (schema) => {
      schema.enum = Array.isArray(schema.enum) ? schema.enum.slice(1) : schema.enum;
    });
    const minorOnly = changesets('---\n"@app-server-protocol/types": minor\n---\n\nA change.\n');
    const verdict = releaseGate(join(REPO_ROOT, "schemas"), narrowed, minorOnly);
    expect(verdict.required).toBe("major");
    expect(verdict.declared).toBe("minor");
    expect(verdict.ok).toBe(false);
    expect(releaseGate(join(REPO_ROOT, "schemas"), narrowed, changesets('---\n"@app-server-protocol/types": major\n---\n\nBreaking.\n')).ok).toBe(true);
  });
});
