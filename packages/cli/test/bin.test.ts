import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SUBMIT, SUBMITTED } from "./support/messages.js";
import { transcript } from "./support/run.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));

/** Runs the real command line, from the sources, as a child process. */
function bin(args: readonly string[], input = "") {
  const child = spawnSync(process.execPath, ["--import", "tsx", "--conditions=@app-server-protocol/source", "src/bin.ts", ...args], { cwd: PACKAGE, input, encoding: "utf8" });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe("the app-server-protocol bin", () => {
  it("validates a file and standard input, and sets the exit code", () => {
    const dir = mkdtempSync(join(tmpdir(), "asp-cli-"));
    const file = join(dir, "clean.ndjson");
    writeFileSync(file, transcript(SUBMIT, SUBMITTED));
    expect(bin(["validate", file])).toEqual({ code: 0, stdout: "1 file, 2 lines: 0 errors, 0 warnings\n", stderr: "" });
    const broken = bin(["validate", "--format", "json"], "{\n");
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).summary).toEqual({ files: 1, lines: 1, errors: 1, warnings: 0 });
  });

  it("exits 2 for an unreadable file and for an unknown option", () => {
    const missing = bin(["validate", join(tmpdir(), "no-such-dir-asp", "x.ndjson")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("cannot read");
    expect(bin(["redact", "--nope"]).code).toBe(2);
  });

  it("redacts standard input to standard output", () => {
    expect(bin(["redact"], transcript(SUBMIT)).stdout).toBe(`${JSON.stringify({ type: "request", id: "req-1", method: "turn/submit", params: { session_id: "s1", prompt: "[redacted]" } })}\n`);
  });
});
