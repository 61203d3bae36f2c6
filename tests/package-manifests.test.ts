import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";

// What every public package must carry to be released: the license text, a
// README and a changelog in the tarball, where it comes from and where its
// issues go, public access on the registry, and a build before it is packed.
// The tarballs themselves are checked by the release test (`npm run test:release`);
// the bindings for other registries carry the license too.

const REPOSITORY = "https://github.com/app-server-protocol/app-server-protocol";
const LICENSE = readFileSync(join(REPO_ROOT, "LICENSE"), "utf8");

interface Manifest {
  readonly dir: string;
  readonly json: JsonObject;
}

function manifests(): Manifest[] {
  return readdirSync(join(REPO_ROOT, "packages"))
    .filter((dir) => existsSync(join(REPO_ROOT, "packages", dir, "package.json")))
    .map((dir) => {
      const json: unknown = JSON.parse(readFileSync(join(REPO_ROOT, "packages", dir, "package.json"), "utf8"));
      if (!isJsonObject(json)) throw new Error(`packages/${dir}/package.json is not an object`);
      return { dir, json };
    });
}

const PUBLIC = manifests().filter(({ json }) => json.private !== true);

function field(json: JsonObject, ...path: string[]): unknown {
  return path.reduce<unknown>((value, key) => (isJsonObject(value) ? value[key] : undefined), json);
}

describe("the public packages' manifests", () => {
  it("are the packages the project releases", () => {
    expect(PUBLIC.map(({ dir }) => dir)).toEqual(expect.arrayContaining(["acp", "cli", "conformance", "correlation", "legacy-shim", "types", "validators"]));
  });

  it.each(PUBLIC)("packages/$dir ships the root LICENSE, a README and a CHANGELOG", ({ dir, json }) => {
    const folder = join(REPO_ROOT, "packages", dir);
    expect(readFileSync(join(folder, "LICENSE"), "utf8")).toBe(LICENSE);
    expect(json.license).toBe("MIT");
    expect(existsSync(join(folder, "README.md"))).toBe(true);
    expect(readFileSync(join(folder, "CHANGELOG.md"), "utf8")).toMatch(new RegExp(`^# ${String(json.name)}\\n`));
    expect(json.files).toContain("CHANGELOG.md");
  });

  it.each(PUBLIC)("packages/$dir says where it comes from, where its issues go and what it is about", ({ dir, json }) => {
    expect(json.repository).toEqual({ type: "git", url: `git+${REPOSITORY}.git`, directory: `packages/${dir}` });
    expect(json.homepage).toBe(`${REPOSITORY}/tree/main/packages/${dir}#readme`);
    expect(field(json, "bugs", "url")).toBe(`${REPOSITORY}/issues`);
    expect(json.keywords).toEqual(expect.arrayContaining(["app-server-protocol"]));
    expect(field(json, "publishConfig", "access")).toBe("public");
  });

  it.each(PUBLIC.filter(({ json }) => field(json, "scripts", "build") !== undefined))("packages/$dir builds before it is packed or published", ({ json }) => {
    expect(field(json, "scripts", "prepack")).toBe(`turbo run build --filter=${String(json.name)}`);
  });
});

describe("the public packages' READMEs, as the registry shows them", () => {
  const readme = (dir: string) => readFileSync(join(REPO_ROOT, "packages", dir, "README.md"), "utf8");

  it.each(PUBLIC)("packages/$dir says how to install it from the registry and, before a release, from a checkout", ({ dir, json }) => {
    expect(readme(dir)).toMatch(new RegExp(`npm install (--save-dev )?${String(json.name)}\\s`));
    expect(readme(dir)).toContain("npm pack --workspaces");
    expect(readme(dir)).toContain("Tested on Node.js 20");
  });

  it.each(PUBLIC)("packages/$dir links only to absolute addresses or its own headings", ({ dir }) => {
    const relative = [...readme(dir).matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] ?? "").filter((target) => !/^(https:\/\/|#)/.test(target));
    expect(relative).toEqual([]);
  });

  it.each(PUBLIC)("packages/$dir links to each of its API reports and the protocol reference", ({ dir }) => {
    const reports = existsSync(join(REPO_ROOT, "packages", dir, "api")) ? readdirSync(join(REPO_ROOT, "packages", dir, "api")) : [];
    for (const report of reports) expect(readme(dir)).toContain(`${REPOSITORY}/blob/main/packages/${dir}/api/${report}`);
    expect(readme(dir)).toContain(`${REPOSITORY}/blob/main/docs/reference/README.md`);
  });
});

describe("the bindings other registries publish", () => {
  // crates.io, the Go module proxy (pkg.go.dev), PyPI and Maven Central each
  // take the license from the package's own root.
  it.each(["rust", "go", "python", "kotlin"])("generated/%s ships the root LICENSE at its root", (language) => {
    expect(readFileSync(join(REPO_ROOT, "generated", language, "LICENSE"), "utf8")).toBe(LICENSE);
  });
});
