import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";

// scripts/run-bundled.mjs, which `npm run generate` and `npm run check` go
// through: an entry point in a directory of the checkout, so it imports a
// workspace package and a dependency as the generator does.

const scratch = join(REPO_ROOT, "node_modules/.cache/run-bundled-test");
mkdirSync(scratch, { recursive: true });
const directory = mkdtempSync(join(scratch, "entry-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function run(...args: string[]) {
  return spawnSync(process.execPath, ["scripts/run-bundled.mjs", ...args], { cwd: REPO_ROOT, encoding: "utf8" });
}

describe("run-bundled", () => {
  it("runs an entry with its arguments and exit code, a workspace package bundled, a dependency imported, and files read beside each module", () => {
    writeFileSync(join(directory, "beside.txt"), "read beside the module\n");
    writeFileSync(
      join(directory, "entry.ts"),
      [
        'import { readFileSync } from "node:fs";',
        'import { createTwoFilesPatch } from "diff";',
        'import { PROTOCOL_VERSION } from "@app-server-protocol/types";',
        'const beside: string = readFileSync(new URL("./beside.txt", import.meta.url), "utf8").trim();',
        "console.log(JSON.stringify({ beside, version: PROTOCOL_VERSION, args: process.argv.slice(2), patch: typeof createTwoFilesPatch }));",
        "process.exitCode = 3;",
        "",
      ].join("\n"),
    );
    const result = run(join(directory, "entry.ts"), "--check", "x");
    expect(result.stderr).toBe("");
    expect(result.status).toBe(3);
    expect(JSON.parse(result.stdout)).toEqual({ beside: "read beside the module", version: "1.0", args: ["--check", "x"], patch: "function" });
  });

  it("fails with the compiler's message on an entry that does not parse, and names its usage without one", () => {
    writeFileSync(join(directory, "broken.ts"), "export const = 1;\n");
    const broken = run(join(directory, "broken.ts"));
    expect(broken.status).not.toBe(0);
    expect(broken.stderr).toContain("broken.ts");
    const usage = run();
    expect({ status: usage.status, stderr: usage.stderr }).toEqual({ status: 2, stderr: "usage: node scripts/run-bundled.mjs <entry.ts> [arguments]\n" });
  });
});
