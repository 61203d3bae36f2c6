import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casesOf, suiteFiles, VECTORS_DIR } from "../test/vectors.js";
import { jarEntries, jarText, maven, type MavenRun } from "./maven.js";
import { compareEncodings } from "./emission.js";
import { requireTool } from "./toolchain.js";
import { succeeded } from "./process.js";

// The Kotlin bindings (generated/kotlin) built with Maven once per run, as
// a release builds them (profile `release`: the jar, the sources jar and the
// javadoc jar), their artefacts inspected as Maven Central would, and the
// conformance vectors through the Kotlin runner, which depends on the
// installed bindings by their coordinates. The bindings, the runner and the
// README's example are copied to a temporary directory and built there, so
// nothing is written into the repository. Maven takes the compiler and
// libraries from Maven Central once and keeps them in the user's local
// repository (~/.m2/repository), where the bindings are installed too; every
// run after that is offline.

const REPO = join(import.meta.dirname, "../../..");
requireTool({ command: "java", install: "apt-get install openjdk-17-jdk-headless" });

const COORDINATES = "dev/app-server-protocol/app-server-protocol/1.0.0";
const ARTIFACT = `${COORDINATES}/app-server-protocol-1.0.0.jar`;
/** The invalid message codes the runner checks a decoder rejects; the others are rules the types do not carry. */
const DECODE_ERRORS = new Set(["unknown_tag", "unknown_method", "wrong_type", "missing_field"]);

const work = mkdtempSync(join(tmpdir(), "kotlin-bindings-"));
const bindings = join(work, "bindings");
const runner = join(work, "runner");
const example = join(work, "example");

/** Every Maven run of this file, in order, with the goals it was given. */
const runs: { args: readonly string[]; run: MavenRun }[] = [];

function mvn(directory: string, args: readonly string[]): MavenRun {
  const run = maven(directory, args);
  runs.push({ args, run });
  return run;
}

/** The runner over a vectors directory, listing every case, and writing its encodings to `encodings` when given. */
function runVectors(directory: string, encodings?: string): MavenRun {
  return mvn(runner, ["exec:java", `-Dexec.args=${directory} --verbose${encodings === undefined ? "" : ` --encodings ${encodings}`}`]);
}

/** The pom of the README's example: the runner's, with the example as its main class. */
function examplePom(): string {
  return readFileSync(join(runner, "pom.xml"), "utf8").replace("<artifactId>app-server-protocol-conformance</artifactId>", "<artifactId>readme-example</artifactId>").replace("appserverprotocol.conformance.MainKt", "ExampleKt");
}

beforeAll(() => {
  cpSync(join(REPO, "generated/kotlin"), bindings, { recursive: true });
  cpSync(join(REPO, "packages/conformance/runners/kotlin"), runner, { recursive: true, filter: (source) => !source.endsWith("/target") });
  succeeded(mvn(bindings, ["-Prelease", "install"]));
  succeeded(mvn(runner, ["compile"]));
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
    expect(succeeded(mvn(example, ["compile", "exec:java"])).stdout).toBe(output);
  });
});

describe("the Kotlin release artefacts, as Maven Central takes them", () => {
  const LICENSE = readFileSync(join(REPO, "LICENSE"), "utf8");
  const SOURCE = readFileSync(join(REPO, "generated/kotlin/src/main/kotlin/appserverprotocol/Protocol.kt"), "utf8");
  const built = (suffix: string) => join(bindings, "target", `app-server-protocol-1.0.0${suffix}.jar`);
  let scratch = 0;
  /** An entry's text; each read gets a directory of its own, so no entry shadows another. */
  const entryText = (jar: string, entry: string) => jarText(jar, entry, join(work, "jars", String((scratch += 1))));
  /** The text of each `<tag>` element of `xml`, in order. */
  const elements = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => match[1]?.trim() ?? "");

  it("are the jar, the sources jar and the javadoc jar, installed beside the POM", () => {
    for (const suffix of ["", "-sources", "-javadoc"]) expect(existsSync(built(suffix)), suffix).toBe(true);
    for (const file of ["app-server-protocol-1.0.0.pom", "app-server-protocol-1.0.0-sources.jar", "app-server-protocol-1.0.0-javadoc.jar"]) {
      expect(existsSync(join(homedir(), ".m2/repository", COORDINATES, file)), file).toBe(true);
    }
  });

  it("carry the repository's license in the jar and the sources jar", () => {
    for (const suffix of ["", "-sources"]) expect(entryText(built(suffix), "META-INF/LICENSE"), suffix).toBe(LICENSE);
  });

  it("have a POM with what Central requires: name, description, URL, license, developers and source control", () => {
    const pom = entryText(built(""), "META-INF/maven/dev.app-server-protocol/app-server-protocol/pom.xml");
    const project = pom.replace(/<(parent|dependencies|build|profiles|licenses|developers|scm)>[\s\S]*?<\/\1>/g, "");
    expect([elements(project, "groupId")[0], elements(project, "artifactId")[0], elements(project, "version")[0]]).toEqual(["dev.app-server-protocol", "app-server-protocol", "1.0.0"]);
    expect(elements(project, "name")[0]).toContain("Kotlin bindings");
    expect(elements(project, "description")[0]).toContain("app-server protocol 1.0");
    expect(elements(project, "url")[0]).toMatch(/^https:\/\//);
    const [license = ""] = elements(pom, "license");
    expect([elements(license, "name")[0], elements(license, "url")[0]]).toEqual(["MIT License", "https://opensource.org/licenses/MIT"]);
    expect(elements(elements(pom, "developer")[0] ?? "", "name")[0]).toBeTruthy();
    const [scm = ""] = elements(pom, "scm");
    for (const tag of ["connection", "developerConnection", "url"]) expect(elements(scm, tag)[0], tag).toBeTruthy();
  });

  it("ship the sources as generated in the sources jar", () => {
    const sources = jarEntries(built("-sources")).filter((entry) => entry.endsWith(".kt"));
    expect(sources).toEqual(expect.arrayContaining(["appserverprotocol/Protocol.kt", "appserverprotocol/ProtocolMethods.kt", "appserverprotocol/ProtocolTypes.kt"]));
    expect(sources).toHaveLength(3);
    expect(entryText(built("-sources"), "appserverprotocol/Protocol.kt")).toBe(SOURCE);
  });

  it("document each class in the javadoc jar, from its KDoc, with Kotlin's property names", () => {
    const entries = new Set(jarEntries(built("-javadoc")));
    expect(entries.has("index.html")).toBe(true);
    const classes = [...SOURCE.matchAll(/^(?:data class|enum class|sealed class|class) (\w+)/gm)].map((match) => match[1] ?? "");
    expect(classes.length).toBeGreaterThan(300);
    expect(classes.filter((name) => !entries.has(`appserverprotocol/${name}.html`))).toEqual([]);
    const summary = /\/\*\*\n \* ([^\n]+)\n(?: \*[^\n]*\n)* \*\/\n@Serializable\ndata class SessionRenameParams\(/.exec(SOURCE)?.[1];
    if (summary === undefined) throw new Error("SessionRenameParams has no KDoc");
    const page = entryText(built("-javadoc"), "appserverprotocol/SessionRenameParams.html");
    // The KDoc is Markdown: `code` spans become <code> elements.
    expect(page.replace(/<[^>]*>/g, "")).toContain(summary.replace(/`/g, ""));
    expect(page).toContain("getSessionId");
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

describe("Maven", () => {
  it("goes to Maven Central only for what the local repository lacks", () => {
    const absent = join(work, "absent-dependency");
    mkdirSync(absent, { recursive: true });
    const pom = readFileSync(join(runner, "pom.xml"), "utf8")
      .replace("<artifactId>app-server-protocol-conformance</artifactId>", "<artifactId>absent-dependency</artifactId>")
      .replace("<artifactId>app-server-protocol</artifactId>\n      <version>1.0.0</version>", "<artifactId>app-server-protocol-absent</artifactId>\n      <version>0.0.0</version>");
    writeFileSync(join(absent, "pom.xml"), pom);
    // Everything this build needs is in the local repository but a dependency no registry has;
    // Maven's record of the failed lookup goes too, so the next run is the same.
    const lacking = maven(absent, ["compile"]);
    rmSync(join(homedir(), ".m2/repository/dev/app-server-protocol/app-server-protocol-absent"), { recursive: true, force: true });
    expect({ status: lacking.status, offline: lacking.offline }).toEqual({ status: 1, offline: false });
    expect(lacking.stdout).toContain("app-server-protocol-absent");
    expect(runs.length).toBeGreaterThan(0);
    // A run repeats an earlier one when it has the same goals (its options name other directories): by then the first went online for what it lacked.
    const goals = (args: readonly string[]) => args.filter((arg) => !arg.startsWith("-")).join(" ");
    const repeated = runs.filter(({ args }, index) => runs.findIndex((earlier) => goals(earlier.args) === goals(args)) < index);
    expect(repeated.length).toBeGreaterThan(0);
    for (const { args, run } of repeated) expect(run.offline, args.join(" ")).toBe(true);
  });
});
