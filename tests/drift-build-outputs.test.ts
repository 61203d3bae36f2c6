import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT, checkArtifacts, writeArtifacts, type Artifacts } from "@app-server-protocol/generator";

// Building a binding in place leaves outputs beside the generated files
// (`cargo package` a target/ directory, Python a __pycache__/, setuptools
// build/ and *.egg-info/, a virtual environment .venv/). The drift check
// skips what the repository's .gitignore ignores, and only that. Each case
// runs against a copy of generated/python in a fresh git work tree, with the
// copied files as the artifacts, so no generator run is needed. Needs git
// and python3 (which compiles the copy in place).

const BINDINGS = "generated/python";
const copies: string[] = [];

afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    return entry.isDirectory() ? filesUnder(root, path) : [path];
  });
}

/** A copy of generated/python (and the .gitignore, when `git` is set, in a fresh work tree), with its files as the artifacts. */
function copyOfBindings(options: { git: boolean }): { root: string; artifacts: Artifacts } {
  const root = mkdtempSync(join(tmpdir(), "asp-drift-build-"));
  copies.push(root);
  cpSync(join(REPO_ROOT, BINDINGS), join(root, BINDINGS), { recursive: true });
  if (options.git) {
    cpSync(join(REPO_ROOT, ".gitignore"), join(root, ".gitignore"));
    const init = spawnSync("git", ["init", "--quiet"], { cwd: root, encoding: "utf8" });
    expect(init.status, init.stderr).toBe(0);
  }
  const artifacts: Artifacts = new Map(filesUnder(root, BINDINGS).map((path) => [path, readFileSync(join(root, path), "utf8")]));
  return { root, artifacts };
}

/** The files a toolchain leaves when it builds in place, as they are named (their content does not matter to git). */
const BUILD_OUTPUTS = [
  "generated/rust/target/CACHEDIR.TAG",
  "generated/rust/target/package/app-server-protocol-1.0.0.crate",
  "generated/kotlin/target/classes/Protocol.class",
  `${BINDINGS}/app_server_protocol/__pycache__/protocol.cpython-311.pyc`,
  `${BINDINGS}/build/lib/app_server_protocol/protocol.py`,
  `${BINDINGS}/app_server_protocol.egg-info/PKG-INFO`,
  `${BINDINGS}/.venv/pyvenv.cfg`,
];

function leaveBuildOutputs(root: string): void {
  for (const path of BUILD_OUTPUTS) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), "built\n");
  }
}

function check(root: string, artifacts: Artifacts): { status: number; output: string } {
  const lines: string[] = [];
  const status = checkArtifacts(root, artifacts, (line) => lines.push(line), (text) => lines.push(text));
  return { status, output: lines.join("\n") };
}

describe("the drift check after building in place", () => {
  it("passes when Python has compiled the bindings in place", () => {
    const { root, artifacts } = copyOfBindings({ git: true });
    const compiled = spawnSync("python3", ["-m", "compileall", "-q", BINDINGS], { cwd: root, encoding: "utf8" });
    expect(compiled.error, "python3 is needed to build the Python bindings in place").toBeUndefined();
    expect(compiled.status, compiled.stderr).toBe(0);
    expect(filesUnder(root, BINDINGS).some((path) => path.includes("/__pycache__/"))).toBe(true);
    expect(check(root, artifacts)).toEqual({ status: 0, output: "Generated artifacts are up to date." });
  });

  it("passes with every toolchain's build outputs present, and generate leaves them in place", () => {
    const { root, artifacts } = copyOfBindings({ git: true });
    leaveBuildOutputs(root);
    expect(check(root, artifacts).status).toBe(0);
    const lines: string[] = [];
    writeArtifacts(root, artifacts, (line) => lines.push(line));
    expect(lines).toEqual([`${artifacts.size} artifacts: 0 written, 0 stale removed.`]);
    for (const path of BUILD_OUTPUTS) expect(existsSync(join(root, path)), path).toBe(true);
  });

  it("still reports a stray file git does not ignore as stale, beside ignored build outputs", () => {
    const { root, artifacts } = copyOfBindings({ git: true });
    leaveBuildOutputs(root);
    writeFileSync(join(root, BINDINGS, "app_server_protocol/leftover.py"), "x = 1\n");
    const drifted = check(root, artifacts);
    expect(drifted.status).toBe(1);
    const stale = drifted.output.split("\n").filter((line) => line.startsWith("stale: "));
    expect(stale).toEqual([`stale: ${BINDINGS}/app_server_protocol/leftover.py`]);
  });

  it("still reports a file that is tracked, though a .gitignore pattern matches it", () => {
    const { root, artifacts } = copyOfBindings({ git: true });
    const tracked = `${BINDINGS}/build/kept.txt`;
    mkdirSync(join(root, dirname(tracked)), { recursive: true });
    writeFileSync(join(root, tracked), "tracked\n");
    const add = spawnSync("git", ["add", "--force", tracked], { cwd: root, encoding: "utf8" });
    expect(add.status, add.stderr).toBe(0);
    expect(check(root, artifacts).output.split("\n").filter((line) => line.startsWith("stale: "))).toEqual([`stale: ${tracked}`]);
  });

  it("skips nothing outside a git work tree: every build output is then stale", () => {
    const { root, artifacts } = copyOfBindings({ git: false });
    leaveBuildOutputs(root);
    const stale = check(root, artifacts).output.split("\n").filter((line) => line.startsWith("stale: "));
    expect(stale.map((line) => line.slice("stale: ".length)).sort()).toEqual([...BUILD_OUTPUTS].sort());
  });
});
