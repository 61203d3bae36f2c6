import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { runCommand, type Run } from "./process.js";
import { requireTool } from "./toolchain.js";

// Maven as the Kotlin checks run it: batch mode, quiet, no colours, no Kotlin
// compile daemon, the quick JIT only (as the bindings' .mvn/jvm.config has
// it, for the runner and the example too), and offline (`-o`) whenever the
// local repository (~/.m2/repository) already holds what a build needs. Only
// a build that lacks something (the first on a machine, or after a version
// bump) goes to Maven Central, and it is told apart by Maven's own words for it.

const MVN = requireTool({ command: "mvn", install: "apt-get install maven" });
const JAR = requireTool({ command: "jar", install: "apt-get install openjdk-17-jdk-headless" });

/**
 * What Maven 3 says when an offline build needs an artifact the local
 * repository lacks, a plugin named by its prefix (`exec:java`) included: the
 * prefix is looked up in metadata only Maven Central has until a first online
 * run saves it.
 */
const NEEDS_THE_NETWORK = /in offline mode|has not been downloaded from it before|No plugin found for prefix/;

export interface MavenRun extends Run {
  /** Whether the run was offline: false when it had to resolve from Maven Central. */
  readonly offline: boolean;
}

/** Maven 3.8 writes colour resets even when told not to colour. */
function withoutColours(text: string): string {
  return text.replace(/\u001b\[[0-9;]*m/g, "");
}

const QUICK_JIT = "-XX:TieredStopAtLevel=1";

function mavenIn(directory: string, args: readonly string[]): Run {
  const env = { ...process.env, MAVEN_OPTS: `${process.env.MAVEN_OPTS ?? ""} ${QUICK_JIT}`.trim() };
  const result = runCommand(MVN, ["-B", "-q", "-Dstyle.color=never", "-Dkotlin.compiler.daemon=false", ...args], { cwd: directory, env });
  return { status: result.status, stdout: withoutColours(result.stdout), stderr: withoutColours(result.stderr) };
}

/** `mvn args` in `directory`, offline first; online again only when the offline run lacked an artifact. */
export function maven(directory: string, args: readonly string[]): MavenRun {
  const offline = mavenIn(directory, ["-o", ...args]);
  if (offline.status === 0 || !NEEDS_THE_NETWORK.test(`${offline.stdout}\n${offline.stderr}`)) return { ...offline, offline: true };
  return { ...mavenIn(directory, args), offline: false };
}

/** The entries of a jar, as the JDK's `jar` tool lists them. */
export function jarEntries(jar: string): string[] {
  const listed = runCommand(JAR, ["--list", "--file", jar], { cwd: "/" });
  if (listed.status !== 0) throw new Error(`jar --list ${jar}: ${listed.stderr}`);
  return listed.stdout.split("\n").filter((entry) => entry !== "");
}

/** The text of one entry of a jar, extracted under `scratch`. */
export function jarText(jar: string, entry: string, scratch: string): string {
  mkdirSync(scratch, { recursive: true });
  const extracted = runCommand(JAR, ["--extract", "--file", jar, entry], { cwd: scratch });
  if (extracted.status !== 0) throw new Error(`jar --extract ${jar} ${entry}: ${extracted.stderr}`);
  return readFileSync(join(scratch, entry), "utf8");
}
