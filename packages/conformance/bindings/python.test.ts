import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { PROTOCOL_TYPE_NAMES, validateClientMessage, validateServerMessage, validateType, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { casesOf, objectOf, suiteFiles } from "../test/vectors.js";

// The Python bindings (generated/python) with python3: the conformance
// vectors through the Python runner, the verdicts of the Python decoders
// against the TypeScript validators' on mutated vectors, the decoded values
// against their annotations, the README's examples, and Python 3.9 syntax.
// Python runs with -B and PYTHONDONTWRITEBYTECODE, so nothing is written in
// the repository.

const REPO = join(import.meta.dirname, "../../..");
const BINDINGS = join(REPO, "generated/python");
const VECTORS = join(REPO, "packages/conformance/vectors");
const RUNNER = join(REPO, "packages/conformance/runners/python/run_vectors.py");

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function python(args: string[], input = ""): Run {
  const result = spawnSync("python3", ["-B", ...args], {
    cwd: REPO,
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: "1" },
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Runs a Python script given as text, with the bindings importable; returns its output lines. */
function script(source: string, input = ""): string[] {
  const result = python(["-c", source, BINDINGS], input);
  expect(result.status, result.stderr).toBe(0);
  return result.stdout.split("\n").filter((line) => line.length > 0);
}

const IMPORT = "import json, sys\nsys.path.insert(0, sys.argv[1])\nimport app_server_protocol as asp\n";

describe("the Python runner over every vector", () => {
  const run = python([RUNNER, BINDINGS, VECTORS, "--json"]);
  const lines = run.stdout.trimEnd().split("\n");
  const summary = objectOf(JSON.parse(lines.at(-1) ?? "null"), "the runner's summary");
  const suites = objectOf(summary.suites, "the suites");
  const casesRun = (suite: string) => Number(objectOf(suites[suite] ?? {}, suite).cases ?? 0);

  it("passes every case", () => {
    expect(lines.filter((line) => line.startsWith("FAIL "))).toEqual([]);
    expect(summary.failed).toBe(0);
    expect(run.status, run.stderr).toBe(0);
  });

  it("ran the cases of both suites", () => {
    expect(casesRun("types")).toBeGreaterThan(1000);
    expect(casesRun("messages")).toBeGreaterThan(0);
  });

  it("rejects the vectors with an unknown tag", () => {
    expect(summary.unknown_tag_rejected).toBeGreaterThan(0);
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

const README_EXAMPLES = `${IMPORT}import re

text = open(sys.argv[1] + "/README.md", encoding="utf-8").read()
blocks = re.findall(r"^\`\`\`python\\n(.*?)^\`\`\`", text, re.S | re.M)
for index, block in enumerate(blocks):
    lines = [re.sub(r"^(\\s*)(.+?)\\s+# => (.+)$", r"\\1assert (\\2) == (\\3), repr(\\2)", line) for line in block.split("\\n")]
    exec(compile("\\n".join(lines), f"README.md example {index + 1}", "exec"), {})
    print(f"example {index + 1}: {sum(' # => ' in line for line in block.split(chr(10)))} results hold")
`;

const SYNTAX = `${IMPORT}import ast, pathlib

files = sorted(pathlib.Path(sys.argv[1], "app_server_protocol").glob("*.py")) + [pathlib.Path(sys.argv[2])]
for path in files:
    ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=(3, 9))
    print(path.name)
`;

describe("the package", () => {
  it("runs the README's examples, whose documented results hold", () => {
    const examples = script(README_EXAMPLES);
    expect(examples.length).toBeGreaterThanOrEqual(4);
    for (const example of examples) expect(example).toMatch(/: [1-9]\d* results hold$/);
  });

  it("is Python 3.9 syntax, as is the runner", () => {
    const result = python(["-c", SYNTAX, BINDINGS, RUNNER]);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain("protocol.py");
    expect(result.stdout).toContain("run_vectors.py");
  });

  it("imports with warnings as errors", () => {
    expect(script(`${IMPORT}print(len(asp.__all__))`).map(Number)[0]).toBeGreaterThan(400);
    const strict = python(["-W", "error", "-c", `${IMPORT}print("ok")`, BINDINGS]);
    expect(strict.stdout.trim(), strict.stderr).toBe("ok");
  });
});
