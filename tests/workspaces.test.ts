import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { isJsonObject } from "@app-server-protocol/generator/json";

// The npm workspaces are exactly the public packages, so `npm pack
// --workspaces` packs nothing private; the private packages in packages/ are
// linked into node_modules as root devDependencies (`file:`), which npm and
// node resolve like workspaces, and their tests run as root tasks.

interface PackageDir {
  readonly dir: string;
  readonly name: string;
  readonly isPrivate: boolean;
}

function packageDirs(): PackageDir[] {
  return readdirSync(join(REPO_ROOT, "packages")).flatMap((dir) => {
    const file = join(REPO_ROOT, "packages", dir, "package.json");
    if (!existsSync(file)) return [];
    const manifest: unknown = JSON.parse(readFileSync(file, "utf8"));
    return isJsonObject(manifest) && typeof manifest.name === "string" ? [{ dir, name: manifest.name, isPrivate: manifest.private === true }] : [];
  });
}

const ROOT_MANIFEST: unknown = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
const PACKAGES = packageDirs();

function packedNames(): string[] {
  const packed: unknown = JSON.parse(execFileSync("npm", ["pack", "--workspaces", "--dry-run", "--json", "--ignore-scripts"], { cwd: REPO_ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
  return (Array.isArray(packed) ? packed : []).flatMap((entry: unknown) => (isJsonObject(entry) && typeof entry.name === "string" ? [entry.name] : []));
}

describe("the workspace layout", () => {
  it("has private packages to keep out of the tarballs", () => {
    expect(PACKAGES.filter(({ isPrivate }) => isPrivate).map(({ dir }) => dir)).toEqual(expect.arrayContaining(["codegen", "generator"]));
  });

  it("npm pack --workspaces packs every public package and no private one", () => {
    const publicNames = PACKAGES.filter(({ isPrivate }) => !isPrivate).map(({ name }) => name);
    expect(packedNames().sort()).toEqual(publicNames.sort());
  });

  it.each(PACKAGES.filter(({ isPrivate }) => isPrivate))("packages/$dir is a root devDependency linked to its folder", ({ dir, name }) => {
    const devDependencies = isJsonObject(ROOT_MANIFEST) && isJsonObject(ROOT_MANIFEST.devDependencies) ? ROOT_MANIFEST.devDependencies : {};
    expect(devDependencies[name]).toBe(`file:packages/${dir}`);
    expect(realpathSync(join(REPO_ROOT, "node_modules", name))).toBe(realpathSync(join(REPO_ROOT, "packages", dir)));
  });
});
