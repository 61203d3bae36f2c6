import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROTOCOL_TYPE_NAMES, validateClientMessage, validateServerMessage, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { casesOf, objectOf, suiteFiles } from "../test/vectors.js";
import { compareEncodings } from "./emission.js";
import { documentedCommand, installConformance, withBindings } from "./installed-conformance.js";
import { pythonEnvironment } from "./python-environment.js";
import type { Run } from "./process.js";

// The Python bindings (generated/python) as a user gets them: pip installs
// a copy of the directory into a fresh virtual environment, and everything
// below runs with that environment's python, which imports the package as
// any program does. The conformance runner runs from a copy of the
// conformance package's published files, by the command its README
// documents; then the verdicts of the Python decoders against the
// TypeScript validators' on mutated vectors, the decoded values against
// their annotations, the README's examples, and Python 3.9 syntax. pip's
// downloads (the build backend) stay in its own cache; nothing is written in
// the repository.

const REPO = join(import.meta.dirname, "../../..");
const BINDINGS_SOURCE = join(REPO, "generated/python");
const DISTRIBUTION = "app-server-protocol";

const work = mkdtempSync(join(tmpdir(), "python-bindings-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const venv = join(work, "venv");

// The bindings are copied first, so that no build directory can appear in the repository.
const bindings = join(work, "bindings");
cpSync(BINDINGS_SOURCE, bindings, { recursive: true });
const environment = pythonEnvironment(venv, work);
const VENV_PYTHON = environment.python;
environment.install(bindings);

function spawn(command: string, args: string[], input = "", cwd = work): Run {
  return environment.run(command, args, { input, cwd });
}

const conformance = installConformance(join(work, "conformance"));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

function python(args: string[], input = ""): Run {
  return spawn(VENV_PYTHON, ["-B", ...args], input);
}

/** Runs a Python script given as text (its further arguments after it); returns its output lines. */
function script(source: string, input = "", ...args: string[]): string[] {
  const result = python(["-c", source, ...args], input);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split("\n").filter((line) => line.length > 0);
}

const IMPORT = "import json, sys\nimport app_server_protocol as asp\n";

const INSTALLED = `${IMPORT}import importlib.metadata as metadata, pathlib

meta = metadata.metadata("${DISTRIBUTION}")
print(json.dumps({
    "file": asp.__file__,
    "version": metadata.version("${DISTRIBUTION}"),
    "package_version": asp.__version__,
    "protocol_version": asp.PROTOCOL_VERSION,
    "requires_python": meta["Requires-Python"],
    "summary": meta["Summary"],
    "keywords": meta["Keywords"],
    "classifiers": meta.get_all("Classifier"),
    "urls": meta.get_all("Project-URL"),
    "description": meta.get_payload() or meta["Description"],
    "description_type": meta["Description-Content-Type"],
    "files": sorted(str(path) for path in metadata.files("${DISTRIBUTION}")),
}))
`;

describe("the package, installed with pip into a fresh virtual environment", () => {
  const installed = objectOf(JSON.parse(script(INSTALLED)[0] ?? "null"), "the installed metadata");

  it("is imported from the environment's site-packages, not from the checkout", () => {
    expect(String(installed.file).startsWith(join(venv, "lib"))).toBe(true);
    expect(String(installed.file)).toContain("/site-packages/app_server_protocol/");
  });

  it("carries its version and the protocol's, in its metadata and as attributes", () => {
    expect(installed.version).toBe("1.0.0");
    expect(installed.package_version).toBe("1.0.0");
    expect(installed.protocol_version).toBe("1.0");
    expect(installed.summary).toContain("app-server protocol 1.0");
    expect(installed.keywords).toContain("protocol-1.0");
    expect(installed.urls).toContain("Repository, https://github.com/app-server-protocol/app-server-protocol");
    expect(installed.classifiers).toContain("Typing :: Typed");
  });

  it("has the README as its long description, in Markdown", () => {
    expect(String(installed.description).trimEnd()).toBe(readFileSync(join(BINDINGS_SOURCE, "README.md"), "utf8").trimEnd());
    expect(installed.description_type).toBe("text/markdown");
  });

  it("installs the PEP 561 marker and every module, and building it wrote nothing into the directory it came from", () => {
    const files = Array.isArray(installed.files) ? installed.files.map(String) : [];
    for (const module of ["py.typed", "__init__.py", "protocol.py", "_version.py", "_schema.py"]) expect(files).toContain(`app_server_protocol/${module}`);
    expect(filesUnder(bindings)).toEqual(filesUnder(BINDINGS_SOURCE));
  });
});

describe("the Python runner, from the installed conformance package, by the command its README documents", () => {
  const command = documentedCommand("Python");
  const encodings = join(work, "python-encodings.jsonl");
  const run = spawn("sh", ["-c", `${withBindings(command, bindings)} --json --encodings=${encodings}`], "", conformance);
  const lines = run.stdout.trimEnd().split("\n");
  const summary = objectOf(JSON.parse(lines.at(-1) ?? "null"), "the runner's summary");
  const suites = objectOf(summary.suites, "the suites");
  const casesRun = (suite: string) => Number(objectOf(suites[suite] ?? {}, suite).cases ?? 0);

  it("is the command the bindings' README gives", () => {
    expect(readFileSync(join(BINDINGS_SOURCE, "README.md"), "utf8")).toContain(`\`${command}\``);
  });

  it("passes every case", () => {
    expect(lines.filter((line) => line.startsWith("FAIL "))).toEqual([]);
    expect(summary.failed).toBe(0);
    expect(run.status, run.stderr).toBe(0);
  });

  it("ran every case of the three suites", () => {
    for (const suite of ["types", "messages", "schema-edges"]) expect(casesRun(suite), suite).toBe(suiteFiles(suite).flatMap(({ document }) => casesOf(document)).length);
  });

  it("wrote each vector the bindings accepted as the TypeScript emission of it", () => {
    const comparison = compareEncodings(encodings);
    expect(comparison.missing).toEqual([]);
    expect(comparison.different).toEqual([]);
  });

  it("rejects the vectors with an unknown tag", () => {
    expect(summary.unknown_tag_rejected).toBeGreaterThan(0);
  });

  it("says what to install when the bindings are not installed, with status 2", () => {
    // -S leaves site-packages, where the bindings are, off the module path.
    const bare = python(["-I", "-S", join(conformance, "runners/python/run_vectors.py"), join(conformance, "vectors")]);
    expect(bare.status).toBe(2);
    expect(bare.stderr).toContain("install the bindings into this Python's environment");
  });
});

// ---------------------------------------------------------------------------
// The Python decoders' verdicts equal the TypeScript validators' on mutated
// vectors: same code and path for an invalid value, and a valid value
// re-encodes stably.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Path = (string | number)[];

/** A parsed JSON value, typed as one. */
function toJson(value: unknown): Json {
  if (value === null || typeof value === "boolean" || typeof value === "string") return value;
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map(toJson);
  if (typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toJson(item)]));
  throw new Error(`${typeof value} is not JSON`);
}

const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

function isTypeName(name: unknown): name is ProtocolTypeName {
  return typeof name === "string" && TYPE_NAMES.includes(name);
}

function pathsOf(value: Json, at: Path = [], found: Path[] = []): Path[] {
  found.push(at);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...at, index], found));
  else if (value !== null && typeof value === "object") for (const [key, item] of Object.entries(value)) pathsOf(item, [...at, key], found);
  return found;
}

type Change = { kind: "set"; value: Json } | { kind: "delete" } | { kind: "extra" };

/** `value` with one change at `path`: a replaced value, a deleted member, or an unknown field added. */
function mutated(value: Json, path: Path, change: Change): Json {
  if (path.length === 0) return change.kind === "set" ? change.value : value;
  const [head, ...rest] = path;
  if (Array.isArray(value) && typeof head === "number") {
    if (rest.length === 0 && change.kind === "delete") return value.filter((_, index) => index !== head);
    return value.map((item, index) => (index === head ? mutated(item, rest, change) : item));
  }
  if (value === null || typeof value !== "object" || Array.isArray(value) || typeof head !== "string") return value;
  if (rest.length === 0 && change.kind === "delete") return Object.fromEntries(Object.entries(value).filter(([key]) => key !== head));
  const target = value[head];
  if (target === undefined) return value;
  if (rest.length === 0 && change.kind === "extra" && target !== null && typeof target === "object" && !Array.isArray(target)) {
    return { ...value, [head]: { ...target, unknown_field: 1, "0": null } };
  }
  return { ...value, [head]: mutated(target, rest, change) };
}

const interesting: fc.Arbitrary<Json> = fc.constantFrom<Json>(null, true, false, 0, -1, 1.5, 4294967296, "", "zz_unknown", "command", "Proceed", "success", "text", "plugin", [], {}, ["x"], { kind: "text" });
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("set" as const), value: fc.oneof(interesting, fc.jsonValue({ maxDepth: 2 }).map(toJson)) }),
  fc.constant({ kind: "delete" as const }),
  fc.constant({ kind: "extra" as const }),
);

function mutationsOf<T extends { value: Json }>(cases: T[], runs: number, seed: number): T[] {
  const arbitrary = fc.record({ index: fc.nat(cases.length - 1), pick: fc.nat(), change });
  return fc.sample(arbitrary, { numRuns: runs, seed }).flatMap(({ index, pick, change: edit }) => {
    const original = cases[index];
    if (original === undefined) return [];
    const paths = pathsOf(original.value);
    return [{ ...original, value: mutated(original.value, paths[pick % paths.length] ?? [], edit) }];
  });
}

const VERDICTS = `${IMPORT}
def decoder(case):
    if case["kind"] == "type":
        return lambda value: asp.decode(case["type"], value)
    decode = asp.decode_client_message if case["direction"] == "client" else asp.decode_server_message
    return lambda value: decode(value, case.get("method"))

for line in sys.stdin:
    case = json.loads(line)
    decode = decoder(case)
    try:
        first = asp.encode(decode(case["value"]))
        second = asp.encode(decode(first))
        same = json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
        print("valid" if same else "unstable re-encoding")
    except asp.DecodeError as error:
        print(f"{error.code} {error.path}")
`;

interface TypeCase {
  kind: "type";
  type: ProtocolTypeName;
  value: Json;
}

interface MessageCase {
  kind: "message";
  direction: "client" | "server";
  method?: string;
  value: Json;
}

const typeCases: TypeCase[] = suiteFiles("types").flatMap(({ path, document }) => {
  const type = objectOf(document).type;
  if (!isTypeName(type)) throw new Error(`${path} names no protocol type`);
  return casesOf(document).map((entry): TypeCase => ({ kind: "type", type, value: toJson(entry.value) }));
});

const messageCases: MessageCase[] = suiteFiles("messages").flatMap(({ document }) =>
  casesOf(document).map((entry): MessageCase => ({
    kind: "message",
    direction: entry.direction === "client" ? "client" : "server",
    ...(typeof entry.method === "string" ? { method: entry.method } : {}),
    value: toJson(entry.message),
  })),
);

function typescriptVerdict(entry: TypeCase | MessageCase): string {
  const options = entry.kind === "message" && entry.method !== undefined ? { methodOf: () => entry.method } : {};
  const result =
    entry.kind === "type" ? validateType(entry.type, entry.value) : entry.direction === "client" ? validateClientMessage(entry.value, options) : validateServerMessage(entry.value, options);
  return result.ok ? "valid" : `${result.error.code} ${result.error.path}`;
}

function compareVerdicts(cases: (TypeCase | MessageCase)[], seed: number): void {
  const verdicts = script(VERDICTS, cases.map((entry) => `${JSON.stringify(entry)}\n`).join(""));
  expect(verdicts.length).toBe(cases.length);
  const differences = cases.flatMap((entry, index) => {
    const expected = typescriptVerdict(entry);
    return verdicts[index] === expected ? [] : [`${JSON.stringify(entry).slice(0, 400)}: TypeScript ${expected}, Python ${verdicts[index] ?? "nothing"}`];
  });
  expect(differences, `fast-check seed ${seed}`).toEqual([]);
}

describe("the Python decoders' verdicts", () => {
  it("equal the validators' on every vector as written", () => {
    compareVerdicts([...typeCases, ...messageCases], 0);
  });

  it("equal the validators' on mutated type vectors (code and path), and valid values re-encode stably", () => {
    const seed = Date.now() % 2 ** 31;
    compareVerdicts(mutationsOf(typeCases, 4000, seed), seed);
  });

  it("equal the validators' on mutated message vectors (code and path), and valid messages re-encode stably", () => {
    const seed = Date.now() % 2 ** 31;
    compareVerdicts(mutationsOf(messageCases, 2000, seed), seed);
  });
});

// ---------------------------------------------------------------------------

const ANNOTATIONS = `${IMPORT}import dataclasses, typing

NAMESPACE = vars(asp.protocol)

def problems(value, hint, where):
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.Any:
        return []
    if hint is None or hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is typing.Union:
        return [] if any(not problems(value, argument, where) for argument in arguments) else [f"{where}: {type(value).__name__} is not {hint}"]
    if origin is typing.Literal:
        return [] if value in arguments else [f"{where}: {value!r} is not one of {arguments}"]
    if origin is list:
        return [f"{where}: not a list"] if not isinstance(value, list) else [p for i, item in enumerate(value) for p in problems(item, arguments[0], f"{where}/{i}")]
    if origin is dict:
        return [f"{where}: not a dict"] if not isinstance(value, dict) else [p for key, item in value.items() for p in problems(item, arguments[1], f"{where}/{key}")]
    if hint is float:
        return [] if isinstance(value, (int, float)) and not isinstance(value, bool) else [f"{where}: {value!r} is not a float"]
    if not isinstance(value, hint) or (hint is int and isinstance(value, bool)):
        return [f"{where}: {type(value).__name__} is not {hint.__name__}"]
    if not dataclasses.is_dataclass(hint):
        return []
    hints = typing.get_type_hints(type(value), NAMESPACE)
    return [p for field in dataclasses.fields(value) for p in problems(getattr(value, field.name), hints[field.name], f"{where}.{field.name}")]

def hint_of(type_name):
    return typing.get_type_hints(type("Probe", (), {"__annotations__": {"value": type_name}}), NAMESPACE)["value"]

for line in sys.stdin:
    case = json.loads(line)
    if case["kind"] == "type":
        found = problems(asp.decode(case["type"], case["value"]), hint_of(case["type"]), case["type"])
    else:
        decode = asp.decode_client_message if case["direction"] == "client" else asp.decode_server_message
        message = decode(case["value"], case.get("method"))
        found = problems(message, type(message), type(message).__name__)
    for problem in found:
        print(problem)
`;

describe("decoded values", () => {
  it("have the types their annotations declare", () => {
    const valid = [...typeCases, ...messageCases].filter((entry) => typescriptVerdict(entry) === "valid");
    expect(valid.length).toBeGreaterThan(1000);
    expect(script(ANNOTATIONS, valid.map((entry) => `${JSON.stringify(entry)}\n`).join(""))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------
// A message that is neither a vector nor a README example, decoded by the
// installed package: the valid one round-trips, the invalid ones fail with
// codes the README's error table documents, where the validators fail too.

/** The codes of the README's error table (its rows of one code span and a meaning). */
function documentedCodes(): string[] {
  const readme = readFileSync(join(BINDINGS_SOURCE, "README.md"), "utf8");
  const start = readme.indexOf("| `code` | Meaning |");
  const table = readme.slice(start, readme.indexOf("\n\n", start));
  // The header row and the separator row come first.
  return table.split("\n").slice(2).map((row) => /^\| `(\w+)` \| /.exec(row)?.[1] ?? `not a code row: ${row}`);
}

const HELD_OUT_VALID: Json = { type: "request", id: "req-held-out-7", method: "session/rename", params: { session_id: "s-held-out", new_title: "Release notes, draft 3" } };
const HELD_OUT_INVALID: { message: Json; code: string; path: string }[] = [
  { message: { type: "request", id: "req-held-out-8", method: "session/rename", params: { session_id: "s-held-out", new_title: 42 } }, code: "wrong_type", path: "/params/new_title" },
  { message: { type: "request", id: "req-held-out-9", method: "session/renamed", params: { session_id: "s-held-out" } }, code: "unknown_method", path: "/method" },
];

const HELD_OUT = `${IMPORT}
for line in sys.stdin:
    try:
        decoded = asp.decode_client_message(json.loads(line))
        print(json.dumps({"class": type(decoded).__name__, "encoded": asp.encode(decoded)}))
    except asp.DecodeError as error:
        print(json.dumps({"code": error.code, "path": error.path}))
`;

describe("a held-out message, decoded by the installed package", () => {
  const messages = [HELD_OUT_VALID, ...HELD_OUT_INVALID.map((entry) => entry.message)];
  const results = script(HELD_OUT, messages.map((message) => `${JSON.stringify(message)}\n`).join("")).map((line) => objectOf(JSON.parse(line)));

  it("is in no vector", () => {
    for (const message of messages) expect(messageCases.map((entry) => entry.value)).not.toContainEqual(message);
  });

  it("decodes as a request and encodes back to the same JSON value", () => {
    expect(results[0]).toEqual({ class: "ClientMessageRequest", encoded: HELD_OUT_VALID });
    expect(validateClientMessage(HELD_OUT_VALID).ok).toBe(true);
  });

  it("is rejected, when invalid, with the documented code and path the validators report", () => {
    const codes = documentedCodes();
    expect(codes).toEqual(["missing_field", "wrong_type", "unknown_tag", "invalid_value", "unknown_method", "unprocessable"]);
    HELD_OUT_INVALID.forEach((entry, index) => {
      expect(results[index + 1]).toEqual({ code: entry.code, path: entry.path });
      expect(codes).toContain(entry.code);
      expect(typescriptVerdict({ kind: "message", direction: "client", value: entry.message })).toBe(`${entry.code} ${entry.path}`);
    });
  });
});

// ---------------------------------------------------------------------------

const README_EXAMPLES = `${IMPORT}import re

text = open(sys.argv[1], encoding="utf-8").read()
blocks = re.findall(r"^\`\`\`python\\n(.*?)^\`\`\`", text, re.S | re.M)
for index, block in enumerate(blocks):
    lines = [re.sub(r"^(\\s*)(.+?)\\s+# => (.+)$", r"\\1assert (\\2) == (\\3), repr(\\2)", line) for line in block.split("\\n")]
    exec(compile("\\n".join(lines), f"README.md example {index + 1}", "exec"), {})
    print(f"example {index + 1}: {sum(' # => ' in line for line in block.split(chr(10)))} results hold")
`;

/** Parses the installed package's modules and the runner at the oldest Python its metadata requires. */
const SYNTAX = `${IMPORT}import ast, importlib.metadata as metadata, pathlib, re

oldest = tuple(int(part) for part in re.fullmatch(r">=(\\d+)\\.(\\d+)", metadata.metadata("${DISTRIBUTION}")["Requires-Python"]).groups())
print("feature version", *oldest)
files = sorted(pathlib.Path(asp.__file__).parent.glob("*.py")) + [pathlib.Path(sys.argv[1])]
for path in files:
    ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=oldest)
    print(path.name)
`;

describe("the installed package", () => {
  it("runs the README's examples, whose documented results hold", () => {
    const examples = script(README_EXAMPLES, "", join(bindings, "README.md"));
    expect(examples.length).toBeGreaterThanOrEqual(5);
    for (const example of examples) expect(example).toMatch(/: [1-9]\d* results hold$/);
  });

  it("is Python 3.9 syntax, as is the runner", () => {
    const lines = script(SYNTAX, "", join(conformance, "runners/python/run_vectors.py"));
    expect(lines[0]).toBe("feature version 3 9");
    expect(lines).toContain("protocol.py");
    expect(lines).toContain("_version.py");
    expect(lines).toContain("run_vectors.py");
  });

  it("imports with warnings as errors", () => {
    expect(script(`${IMPORT}print(len(asp.__all__))`).map(Number)[0]).toBeGreaterThan(400);
    const strict = python(["-W", "error", "-c", `${IMPORT}print("ok")`]);
    expect(strict.stdout.trim(), strict.stderr).toBe("ok");
  });
});
