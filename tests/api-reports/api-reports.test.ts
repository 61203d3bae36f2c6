import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, REPORTED_PACKAGES, UNREPORTED_PACKAGES, UPDATE_COMMAND, entriesOf, runApiReports } from "../../scripts/api-reports/index.js";

// The checked-in reports are compared with the built declarations of the
// checkout (turbo builds the packages before this test). API changes are
// made in copies of one small package's built declarations, which resolve
// their dependencies through the checkout's node_modules.

const PACKAGE = "legacy-shim";
const REPORT = `packages/${PACKAGE}/api/index.api.md`;
const CHECK_SIGNATURE = "export function checkAnswer(request: AskUserQuestionRequest, data: unknown, options?: ReadOptions): AnswerCheck;";
const copies: string[] = [];

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

/** A repository holding a copy of the package's manifest, built declarations and reports. */
function copyOfPackage(): string {
  const copy = mkdtempSync(join(tmpdir(), "asp-api-reports-"));
  copies.push(copy);
  for (const path of ["package.json", "dist/esm", "api"]) cpSync(join(REPO_ROOT, "packages", PACKAGE, path), join(copy, "packages", PACKAGE, path), { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(copy, "node_modules"), "dir");
  return copy;
}

function edit(copy: string, path: string, from: string, to: string): void {
  const file = join(copy, "packages", PACKAGE, path);
  const text = readFileSync(file, "utf8");
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

/** The check or the writer over one package of the repository at `root` (a copy, or the checkout), with its output captured. */
function run(mode: "check" | "write", root: string): { status: number; output: string } {
  const lines: string[] = [];
  const status = runApiReports(mode, { root, packages: [PACKAGE] }, (text) => lines.push(text), (text) => lines.push(text));
  return { status, output: lines.join("\n") };
}

function typedPublicPackages(): string[] {
  return readdirSync(join(REPO_ROOT, "packages")).filter((folder) => {
    if (!existsSync(join(REPO_ROOT, "packages", folder, "package.json"))) return false;
    const manifest: { private?: boolean } = JSON.parse(readFileSync(join(REPO_ROOT, "packages", folder, "package.json"), "utf8"));
    return manifest.private !== true && entriesOf(REPO_ROOT, folder).length > 0;
  });
}

describe("API reports", () => {
  it("cover every published package with typed entry points, one report per entry", () => {
    const missing = "every published package with typed entry points is in REPORTED_PACKAGES (scripts/api-reports/packages.ts); add a new one there and run `npm run api:update`";
    expect([...REPORTED_PACKAGES, ...Object.keys(UNREPORTED_PACKAGES)].sort(), missing).toEqual(typedPublicPackages().sort());
    expect(entriesOf(REPO_ROOT, "validators").map(({ subpath, reportPath }) => [subpath, reportPath])).toEqual([
      [".", "packages/validators/api/index.api.md"],
      ["./all", "packages/validators/api/all.api.md"],
    ]);
  });

  // `npm run check:api` (in `npm test`) checks every package; this one is the fixture of the tests below.
  it("match the checked-in report of the package the tests below edit", () => {
    expect(run("check", REPO_ROOT)).toEqual({ status: 0, output: "API reports are up to date." });
    expect(readFileSync(join(REPO_ROOT, REPORT), "utf8")).toContain(CHECK_SIGNATURE);
  });

  it("fail with a diff and the update command when a signature changes, and pass once updated", () => {
    const copy = copyOfPackage();
    const changed = CHECK_SIGNATURE.replace("options?: ReadOptions)", "options?: ReadOptions, strict?: boolean)");
    edit(copy, "dist/esm/answer-check.d.ts", "options?: ReadOptions): AnswerCheck;", "options?: ReadOptions, strict?: boolean): AnswerCheck;");

    const drifted = run("check", copy);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain(`changed: ${REPORT}`);
    expect(drifted.output).toContain(`\n-${CHECK_SIGNATURE}\n+${changed}\n`);
    expect(drifted.output).toContain(`run \`${UPDATE_COMMAND}\``);
    expect(readFileSync(join(copy, REPORT), "utf8")).toContain(CHECK_SIGNATURE);

    expect(run("write", copy)).toEqual({ status: 0, output: "1 API reports: 1 written, 0 stale removed." });
    expect(readFileSync(join(copy, REPORT), "utf8")).toContain(changed);
    expect(run("check", copy).status).toBe(0);
  });

  it("show a new export, and a type it uses without exporting, in the report, by file but not by line", () => {
    const copy = copyOfPackage();
    const anchor = 'export { decodedQuestions } from "./decoded-questions.js";';
    edit(copy, "dist/esm/index.d.ts", anchor, `${anchor}\nexport { addedFunction, type AddedUnion } from "./added.js";`);
    const added = ['interface Unexported { readonly kind: "x" }', "export declare function addedFunction(): void;", "export type AddedUnion = { readonly value: Unexported } | { readonly none: true };"];
    writeFileSync(join(copy, "packages", PACKAGE, "dist/esm/added.d.ts"), `${added.join("\n")}\n`);

    const drifted = run("check", copy);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toMatch(/^\+export function addedFunction\(\): void;$/m);
    expect(drifted.output).toContain(`\n+${added[2]}\n`);
    expect(drifted.output).toMatch(/^\+\/\/ dist\/esm\/added\.d\.ts - \(ae-forgotten-export\) The symbol "Unexported" needs to be exported by the entry point index\.d\.ts$/m);

    run("write", copy);
    edit(copy, "dist/esm/added.d.ts", "export type AddedUnion", "// Moves the declaration down.\n\nexport type AddedUnion");
    expect(run("check", copy)).toEqual({ status: 0, output: "API reports are up to date." });
  });

  it("report a deleted report as missing and a report no entry produces as stale; writing repairs both", () => {
    const copy = copyOfPackage();
    const stale = `packages/${PACKAGE}/api/removed-entry.api.md`;
    unlinkSync(join(copy, REPORT));
    writeFileSync(join(copy, stale), "## API Report File\n");

    const drifted = run("check", copy);
    expect(drifted.status).toBe(1);
    expect(drifted.output).toContain(`missing: ${REPORT}`);
    expect(drifted.output).toContain(`stale: ${stale}`);
    expect(drifted.output).toContain("2 API reports differ");

    expect(run("write", copy).output).toBe("1 API reports: 1 written, 1 stale removed.");
    expect(existsSync(join(copy, stale))).toBe(false);
    expect(readFileSync(join(copy, REPORT), "utf8")).toBe(readFileSync(join(REPO_ROOT, REPORT), "utf8"));
  });

  it("refuse to run without the built declarations, naming the build command", () => {
    const copy = copyOfPackage();
    rmSync(join(copy, "packages", PACKAGE, "dist"), { recursive: true });
    expect(() => run("check", copy)).toThrow(/run `npm run build`[\s\S]*dist\/esm\/index\.d\.ts/);
  });

  it("fail on a declaration file that does not parse, naming the file", () => {
    const copy = copyOfPackage();
    edit(copy, "dist/esm/legacy-fields.d.ts", "export interface LegacyFields {", "export interface LegacyFields {(");
    expect(() => run("check", copy)).toThrow(/do not parse:\n.*legacy-fields\.d\.ts:\d+: /);
  });

  it("fail on a problem the analysis reports, naming the message and the file", () => {
    const copy = copyOfPackage();
    edit(copy, "dist/esm/answer-check.d.ts", "export declare function checkAnswer", "/** @internal */\nexport declare function checkAnswer");
    expect(() => run("check", copy)).toThrow(/API Extractor reported 1 problem\(s\):\n.*answer-check\.d\.ts:\d+: \(ae-internal-missing-underscore\)/);
  });
});
