import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// The Go bindings (generated/go) with the Go toolchain: formatted as gofmt
// formats, clean under go vet, and passing the conformance vectors through
// the Go runner. Everything Go writes goes to a temporary directory: the
// module and the runner are copied there, and the caches live there.

const REPO = join(import.meta.dirname, "../../..");
const MODULE_PATH = "app-server-protocol.dev/go/protocol";
const work = mkdtempSync(join(tmpdir(), "go-bindings-"));
const environment = { ...process.env, GOCACHE: join(work, "cache"), GOPATH: join(work, "gopath"), GOFLAGS: "-mod=mod", GOPROXY: "off", GO111MODULE: "on" };

const generated = join(work, "protocol");
cpSync(join(REPO, "generated/go"), generated, { recursive: true });
const runner = join(work, "runner");
cpSync(join(REPO, "packages/conformance/runners/go"), runner, { recursive: true });

afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], cwd: string): Run {
  const result = spawnSync(command, args, { cwd, env: environment, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function succeeded(result: Run): string {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Points a copied module's requirement of the bindings at the copy of generated/go. */
function useGeneratedCopy(directory: string): void {
  succeeded(run("go", ["mod", "edit", `-replace=${MODULE_PATH}=${generated}`], directory));
}

describe("the Go bindings", () => {
  it("are formatted as gofmt formats them", () => {
    expect(succeeded(run("gofmt", ["-l", join(REPO, "generated/go")], REPO))).toBe("");
  });

  it("pass go vet", () => {
    succeeded(run("go", ["vet", "./..."], generated));
  });

  it("run the README's example as the README says", () => {
    const readme = readFileSync(join(generated, "README.md"), "utf8");
    const program = /```go\n(package main\n[\s\S]*?)```/.exec(readme)?.[1];
    const output = /It prints:\n\n```text\n([\s\S]*?)```/.exec(readme)?.[1];
    if (program === undefined || output === undefined) throw new Error("the README has no example program with its output");
    const example = join(work, "example");
    mkdirSync(example);
    writeFileSync(join(example, "main.go"), program);
    writeFileSync(join(example, "go.mod"), `module example\n\ngo 1.19\n\nrequire ${MODULE_PATH} v0.0.0\n`);
    useGeneratedCopy(example);
    expect(succeeded(run("gofmt", ["-l", "."], example))).toBe("");
    expect(succeeded(run("go", ["run", "."], example))).toBe(output);
  });
});

describe("the Go conformance runner", () => {
  it("is formatted and passes go vet", () => {
    expect(succeeded(run("gofmt", ["-l", "."], runner))).toBe("");
    useGeneratedCopy(runner);
    succeeded(run("go", ["vet", "."], runner));
  });

  it("passes every vector, having run both suites and rejected unknown tags and methods", () => {
    useGeneratedCopy(runner);
    const result = run("go", ["run", ".", join(REPO, "packages/conformance/vectors")], runner);
    const line = result.stdout.split("\n").find((entry) => entry.startsWith("summary "));
    if (line === undefined) throw new Error(`the runner printed no summary:\n${result.stdout}\n${result.stderr}`);
    const summary: { counts: Record<string, number>; failures: number } = JSON.parse(line.slice("summary ".length));
    expect(summary.failures, result.stdout).toBe(0);
    expect(result.status, result.stderr).toBe(0);
    for (const count of ["types.files", "types.valid", "messages.files", "messages.valid", "messages.roundtrip", "messages.unknown_tag", "messages.unknown_method"]) {
      expect(summary.counts[count] ?? 0, count).toBeGreaterThan(0);
    }
  });
});
