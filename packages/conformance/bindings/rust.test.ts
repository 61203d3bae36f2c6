import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { casesOf, suiteFiles } from "../test/vectors.js";
import { compareEncodings } from "./emission.js";
import { documentedCommand, installConformance, withBindings } from "./installed-conformance.js";
import { requireTool } from "./toolchain.js";
import { runCommand, succeeded, type Run } from "./process.js";

// The Rust bindings (generated/rust) as crates.io would publish them, with
// the cargo on PATH and serde from crates.io: clippy, rustdoc, the tests and
// `cargo package`. Then the conformance runner, laid out as the installed
// package lays it out, run by the command its README documents. Cargo works
// on copies of the crate and of the installed package under
// node_modules/.cache (which git ignores), builds there too, and downloads
// crates into its own home, where they stay cached.

const REPO = join(import.meta.dirname, "../../..");
const CARGO = requireTool({ command: "cargo", install: "rustup toolchain install stable --component clippy, with rustup from https://rustup.rs" });
const CLIPPY_INSTALL = "rustup component add clippy";
const CRATES_IO = "registry+https://github.com/rust-lang/crates.io-index";

// The crate's copy keeps its path and its files' times from one run to the
// next, and the Cargo.lock cargo resolved for it (cargo redoes its
// documentation and tests when that file's time changes), so cargo rebuilds
// only what changed since the last run.
const cache = join(REPO, "node_modules/.cache/rust-bindings");
const work = join(cache, "work");
const crate = join(work, "app-server-protocol");
const crateLock = join(crate, "Cargo.lock");
const keptLock = join(cache, "app-server-protocol.Cargo.lock");
if (existsSync(crateLock)) renameSync(crateLock, keptLock);
rmSync(work, { recursive: true, force: true });
cpSync(join(REPO, "generated/rust"), crate, { recursive: true, preserveTimestamps: true });
if (existsSync(keptLock)) renameSync(keptLock, crateLock);
const conformance = installConformance(join(work, "conformance"));
const runner = join(conformance, "runners/rust");
// The runner's files again, with their times, so that its build (long in
// the release profile the documented command uses) is reused too.
cpSync(join(REPO, "packages/conformance/runners/rust/src"), join(runner, "src"), { recursive: true, preserveTimestamps: true });
const crateManifest = readFileSync(join(crate, "Cargo.toml"), "utf8");
/** The setting the documented command passes to cargo, pointing the runner's crate dependency at the copy. */
const patchCrate = `patch.crates-io.app-server-protocol.path=${JSON.stringify(crate)}`;

const environment = {
  ...process.env,
  CARGO_TARGET_DIR: join(cache, "target"),
  CARGO_TERM_COLOR: "never",
  RUSTFLAGS: "-D warnings",
  RUSTDOCFLAGS: "-D warnings",
};

function run(command: string, args: string[], cwd: string): Run {
  return runCommand(command, args, { cwd, env: environment });
}

function cargo(directory: string, args: string[]): Run {
  return succeeded(run(CARGO, args, directory));
}

function requireClippy(): void {
  if (run(CARGO, ["clippy", "--version"], work).status !== 0) throw new Error(`\`cargo clippy\` is not installed; install it (${CLIPPY_INSTALL}) and run \`npm run test:bindings\` again`);
}

function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" }).sort();
}

function manifestValue(manifest: string, key: string): string | undefined {
  return new RegExp(`^${key} = "([^"]*)"$`, "m").exec(manifest)?.[1];
}

describe("the cargo on PATH", () => {
  it("is at least the Rust version the crate declares", () => {
    const declared = manifestValue(crateManifest, "rust-version") ?? "no rust-version";
    const found = /^cargo (\d+)\.(\d+)\./.exec(cargo(work, ["--version"]).stdout);
    const [major, minor] = declared.split(".").map(Number);
    const recent = found !== null && (Number(found[1]) > (major ?? 0) || (Number(found[1]) === major && Number(found[2]) >= (minor ?? 0)));
    expect(recent, `${CARGO} is older than Rust ${declared}; install a newer one (rustup toolchain install stable) and put it first on PATH`).toBe(true);
  });
});

describe("the Rust bindings crate", () => {
  it("passes clippy with warnings denied", () => {
    requireClippy();
    cargo(crate, ["clippy", "--all-targets", "--", "-D", "warnings"]);
  });

  it("documents itself without a rustdoc warning", () => {
    cargo(crate, ["doc", "--no-deps"]);
  });

  it("passes its tests, running the documented example", () => {
    const { stdout } = cargo(crate, ["test"]);
    expect(stdout).toMatch(/^test src\/lib\.rs - \(line \d+\) \.\.\. ok$/m);
  });

  it("packages exactly its manifest, README, LICENSE and sources, with the lockfile and manifest cargo adds", () => {
    const sources = readdirSync(join(REPO, "generated/rust/src")).map((file) => `src/${file}`);
    const listed = cargo(crate, ["package", "--list"]).stdout.trim().split("\n");
    expect(listed).toEqual(["Cargo.lock", "Cargo.toml", "Cargo.toml.orig", "LICENSE", "README.md", ...sources].sort());
  });

  it("packages and verifies the package without a warning", () => {
    const { stderr } = cargo(crate, ["package"]);
    expect(stderr).toMatch(/^\s+Verifying app-server-protocol v/m);
    expect(stderr).not.toMatch(/warning/i);
  });
});

describe("the Rust conformance runner, from the installed conformance package", () => {
  const manifest = readFileSync(join(runner, "Cargo.toml"), "utf8");
  const lock = readFileSync(join(runner, "Cargo.lock"), "utf8");

  it("depends on the crate by its version, and needs the Rust the crate needs", () => {
    expect(manifest).toContain(`\napp-server-protocol = "${manifestValue(crateManifest, "version") ?? "no version"}"\n`);
    expect(manifest).not.toMatch(/\bpath\s*=/);
    expect(manifestValue(manifest, "rust-version")).toBe(manifestValue(crateManifest, "rust-version"));
  });

  it("has a lockfile that takes every other crate from crates.io, with its checksum", () => {
    const packages = lock.split("\n[[package]]\n").slice(1);
    const local = packages.filter((entry) => !entry.includes(`\nsource = "${CRATES_IO}"\n`));
    expect(local.map((entry) => manifestValue(entry, "name")).sort()).toEqual(["app-server-protocol", "app-server-protocol-conformance"]);
    for (const entry of packages) if (!local.includes(entry)) expect(entry, entry).toMatch(/\nchecksum = "[0-9a-f]{64}"\n/);
    expect(lock).not.toMatch(/path\+|file:/);
    expect(lock).not.toContain(REPO);
  });

  it("passes clippy and its own tests of the unions' and fields' wire forms", () => {
    requireClippy();
    cargo(runner, ["clippy", "--locked", "--all-targets", "--config", patchCrate, "--", "-D", "warnings"]);
    cargo(runner, ["test", "--locked", "--config", patchCrate]);
  });

  it("judges every vector of every suite by the command the READMEs document, and writes each accepted one as the TypeScript emission", () => {
    const command = documentedCommand("Rust");
    expect(readFileSync(join(runner, "README.md"), "utf8")).toContain(`\n${command}\n`);
    const before = filesUnder(conformance);
    const encodings = join(cache, "rust-encodings.jsonl");
    const output = succeeded(run("sh", ["-c", withBindings(command, crate).replace(/ -- vectors$/, ` -- --encodings ${encodings} vectors`)], conformance)).stdout.trim().split("\n");
    for (const suite of ["messages", "types", "schema-edges"]) {
      const cases = suiteFiles(suite).flatMap(({ document }) => casesOf(document)).length;
      expect(output).toContain(`${suite}: ${cases} cases: ${cases} passed, 0 failed`);
    }
    const comparison = compareEncodings(encodings);
    expect(comparison.missing).toEqual([]);
    expect(comparison.different).toEqual([]);
    // Cargo built elsewhere and kept the lockfile: the package is as it was installed.
    expect(filesUnder(conformance)).toEqual(before);
    expect(readFileSync(join(runner, "Cargo.lock"), "utf8")).toBe(lock);
  });
});
