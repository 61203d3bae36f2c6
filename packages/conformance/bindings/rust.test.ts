import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { casesOf, suiteFiles, VECTORS_DIR } from "../test/vectors.js";

// The Rust bindings (generated/rust) with Debian's Rust toolchain, offline:
// crates.io is replaced by Debian's directory registry (serde 1.0.152,
// serde_json 1.0.87). The crate and the runner are copied to a temporary
// tree with their relative layout, and cargo's home and target live there,
// so nothing is written into the repository. Any other toolchain on PATH
// (rustup's) is left out.

const REPO = join(import.meta.dirname, "../../..");
const CARGO = "/usr/bin/cargo";
const RUSTC = "/usr/bin/rustc";
const OLDEST_RUST = [1, 63];
/** The invalid message codes the runner checks a decoder rejects; the others are semantic rules. */
const DECODE_ERRORS = new Set(["unknown_tag", "unknown_method", "wrong_type", "missing_field"]);

const work = mkdtempSync(join(tmpdir(), "rust-bindings-"));
const cargoHome = join(work, "cargo-home");
mkdirSync(cargoHome);
writeFileSync(join(cargoHome, "config.toml"), '[source.crates-io]\nreplace-with = "debian"\n\n[source.debian]\ndirectory = "/usr/share/cargo/registry"\n');
const crate = join(work, "generated/rust");
cpSync(join(REPO, "generated/rust"), crate, { recursive: true });
const runner = join(work, "packages/conformance/runners/rust");
cpSync(join(REPO, "packages/conformance/runners/rust"), runner, { recursive: true, filter: (source) => !["target", "Cargo.lock"].includes(basename(source)) });

const environment = {
  PATH: "/usr/bin:/bin",
  HOME: work,
  CARGO_HOME: cargoHome,
  CARGO_TARGET_DIR: join(work, "target"),
  CARGO_NET_OFFLINE: "true",
  RUSTC,
  RUSTDOC: "/usr/bin/rustdoc",
  RUSTFLAGS: "-D warnings",
  RUSTDOCFLAGS: "-D warnings",
};

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[]): Run {
  const result = spawnSync(command, args, { cwd: work, env: environment, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function succeeded(result: Run): string {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** `cargo <command>` on the copied package in `directory`; `programArgs` go to the program `cargo run` runs. */
function cargo(directory: string, command: string[], programArgs: string[] = []): Run {
  return run(CARGO, [...command, "--offline", "--manifest-path", join(directory, "Cargo.toml"), ...(programArgs.length > 0 ? ["--", ...programArgs] : [])]);
}

describe("Debian's Rust toolchain", () => {
  it.each([CARGO, RUSTC])("%s is at least Rust 1.63", (tool) => {
    const version = /\b(\d+)\.(\d+)\.\d+/.exec(succeeded(run(tool, ["--version"])));
    expect(version).not.toBeNull();
    const [major, minor] = [Number(version?.[1]), Number(version?.[2])];
    expect(major > (OLDEST_RUST[0] ?? 0) || (major === OLDEST_RUST[0] && minor >= (OLDEST_RUST[1] ?? 0))).toBe(true);
  });
});

describe("the Rust bindings", () => {
  it("build without warnings, and their tests and documented example pass", () => {
    succeeded(cargo(crate, ["test"]));
  });
});

describe("the Rust conformance runner", () => {
  it("passes its own tests of the unions' and fields' wire forms", () => {
    succeeded(cargo(runner, ["test"]));
  });

  it("passes every vector of both suites, having run each case a decoder can judge", () => {
    const output = succeeded(cargo(runner, ["run", "--quiet"], [VECTORS_DIR])).trim().split("\n");
    const messages = suiteFiles("messages").flatMap(({ document }) => casesOf(document));
    const judged = messages.filter((entry) => entry.valid === true || DECODE_ERRORS.has(String(entry.code)));
    expect(output).toContain(`messages: ${messages.length} cases: ${judged.length} passed, 0 failed, ${messages.length - judged.length} not run`);
    // The runner leaves out only invalid arrays that serde reads as records
    // and values only a string pattern rejects (the bindings read a String).
    const values = suiteFiles("types").flatMap(({ document }) => casesOf(document));
    const arrays = values.filter((entry) => entry.valid === false && (Array.isArray(entry.value) || entry.rejected_by === "pattern")).length;
    const summary = /^types: (\d+) cases: (\d+) passed, 0 failed, (\d+) not run$/.exec(output.find((line) => line.startsWith("types: ")) ?? "");
    expect(summary, output.join("\n")).not.toBeNull();
    const [cases, passed, notRun] = [Number(summary?.[1]), Number(summary?.[2]), Number(summary?.[3])];
    expect(cases).toBe(values.length);
    expect(passed + notRun).toBe(cases);
    expect(notRun).toBeLessThanOrEqual(arrays);
  });
});
