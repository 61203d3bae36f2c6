import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run, succeed } from "./support/npm.js";
import { copyRepository } from "./support/repository-copy.js";

// A fresh clone, as the root README has a user start: `npm ci && npm run
// generate`, then `npx app-server-protocol ...` runs the checkout's own
// command, never a package of that name from the registry (`--no-install`
// fails instead of fetching). The dependencies come from npm's cache, or the
// registry when a new machine has none.

const work = mkdtempSync(join(tmpdir(), "asp-checkout-"));
const clone = join(work, "clone");

/** This process's environment without the `npm_*` variables of the `npm run` that started the tests, which npm would read as configuration. */
const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_")));

beforeAll(() => {
  copyRepository(clone, { installed: false });
  succeed("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], clone, environment);
  succeed("npm", ["run", "generate"], clone, environment);
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a fresh clone after npm ci && npm run generate", () => {
  it("runs the README's npx app-server-protocol commands", () => {
    const version: unknown = JSON.parse(readFileSync(join(clone, "packages/cli/package.json"), "utf8")).version;
    expect(run("npx", ["--no-install", "app-server-protocol", "--version"], clone, environment)).toEqual({ status: 0, output: `${String(version)}\n` });
    writeFileSync(join(work, "transcript.ndjson"), '{"type":"request","id":"r1","method":"session/list"}\n{"type":"response","id":"r2","result":{"status":"success"}}\n');
    const found = run("npx", ["--no-install", "app-server-protocol", "validate", "--format", "json", join(work, "transcript.ndjson")], clone, environment);
    expect(found.output).toContain('"code":"unknown_response_id"');
    expect(found.status).toBe(1);
  });

  it("leaves the work tree clean", () => {
    expect(succeed("git", ["status", "--porcelain"], clone)).toBe("");
  });
});
