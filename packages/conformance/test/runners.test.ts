import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR } from "./vectors.js";

// Every runner works from the installed package: no file under runners/
// refers to a path outside the package, and none but the documentation
// names the repository's generated/ bindings (a README may tell a reader
// where a checkout keeps them). Runs over every runner there is, whatever
// its language.

const RUNNERS_DIR = join(PACKAGE_DIR, "runners");
/** What a toolchain builds beside a runner; never published. */
const BUILD_OUTPUTS = new Set(["target", "build", "__pycache__", ".gradle", "node_modules"]);

function runnerFiles(dir = RUNNERS_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return BUILD_OUTPUTS.has(entry.name) ? [] : runnerFiles(path);
    return [path];
  });
}

/** The relative paths in `text` that climb out of `fileDir` and leave the package, with the line each is on. */
function pathsLeavingPackage(text: string, fileDir: string, packageDir: string): string[] {
  return text.split("\n").flatMap((line, index) =>
    [...line.matchAll(/(?:\.\.[/\\])+[^\s"'`)\]}>,;]*/g)].flatMap((match) => {
      const climbed = relative(packageDir, join(fileDir, match[0]));
      return climbed === ".." || climbed.startsWith(`..${sep}`) ? [`line ${index + 1}: ${match[0]}`] : [];
    }),
  );
}

/** Where `text` names a generated/ directory, with the line. */
function generatedReferences(text: string): string[] {
  return text.split("\n").flatMap((line, index) => (/(?:^|[^\w-])generated[/\\]/.test(line) ? [`line ${index + 1}: ${line.trim()}`] : []));
}

const files = runnerFiles().map((path) => ({ path: relative(PACKAGE_DIR, path), dir: dirname(path), text: readFileSync(path, "utf8") }));

describe("the runners", () => {
  it("are there, each in a directory of its own", () => {
    const runners = readdirSync(RUNNERS_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(runners.map((entry) => entry.name)).toEqual(expect.arrayContaining(["go", "python"]));
    expect(files.length).toBeGreaterThan(runners.length);
  });

  it.each(files.map((file) => [file.path, file] as const))("%s refers to no path outside the package", (_path, file) => {
    expect(pathsLeavingPackage(file.text, file.dir, PACKAGE_DIR)).toEqual([]);
  });

  it.each(files.filter((file) => !file.path.endsWith(".md")).map((file) => [file.path, file] as const))("%s names no generated/ directory", (_path, file) => {
    expect(generatedReferences(file.text)).toEqual([]);
  });
});

describe("the checks themselves", () => {
  const fileDir = join(PACKAGE_DIR, "runners/go");

  it("find a path that climbs out of the package, and accept one that stays inside", () => {
    expect(pathsLeavingPackage("replace x => ../../../../generated/go", fileDir, PACKAGE_DIR)).toEqual(["line 1: ../../../../generated/go"]);
    expect(pathsLeavingPackage('path = "../../.."', fileDir, PACKAGE_DIR)).toEqual(["line 1: ../../.."]);
    expect(pathsLeavingPackage("vectors := \"../../vectors\"\nsee ../python/README.md", fileDir, PACKAGE_DIR)).toEqual([]);
  });

  it("find a generated/ path in any spelling, and not a word that merely ends in it", () => {
    expect(generatedReferences('sys.path.insert(0, "generated/python")')).toHaveLength(1);
    expect(generatedReferences("install it (mvn install in generated\\kotlin)")).toHaveLength(1);
    expect(generatedReferences("code-generated/ output, regenerated\nnothing here")).toEqual([]);
  });
});
