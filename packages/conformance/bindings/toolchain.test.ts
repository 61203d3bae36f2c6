import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GO, GOFMT, PYTHON, findOnPath, requireTool } from "./toolchain.js";

// Finding a tool on a PATH made of temporary directories: an executable
// file counts, a file without the execute bit and a directory do not.

const work = mkdtempSync(join(tmpdir(), "toolchain-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function directory(name: string, files: Readonly<Record<string, number>>): string {
  const dir = join(work, name);
  mkdirSync(dir);
  for (const [file, mode] of Object.entries(files)) {
    writeFileSync(join(dir, file), "#!/bin/sh\n");
    chmodSync(join(dir, file), mode);
  }
  return dir;
}

const plain = directory("plain", { tool: 0o644 });
const shadowed = directory("shadowed", {});
mkdirSync(join(shadowed, "tool"));
const first = directory("first", { tool: 0o755 });
const second = directory("second", { tool: 0o755, other: 0o755 });
const path = ["", plain, shadowed, first, second].join(delimiter);

describe("findOnPath", () => {
  it("finds the first executable file of that name, skipping empty entries, non-executable files and directories", () => {
    expect(findOnPath("tool", path)).toBe(join(first, "tool"));
    expect(findOnPath("other", path)).toBe(join(second, "other"));
  });

  it("finds nothing for a command no directory holds, or on an empty PATH", () => {
    expect(findOnPath("missing", path)).toBeUndefined();
    expect(findOnPath("tool", "")).toBeUndefined();
  });
});

describe("requireTool", () => {
  it("gives the tool's full path when it is there", () => {
    expect(requireTool({ command: "tool", install: "unused" }, path)).toBe(join(first, "tool"));
  });

  it("says which tool is missing and exactly what to install", () => {
    expect(() => requireTool(GO, plain)).toThrow("`go` is not on PATH; install it (Go 1.19 or later: Debian apt-get install golang-go, or https://go.dev/dl) and run `npm run test:bindings` again");
    expect(() => requireTool(PYTHON, plain)).toThrow("`python3` is not on PATH; install it (Debian: apt-get install python3 python3-venv)");
    expect(() => requireTool(GOFMT, plain)).toThrow(/^`gofmt` is not on PATH; install it \(Go 1\.19 or later/);
  });
});
