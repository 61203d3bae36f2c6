import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesOf, suiteFiles, VECTORS_DIR } from "../test/vectors.js";
import { compareEncodings } from "./emission.js";
import { requireTool } from "./toolchain.js";
import { runCommand, succeeded, type Run } from "./process.js";

// The Kotlin bindings (generated/kotlin) built with Maven, and the
// conformance vectors through the Kotlin runner, which depends on the
// bindings by their coordinates. The bindings, the runner and the README's
// example are copied to a temporary directory and built there, so nothing is
// written into the repository. Maven takes the compiler and libraries from
// Maven Central once and keeps them in the user's local repository
// (~/.m2/repository), where the bindings jar is installed too.

const REPO = join(import.meta.dirname, "../../..");
const MVN = requireTool({ command: "mvn", install: "apt-get install maven" });
requireTool({ command: "java", install: "apt-get install openjdk-17-jdk-headless" });

const ARTIFACT = "dev/app-server-protocol/app-server-protocol/1.0.0/app-server-protocol-1.0.0.jar";

const work = mkdtempSync(join(tmpdir(), "kotlin-bindings-"));
const bindings = join(work, "bindings");
const runner = join(work, "runner");
const example = join(work, "example");

/** `mvn` in batch mode, quiet, without colours; the Kotlin compile daemon stays off (the poms say so too). */
function maven(directory: string, args: string[]): Run {
  const result = runCommand(MVN, ["-B", "-q", "-Dstyle.color=never", "-Dkotlin.compiler.daemon=false", ...args], { cwd: directory });
  return { status: result.status, stdout: withoutColours(result.stdout), stderr: withoutColours(result.stderr) };
}

/** Maven 3.8 writes colour resets even when told not to colour. */
function withoutColours(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

/** The runner over a vectors directory, listing every case, and writing its encodings to `encodings` when given. */
function runVectors(directory: string, encodings?: string): Run {
  return maven(runner, ["exec:java", `-Dexec.args=${directory} --verbose${encodings === undefined ? "" : ` --encodings ${encodings}`}`]);
}

/** The pom of the README's example: the runner's, with the example as its main class. */
function examplePom(): string {
  return readFileSync(join(runner, "pom.xml"), "utf8").replace("<artifactId>app-server-protocol-conformance</artifactId>", "<artifactId>readme-example</artifactId>").replace("appserverprotocol.conformance.MainKt", "ExampleKt");
}

beforeAll(() => {
  cpSync(join(REPO, "generated/kotlin"), bindings, { recursive: true });
  cpSync(join(REPO, "packages/conformance/runners/kotlin"), runner, { recursive: true, filter: (source) => !source.endsWith("/target") });
  succeeded(maven(bindings, ["install"]));
  succeeded(maven(runner, ["compile"]));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("the Kotlin bindings", () => {
  it("compile with warnings as errors and are installed under their coordinates", () => {
    expect(readFileSync(join(bindings, "pom.xml"), "utf8")).toContain("<arg>-Werror</arg>");
    expect(existsSync(join(homedir(), ".m2/repository", ARTIFACT))).toBe(true);
  });

  it("run the README's example as the README says", () => {
    const readme = readFileSync(join(bindings, "README.md"), "utf8");
    const program = /```kotlin\n([\s\S]*?)```/.exec(readme)?.[1];
    const output = /It prints:\n\n```text\n([\s\S]*?)```/.exec(readme)?.[1];
    if (program === undefined || output === undefined) throw new Error("the README has no example program with its output");
    mkdirSync(join(example, "src/main/kotlin"), { recursive: true });
    writeFileSync(join(example, "src/main/kotlin/Example.kt"), program);
    writeFileSync(join(example, "pom.xml"), examplePom());
    expect(succeeded(maven(example, ["compile", "exec:java"])).stdout).toBe(output);
  });
});

describe("the Kotlin conformance runner", () => {
  it("is built with the bindings' Kotlin version", () => {
    const version = (pom: string) => /<kotlin\.version>([^<]+)<\/kotlin\.version>/.exec(readFileSync(pom, "utf8"))?.[1];
    expect(version(join(runner, "pom.xml"))).toBe(version(join(bindings, "pom.xml")));
  });

  it("judges every vector of every suite, rejecting every invalid one, and writes each accepted one as the TypeScript emission", () => {
    const encodings = join(work, "kotlin-encodings.jsonl");
    const result = runVectors(VECTORS_DIR, encodings);
    const lines = result.stdout.trim().split("\n");
    expect(lines.filter((line) => line.startsWith("FAIL ")), result.stderr).toEqual([]);
    expect(result.status, result.stderr).toBe(0);
    for (const suite of ["messages", "types", "schema-edges"]) {
      const cases = suiteFiles(suite).flatMap(({ document }) => casesOf(document)).length;
      expect(lines).toContain(`${suite}: ${cases} cases: ${cases} passed, 0 failed`);
    }
    const messages = suiteFiles("messages").flatMap(({ path, document }) => casesOf(document).map((entry) => ({ file: path.split("/").at(-1) ?? path, entry })));
    const rejected = messages.filter(({ entry }) => entry.valid === false);
    expect(rejected.length).toBeGreaterThan(500);
    for (const { file, entry } of rejected) {
      expect(lines.some((line) => line.startsWith(`PASS messages ${file} ${String(entry.name)}: rejected (${String(entry.code)})`)), `${file} ${String(entry.name)}`).toBe(true);
    }
    const comparison = compareEncodings(encodings);
    expect(comparison.missing).toEqual([]);
    expect(comparison.different).toEqual([]);
  });

  it("fails a case whose verdict the bindings contradict, and says which", () => {
    const vectors = join(work, "contradicted");
    for (const suite of ["messages", "types", "schema-edges"]) mkdirSync(join(vectors, suite), { recursive: true });
    const message = (name: string, value: unknown, valid: boolean, code?: string) => ({ name, spec: "1.2", direction: "client", message: value, valid, ...(code === undefined ? {} : { code, path: "" }) });
    const messageCases = [
      message("unknown_method_called_valid", { type: "request", id: "r1", method: "session/no_such_method" }, true),
      message("valid_called_missing_field", { type: "request", id: "r2", method: "session/list" }, false, "missing_field"),
      message("count_as_string_called_valid", { type: "request", id: "r3", method: "session/rewind", params: { session_id: "s", keep_messages: "2" } }, true),
    ];
    writeFileSync(join(vectors, "messages/contradicted.json"), JSON.stringify({ suite: "messages", title: "Wrong verdicts", cases: messageCases }));
    const typeCases = [
      { name: "negative_called_valid", valid: true, value: -1 },
      { name: "in_range_called_invalid", valid: false, value: 7 },
    ];
    writeFileSync(join(vectors, "types/Uint32.json"), JSON.stringify({ suite: "types", type: "Uint32", cases: typeCases }));
    const edgeCases = [
      { name: "above_maximum_called_valid", valid: true, value: 4294967296, emitted: 4294967296 },
      { name: "emitted_otherwise", valid: true, value: 7, emitted: 8 },
    ];
    writeFileSync(join(vectors, "schema-edges/Uint32.json"), JSON.stringify({ suite: "schema-edges", type: "Uint32", cases: edgeCases }));
    const result = runVectors(vectors);
    expect(result.status).toBe(1);
    const failures = result.stdout.split("\n").filter((line) => line.startsWith("FAIL "));
    expect(failures.map((line) => line.split(":")[0])).toEqual([
      "FAIL messages contradicted.json unknown_method_called_valid",
      "FAIL messages contradicted.json valid_called_missing_field",
      "FAIL messages contradicted.json count_as_string_called_valid",
      "FAIL types Uint32.json negative_called_valid",
      "FAIL types Uint32.json in_range_called_invalid",
      "FAIL schema-edges Uint32.json above_maximum_called_valid",
      "FAIL schema-edges Uint32.json emitted_otherwise",
    ]);
    expect(result.stdout).toContain("messages: 3 cases: 0 passed, 3 failed\n");
    expect(result.stdout).toContain("types: 2 cases: 0 passed, 2 failed\n");
    expect(result.stdout).toContain("schema-edges: 2 cases: 0 passed, 2 failed\n");
  });
});
