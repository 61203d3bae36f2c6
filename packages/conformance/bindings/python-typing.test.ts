import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { objectOf } from "../test/vectors.js";
import { runCommand, type Run } from "./process.js";
import { pythonEnvironment } from "./python-environment.js";

// The Python bindings' types as type checkers read them: the package's own
// code clean under `mypy --strict` and pyright's strict mode (at Python 3.9,
// the oldest it supports), and a consumer of the installed package that
// gets from `decode` the type it asked for, so both checkers reject what
// that type does not allow. mypy comes from PyPI into the virtual
// environment the bindings are installed in; pyright is the repository's
// pinned devDependency.

const REPO = join(import.meta.dirname, "../../..");
const MYPY = "mypy==2.4.1";
const PYRIGHT = join(createRequire(import.meta.url).resolve("pyright/package.json"), "../index.js");

const work = mkdtempSync(join(tmpdir(), "python-typing-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const bindings = join(work, "bindings");
cpSync(join(REPO, "generated/python"), bindings, { recursive: true });
const environment = pythonEnvironment(join(work, "venv"), work);
environment.install(bindings, MYPY);

function mypy(...targets: string[]): Run {
  return environment.run(environment.python, ["-m", "mypy", "--strict", "--no-color-output", "--cache-dir", join(work, "mypy-cache"), ...targets]);
}

const pyrightProject = join(work, "pyright");
mkdirSync(pyrightProject);
writeFileSync(join(pyrightProject, "pyrightconfig.json"), JSON.stringify({ typeCheckingMode: "strict", pythonVersion: "3.9" }));

interface PyrightReport {
  readonly filesAnalyzed: number;
  /** The file, line (from 1) and text of each error. */
  readonly errors: { file: string; line: number; message: string }[];
}

/** pyright in strict mode over `targets`, with the virtual environment's packages importable: one run reads the package once. */
function pyright(...targets: string[]): PyrightReport {
  const result = runCommand(process.execPath, [PYRIGHT, "--project", pyrightProject, "--pythonpath", environment.python, "--outputjson", ...targets], { cwd: pyrightProject });
  const report = objectOf(JSON.parse(result.stdout), `pyright's report (${result.stderr})`);
  const diagnostics = Array.isArray(report.generalDiagnostics) ? report.generalDiagnostics.map((entry) => objectOf(entry)) : [];
  const errors = diagnostics
    .filter((entry) => entry.severity === "error")
    .map((entry) => ({ file: String(entry.file), line: Number(objectOf(objectOf(entry.range).start).line) + 1, message: String(entry.message) }));
  return { filesAnalyzed: Number(objectOf(report.summary).filesAnalyzed), errors };
}

/** The lines a mypy report has an error on. */
function mypyErrorLines(report: string): number[] {
  return [...report.matchAll(/^[^\n:]+\.py:(\d+): error/gm)].map((match) => Number(match[1]));
}

function distinct(lines: number[]): number[] {
  return [...new Set(lines)].sort((left, right) => left - right);
}

/** A consumer of the installed package: every line type-checks only where `decode` gives the type asked for. */
const CONSUMER = `import json
import sys
from typing import List

import app_server_protocol as asp

params = asp.decode("SessionRenameParams", json.loads('{"session_id": "s1", "new_title": "Refunds"}'))
title: str = params.new_title
count: int = asp.decode("Uint32", 7)
sessions: List[asp.SessionSummary] = asp.decode("SessionListResult", [])
mode: asp.PermissionMode = asp.decode("PermissionMode", "default")
answer: asp.AskUserAnswerValue = asp.decode("AskUserAnswerValue", {"kind": "text", "text": "yes"})
nothing: None = asp.decode("NoData", None)
named_at_run_time: object = asp.decode(sys.argv[0] if len(sys.argv) > 1 else "Uint32", 7)
message = asp.decode_client_message({"type": "request", "id": "r1", "method": "session/list"})
if isinstance(message, asp.ClientMessageRequest):
    print(message.method)
print(title, count, len(sessions), mode.value, type(answer).__name__, nothing, named_at_run_time, json.dumps(asp.encode(params)))
`;

/** Lines a checker must reject, each marked; they would all pass if `decode` gave \`Any\`. */
const MISUSE = `import app_server_protocol as asp

params = asp.decode("SessionRenameParams", {"session_id": "s1", "new_title": "Refunds"})
wrong_type: int = params.new_title  # rejected
print(params.no_such_field)  # rejected
other: asp.SessionRecord = asp.decode("SessionRenameParams", {})  # rejected
count: str = asp.decode("Uint32", 7)  # rejected
named_at_run_time = asp.decode(input(), {})
print(named_at_run_time.new_title)  # rejected
message = asp.decode_client_message({})
print(message.no_such_field)  # rejected
`;

const rejectedLines = MISUSE.split("\n").flatMap((line, index) => (line.endsWith("# rejected") ? [index + 1] : []));
const consumer = join(work, "consumer");
mkdirSync(consumer);
const CONSUMER_FILE = join(consumer, "consumer.py");
const MISUSE_FILE = join(consumer, "misuse.py");
writeFileSync(CONSUMER_FILE, CONSUMER);
writeFileSync(MISUSE_FILE, MISUSE);
const PACKAGE_DIR = join(bindings, "app_server_protocol");
const strict = pyright(PACKAGE_DIR, CONSUMER_FILE, MISUSE_FILE);
const strictErrors = (file: string) => strict.errors.filter((error) => error.file === file);

describe("the Python package's own code", () => {
  it("is clean under mypy --strict", () => {
    const result = mypy(PACKAGE_DIR);
    expect(result.stdout, result.stderr).toMatch(/^Success: no issues found in \d+ source files$/m);
    expect(result.status).toBe(0);
  });

  it("is clean under pyright's strict mode at Python 3.9", () => {
    expect(strict.filesAnalyzed).toBeGreaterThan(10);
    expect(strict.errors.filter((error) => error.file.startsWith(PACKAGE_DIR))).toEqual([]);
  });
});

describe("a consumer of the installed package", () => {
  it("runs", () => {
    const result = environment.run(environment.python, [CONSUMER_FILE], { cwd: consumer });
    expect(result.stdout, result.stderr).toContain("session/list\nRefunds 7 0 default AskUserAnswerText None 7 ");
  });

  it("type-checks under both checkers, each decoded value of the type asked for", () => {
    const checked = mypy(CONSUMER_FILE);
    expect(checked.stdout, checked.stderr).toMatch(/^Success: no issues found in 1 source file$/m);
    expect(strictErrors(CONSUMER_FILE)).toEqual([]);
  });

  it("is refused every use the decoded type does not allow, by both checkers", () => {
    expect(rejectedLines).toHaveLength(6);
    const checked = mypy(MISUSE_FILE);
    expect(distinct(mypyErrorLines(checked.stdout)), checked.stdout).toEqual(rejectedLines);
    const errors = strictErrors(MISUSE_FILE);
    expect(distinct(errors.map((error) => error.line)), JSON.stringify(errors)).toEqual(rejectedLines);
  });
});
