import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";

// Every package owns its folder: it imports other packages by name, never a
// file outside itself by relative path. And the types package's modules
// form no import cycle.

const PACKAGES = join(REPO_ROOT, "packages");

/**
 * Test-only reads of files that are not a package's code: the test settings
 * every package shares and the conformance vectors' readers.
 */
const TEST_ONLY_READS = [/^(?:\.\.\/)+vitest\.shared\.js$/, /^\.\.\/\.\.\/conformance\/test\/vectors\.js$/, /^\.\.\/\.\.\/\.\.\/tests\/support\/vectors\.js$/];

/** What a package's bench (`bench/` at its root) may read besides: the repository's bundler of the processes it times. */
const BENCH_ONLY_READS = [/^\.\.\/\.\.\/\.\.\/scripts\/bundle-entry\.mjs$/];

function allowed(root: string, file: string, specifier: string): boolean {
  if (TEST_ONLY_READS.some((read) => read.test(specifier))) return true;
  return dirname(file) === join(root, "bench") && BENCH_ONLY_READS.some((read) => read.test(specifier));
}
const SPECIFIER = /(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name === "generated" || entry.name.startsWith(".")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:ts|mts|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

function specifiers(file: string): string[] {
  return [...readFileSync(file, "utf8").matchAll(SPECIFIER)].map((match) => match[1] ?? match[2] ?? "");
}

describe("module boundaries", () => {
  it("no package file imports a file outside its package by relative path", () => {
    const crossings: string[] = [];
    for (const name of readdirSync(PACKAGES)) {
      const root = join(PACKAGES, name);
      for (const file of sourceFiles(root)) {
        for (const specifier of specifiers(file)) {
          if (!specifier.startsWith(".") || allowed(root, file, specifier)) continue;
          const target = resolve(dirname(file), specifier);
          if (!`${target}${sep}`.startsWith(`${root}${sep}`)) crossings.push(`${relative(REPO_ROOT, file)} -> ${specifier}`);
        }
      }
    }
    expect(crossings).toEqual([]);
  });

  it("the types package's modules import each other without a cycle", () => {
    const dir = join(PACKAGES, "types/src");
    const imports = new Map(
      readdirSync(dir)
        .filter((file) => file.endsWith(".ts"))
        .map((file) => [file.replace(/\.ts$/, ""), specifiers(join(dir, file)).filter((specifier) => specifier.startsWith("./")).map((specifier) => specifier.slice(2).replace(/\.js$/, ""))]),
    );
    expect(imports.size).toBeGreaterThan(20);
    const cycles: string[] = [];
    const visit = (module: string, trail: readonly string[]): void => {
      if (trail.includes(module)) {
        cycles.push([...trail.slice(trail.indexOf(module)), module].join(" -> "));
        return;
      }
      for (const next of imports.get(module) ?? []) visit(next, [...trail, module]);
    };
    for (const module of imports.keys()) if (module !== "index") visit(module, []);
    expect(cycles).toEqual([]);
  });
});
