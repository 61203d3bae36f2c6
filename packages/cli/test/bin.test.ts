import { spawnSync } from "node:child_process";
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SUBMIT, SUBMITTED } from "./support/messages.js";
import { transcript } from "./support/run.js";

const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const TSX = import.meta.resolve("tsx");
const MANIFEST: { version: string } = JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8"));
const folders: string[] = [];

function folder(): string {
  const made = mkdtempSync(join(tmpdir(), "asp-cli-"));
  folders.push(made);
  return made;
}

afterAll(() => {
  for (const made of folders) rmSync(made, { recursive: true, force: true });
});

/** The environment of the tests' own process, without the colour settings a test runner may set. */
function plainEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _force, NO_COLOR: _none, ...rest } = process.env;
  return { ...rest, ...extra };
}

/** Runs the real command line, from the sources, as a child process. */
function bin(args: readonly string[], input = "", options: { readonly env?: NodeJS.ProcessEnv; readonly cwd?: string } = {}) {
  const child = spawnSync(process.execPath, ["--import", TSX, "--conditions=@app-server-protocol/source", join(PACKAGE, "src/bin.ts"), ...args], {
    cwd: options.cwd ?? PACKAGE,
    input,
    encoding: "utf8",
    env: plainEnvironment(options.env),
  });
  return { code: child.status, stdout: child.stdout, stderr: child.stderr };
}

describe("the app-server-protocol bin", () => {
  it("validates a file and standard input, and sets the exit code", () => {
    const file = join(folder(), "clean.ndjson");
    writeFileSync(file, transcript(SUBMIT, SUBMITTED));
    expect(bin(["validate", file])).toEqual({ code: 0, stdout: "1 file, 2 lines: 0 errors, 0 warnings\n", stderr: "" });
    const broken = bin(["validate", "--format", "json"], "{\n");
    expect(broken.code).toBe(1);
    expect(JSON.parse(broken.stdout).summary).toEqual({ files: 1, lines: 1, errors: 1, warnings: 0 });
  });

  it("exits 2 for an unreadable file and for an unknown option", () => {
    const missing = bin(["validate", join(tmpdir(), "no-such-dir-asp", "x.ndjson")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("cannot read");
    expect(bin(["redact", "--nope"]).code).toBe(2);
  });

  it("redacts standard input to standard output", () => {
    expect(bin(["redact"], transcript(SUBMIT)).stdout).toBe(`${JSON.stringify({ type: "request", id: "req-1", method: "turn/submit", params: { session_id: "s1", prompt: "[redacted]" } })}\n`);
  });

  it("prints its version", () => {
    expect(bin(["--version"])).toEqual({ code: 0, stdout: `${MANIFEST.version}\n`, stderr: "" });
  });

  it("colours the text report only when FORCE_COLOR says so, its output being a pipe", () => {
    expect(bin(["validate"], "{\n").stdout).not.toContain("\u001b[");
    expect(bin(["validate"], "{\n", { env: { FORCE_COLOR: "1" } }).stdout).toContain("\u001b[31merror\u001b[39m");
  });

  it("refuses a file argument that links out of the current directory, and reads it with --follow-symlinks", () => {
    const secrets = folder();
    writeFileSync(join(secrets, "capture.ndjson"), transcript(SUBMIT, SUBMITTED));
    const here = folder();
    mkdirSync(join(here, "fixtures"));
    symlinkSync(join(secrets, "capture.ndjson"), join(here, "fixtures", "x.ndjson"));
    const refused = bin(["validate", "fixtures/x.ndjson"], "", { cwd: here });
    expect([refused.code, refused.stderr]).toEqual([2, "app-server-protocol: cannot read fixtures/x.ndjson: it leads out of the current directory through a symbolic link (--follow-symlinks reads it)\n"]);
    expect(bin(["validate", "--follow-symlinks", "fixtures/x.ndjson"], "", { cwd: here }).code).toBe(0);
  });
});

describe("file arguments the system opens", () => {
  it("/dev/stdin redirected from a file elsewhere, and a process substitution's pipe, are read", () => {
    const file = join(folder(), "capture.ndjson");
    writeFileSync(file, "{\n");
    const input = openSync(file, "r");
    const child = spawnSync(process.execPath, ["--import", TSX, "--conditions=@app-server-protocol/source", join(PACKAGE, "src/bin.ts"), "validate", "/dev/stdin"], {
      cwd: PACKAGE,
      stdio: [input, "pipe", "pipe"],
      encoding: "utf8",
      env: plainEnvironment(),
    });
    closeSync(input);
    expect([child.status, child.stdout]).toEqual([1, expect.stringMatching(/^\/dev\/stdin:1: error invalid_json .*\n1 file, 1 line: 1 error, 0 warnings\n$/)]);
    const command = [process.execPath, "--import", TSX, "--conditions=@app-server-protocol/source", join(PACKAGE, "src/bin.ts")].map((word) => `'${word}'`).join(" ");
    const substituted = spawnSync("bash", ["-c", `${command} validate <(printf '{\\n')`], { cwd: PACKAGE, encoding: "utf8", env: plainEnvironment() });
    expect([substituted.status, substituted.stdout]).toEqual([1, expect.stringMatching(/^\/dev\/fd\/\d+:1: error invalid_json /)]);
  });
});

describe("the bin's launcher (bin/app-server-protocol.js)", () => {
  /** A package folder with the launcher and, when given, a built command. */
  function launcherPackage(built?: string): string {
    const root = folder();
    mkdirSync(join(root, "bin"));
    copyFileSync(join(PACKAGE, "bin/app-server-protocol.js"), join(root, "bin/app-server-protocol.js"));
    writeFileSync(join(root, "package.json"), JSON.stringify({ type: "module" }));
    if (built !== undefined) {
      mkdirSync(join(root, "dist/esm"), { recursive: true });
      writeFileSync(join(root, "dist/esm/bin.js"), built);
    }
    return root;
  }

  function launch(root: string, args: readonly string[]) {
    const child = spawnSync(process.execPath, [join(root, "bin/app-server-protocol.js"), ...args], { encoding: "utf8", env: plainEnvironment() });
    return { code: child.status, stdout: child.stdout, stderr: child.stderr };
  }

  it("is the package's bin", () => {
    expect(JSON.parse(readFileSync(join(PACKAGE, "package.json"), "utf8")).bin).toEqual({ "app-server-protocol": "./bin/app-server-protocol.js" });
  });

  it("runs the built command with the arguments it was given", () => {
    const root = launcherPackage('process.stdout.write(JSON.stringify(process.argv.slice(2))); process.exitCode = 1;\n');
    expect(launch(root, ["validate", "a b.ndjson"])).toEqual({ code: 1, stdout: '["validate","a b.ndjson"]', stderr: "" });
  });

  it("says how to build the command when it is not built, and exits 2", () => {
    expect(launch(launcherPackage(), ["--help"])).toEqual({ code: 2, stdout: "", stderr: "app-server-protocol: the command is not built: run `npm run generate` (or `npm run build`) in the repository\n" });
  });
});
