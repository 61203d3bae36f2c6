import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { PACKAGE_DIR, casesOf, suiteFiles, suiteNames } from "./vectors.js";

// What the package README says about the vectors and the runners is what
// the package holds: the case and file counts of each suite, the number of
// methods, a command per runner, and links that lead somewhere.

const README = readFileSync(join(PACKAGE_DIR, "README.md"), "utf8");
const lines = README.split("\n");

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\w\- ]/g, "")
    .replace(/ /g, "-");
}

describe("the suites table", () => {
  const rows = new Map(lines.flatMap((line) => {
    const match = /^\| \[`([\w-]+)`\]\([^)]*\) \| ([^|]+) \|/.exec(line);
    return match === null ? [] : [[match[1] ?? "", (match[2] ?? "").trim()] as const];
  }));

  it("has a row per suite", () => {
    expect([...rows.keys()].sort()).toEqual(suiteNames());
  });

  it.each(suiteNames())("gives the %s suite's case and file counts", (suite) => {
    const files = suiteFiles(suite);
    const cases = files.reduce((total, file) => total + casesOf(file.document).length, 0);
    expect(rows.get(suite)).toBe(`${cases} in ${files.length} ${files.length === 1 ? "file" : "files"}`);
  });

  it("counts the methods as the registry does", () => {
    expect(README).toContain(`every one of the ${METHOD_REGISTRY.length} methods`);
  });
});

describe("the runners table", () => {
  const runners = readdirSync(join(PACKAGE_DIR, "runners"), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

  it.each(runners)("has a row for the %s runner with its command from the package's directory", (runner) => {
    const row = lines.find((line) => line.toLowerCase().startsWith(`| ${runner} `));
    expect(row, runner).toBeDefined();
    const command = [...(row ?? "").matchAll(/`([^`]+)`/g)].at(-1)?.[1] ?? "";
    expect(command, row).toContain(`runners/${runner}`);
  });
});

describe("the links", () => {
  const anchors = new Set(lines.filter((line) => line.startsWith("#")).map((line) => anchorOf(line.replace(/^#+ /, ""))));
  // Links into the package are absolute, so they work on the registry's page too; they are checked against the package's files.
  const ownFiles = "https://github.com/app-server-protocol/app-server-protocol/blob/main/packages/conformance/";
  const targets = [...README.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => (match[1] ?? "").replace(ownFiles, "")).filter((target) => !/^[a-z]+:/.test(target));

  it.each(targets)("%s leads to a file of the package or a heading of the README", (target) => {
    if (target.startsWith("#")) expect(anchors.has(target.slice(1)), target).toBe(true);
    else expect(existsSync(join(PACKAGE_DIR, target.replace(/#.*$/, ""))), target).toBe(true);
  });
});
