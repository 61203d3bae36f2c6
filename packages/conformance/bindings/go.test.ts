import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { casesOf, suiteFiles } from "../test/vectors.js";
import { compareEncodings } from "./emission.js";
import { documentedCommand, installConformance, withBindings } from "./installed-conformance.js";
import { GO, GOFMT, requireTool } from "./toolchain.js";
import { runCommand, succeeded, type Run } from "./process.js";

// The Go bindings (generated/go) with the Go on PATH: the module builds,
// vets and tests; another module depends on it as its README shows; and the
// conformance runner, from a copy of the conformance package's published
// files, runs by the command that package's README documents. The module is
// copied to a temporary directory; nothing is fetched (GOPROXY=off), and the
// build cache lives under node_modules/.cache, which git ignores and later
// runs reuse.

const REPO = join(import.meta.dirname, "../../..");
const MODULE_PATH = "app-server-protocol.dev/go/protocol";
const GO_COMMAND = requireTool(GO);
const GOFMT_COMMAND = requireTool(GOFMT);

const work = mkdtempSync(join(tmpdir(), "go-bindings-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const environment: NodeJS.ProcessEnv = {
  ...process.env,
  GOCACHE: join(REPO, "node_modules/.cache/go-build"),
  GOPATH: join(work, "gopath"),
  GOPROXY: "off",
  GOFLAGS: "",
  GO111MODULE: "on",
  GOTOOLCHAIN: "local",
  // No workspace but the ones a command makes itself.
  GOWORK: "off",
};

const bindings = join(work, "protocol");
cpSync(join(REPO, "generated/go"), bindings, { recursive: true });
const conformance = installConformance(join(work, "conformance"));
const readme = readFileSync(join(bindings, "README.md"), "utf8");

function run(command: string, args: string[], cwd: string, extra: NodeJS.ProcessEnv = {}): Run {
  return runCommand(command, args, { cwd, env: { ...environment, ...extra } });
}

/** The body of the README's first fenced block whose first line starts with `firstLine`. */
function readmeBlock(firstLine: string): string {
  const block = [...readme.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? "").find((body) => body.startsWith(firstLine));
  if (block === undefined) throw new Error(`the README has no block starting with ${firstLine}`);
  return block;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

describe("the Go module", () => {
  it("is formatted as gofmt formats it", () => {
    expect(succeeded(run(GOFMT_COMMAND, ["-l", "."], bindings)).stdout).toBe("");
  });

  it("builds, passes go vet, and passes its own tests, the README's example among them", () => {
    succeeded(run(GO_COMMAND, ["build", "./..."], bindings));
    succeeded(run(GO_COMMAND, ["vet", "./..."], bindings));
    const tests = succeeded(run(GO_COMMAND, ["test", "-v", "./..."], bindings)).stdout;
    for (const name of ["Example", "TestMethodTable", "TestAbsentParamsReadAsEmpty", "TestUndefinedNamesAndTags", "TestRefusesWhatTheSchemaRefuses", "TestWritesWhatItRead"]) expect(tests).toContain(`--- PASS: ${name} `);
    expect(tests).toMatch(new RegExp(`^ok\\s+${MODULE_PATH.replaceAll(".", "\\.")}`, "m"));
  });

  it("is a dependency of another module as the README shows: its go.mod and program, with the printed output", () => {
    const example = join(work, "example");
    mkdirSync(example);
    const goMod = readmeBlock("module ");
    expect(goMod).toContain(`require ${MODULE_PATH} v1.0.0\n`);
    writeFileSync(join(example, "go.mod"), goMod.replace("../path/to/generated/go", bindings));
    writeFileSync(join(example, "main.go"), readmeBlock("package main\n"));
    expect(succeeded(run(GOFMT_COMMAND, ["-l", "."], example)).stdout).toBe("");
    expect(succeeded(run(GO_COMMAND, ["run", "."], example)).stdout).toBe(/It prints:\n\n```text\n([\s\S]*?)```/.exec(readme)?.[1]);
  });
});

describe("the Go conformance runner, from the installed conformance package", () => {
  const runner = join(conformance, "runners/go");

  it("requires the bindings by version and points nowhere else", () => {
    const goMod = readFileSync(join(runner, "go.mod"), "utf8");
    expect(goMod).toMatch(new RegExp(`^require ${MODULE_PATH.replaceAll(".", "\\.")} v1\\.0\\.0$`, "m"));
    expect(goMod).not.toMatch(/^replace|=>/m);
  });

  it("is formatted and passes go vet, in a workspace with the bindings", () => {
    expect(succeeded(run(GOFMT_COMMAND, ["-l", "."], runner)).stdout).toBe("");
    const workspace = { GOWORK: join(work, "vet", "go.work") };
    mkdirSync(join(work, "vet"));
    succeeded(run(GO_COMMAND, ["work", "init", runner, bindings], conformance, workspace));
    succeeded(run(GO_COMMAND, ["vet", "./runners/go"], conformance, workspace));
  });

  it("judges every vector of every suite by the command the README documents, refusing every invalid one (unknown tags and methods with their own errors)", () => {
    const command = documentedCommand("Go");
    expect(readme).toContain(`\n${command}\n`);
    const before = filesUnder(conformance);
    const encodings = join(work, "go-encodings.jsonl");
    const result = run("sh", ["-c", withBindings(command, bindings).replace("go run ./runners/go vectors", `go run ./runners/go -encodings ${encodings} vectors`)], conformance);
    const line = result.stdout.split("\n").find((entry) => entry.startsWith("summary "));
    if (line === undefined) throw new Error(`the runner printed no summary:\n${result.stdout}\n${result.stderr}`);
    const summary: { counts: Record<string, number>; failures: number } = JSON.parse(line.slice("summary ".length));
    expect(summary.failures, result.stdout).toBe(0);
    expect(result.status, result.stderr).toBe(0);
    const count = (name: string): number => summary.counts[name] ?? 0;
    for (const suite of ["types", "schema-edges"]) {
      const cases = suiteFiles(suite).flatMap(({ document }) => casesOf(document));
      expect(count(`${suite}.valid`), suite).toBe(cases.filter((entry) => entry.valid === true).length);
      expect(count(`${suite}.invalid_rejected`), suite).toBe(cases.filter((entry) => entry.valid === false).length);
    }
    const messages = suiteFiles("messages").flatMap(({ document }) => casesOf(document));
    expect(count("messages.valid")).toBe(messages.filter((entry) => entry.valid === true).length);
    expect(count("messages.unknown_tag")).toBe(messages.filter((entry) => entry.code === "unknown_tag").length);
    expect(count("messages.unknown_method")).toBe(messages.filter((entry) => entry.code === "unknown_method").length);
    expect(count("messages.invalid_rejected") + count("messages.unknown_tag") + count("messages.unknown_method")).toBe(messages.filter((entry) => entry.valid === false).length);
    expect(count("messages.roundtrip")).toBeGreaterThan(0);
    // What the bindings wrote for each vector they accepted is the TypeScript emission of it.
    const comparison = compareEncodings(encodings);
    expect(comparison.missing).toEqual([]);
    expect(comparison.different).toEqual([]);
    // The workspace went to a temporary directory: the package is as it was installed.
    expect(filesUnder(conformance)).toEqual(before);
  });
});
