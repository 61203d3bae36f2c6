import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";

// Inside a checkout, `npx app-server-protocol` runs the workspace's command
// (never a registry package of that name): npm links the bin at install
// time because its target, the launcher bin/app-server-protocol.js, is
// checked in; the launcher runs the build that `npm run generate` makes.
// The whole `npm ci && npm run generate` flow from a fresh copy is
// tests/release/checkout.test.ts.

const LAUNCHER = join(REPO_ROOT, "packages/cli/bin/app-server-protocol.js");
const LINK = join(REPO_ROOT, "node_modules/.bin/app-server-protocol");
const MANIFEST: { version: string } = JSON.parse(readFileSync(join(REPO_ROOT, "packages/cli/package.json"), "utf8"));

describe("the command in a checkout", () => {
  it("is linked by npm to the checked-in launcher, which git keeps executable", () => {
    expect(realpathSync(LINK)).toBe(realpathSync(LAUNCHER));
    expect(execFileSync("git", ["ls-files", "--stage", "packages/cli/bin/app-server-protocol.js"], { cwd: REPO_ROOT, encoding: "utf8" })).toMatch(/^100755 /);
  });

  it("runs through npx, which finds the linked bin", () => {
    expect(existsSync(join(REPO_ROOT, "packages/cli/dist/esm/bin.js")), "packages/cli/dist is missing: run npm run generate").toBe(true);
    const ran = spawnSync("npx", ["--no-install", "app-server-protocol", "--version"], { cwd: REPO_ROOT, encoding: "utf8" });
    expect([ran.status, ran.stdout]).toEqual([0, `${MANIFEST.version}\n`]);
  });
});
