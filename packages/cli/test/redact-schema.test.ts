// Every method of the registry, read through the schemas by the tests' own
// walks (support/sensitive-schema.ts, support/undefined-values.ts): valid
// messages built from the conformance vectors with a secret in every
// `x-sensitive` field come out of `redact` without a piece of any secret,
// still valid, with the same findings, the values no schema defines (the
// vectors' extension fields) replaced by their markers, and every other byte
// as written.
import { METHOD_REGISTRY } from "@app-server-protocol/types";
import { jsonValueSpans } from "@app-server-protocol/validators";
import { validateClientMessage, validateServerMessage } from "@app-server-protocol/validators/all";
import { isDeepStrictEqual } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { findings, run } from "./support/run.js";
import { secretMessages, type SecretMessage } from "./support/secret-messages.js";
import { SECRET_PIECE, sensitivePaths } from "./support/sensitive-schema.js";

/** The verdict of the validators on a message, its answered method known. */
function verdict(built: SecretMessage, message: unknown): string {
  const methodOf = () => built.method;
  const result = built.from === "client" ? validateClientMessage(message, { methodOf }) : validateServerMessage(message, { methodOf });
  return result.ok ? "valid" : `${result.error.code} ${result.error.path}`;
}

/** A line with the text of each value at `pointers` cut out. */
function outside(line: string, pointers: readonly string[]): string {
  const spans = jsonValueSpans(line);
  const cuts = pointers.flatMap((pointer) => spans.get(pointer) ?? []).sort((a, b) => b.start - a.start);
  return cuts.reduce((text, { start, end }) => `${text.slice(0, start)}§${text.slice(end)}`, line);
}

/** The value at a JSON Pointer of `root`. */
function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.slice(1).split("/")) {
    const key = token.replaceAll("~1", "/").replaceAll("~0", "~");
    node = Array.isArray(node) ? node[Number(key)] : typeof node === "object" && node !== null && Object.hasOwn(node, key) ? Object.getOwnPropertyDescriptor(node, key)?.value : undefined;
  }
  return node;
}

/** The marker the README's table gives a value of each JSON type. */
function markerOf(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return [];
  const markers: { readonly [type: string]: unknown } = { string: "[redacted]", number: 0, boolean: false, object: {} };
  return markers[typeof value];
}

const { messages: BUILT, exercised } = secretMessages();
const INPUT = BUILT.map(({ message }) => `${JSON.stringify(message)}\n`).join("");
let output = "";
let lines: string[] = [];

beforeAll(async () => {
  const redacted = await run(["redact"], INPUT);
  expect(redacted.stderr).toBe("");
  expect(redacted.code).toBe(0);
  output = redacted.stdout;
  lines = output.split("\n").slice(0, -1);
});

describe("redact over every method of the registry", () => {
  it("is given a secret in every sensitive field the schemas give each method's params and result", () => {
    expect(INPUT).toMatch(SECRET_PIECE);
    for (const method of METHOD_REGISTRY) {
      for (const type of method.result === null ? [method.params] : [method.params, method.result]) {
        expect([...sensitivePaths(type)].filter((path) => !exercised.get(type)?.has(path)), `${method.method}: ${type}`).toEqual([]);
      }
    }
    expect(BUILT.filter(({ sites }) => sites.length > 0).length).toBeGreaterThan(30);
  });

  it("writes no piece of any secret", () => {
    expect(lines).toHaveLength(BUILT.length);
    expect(output).not.toMatch(SECRET_PIECE);
  });

  it("writes messages that are as valid as they were, and the validators find the same", () => {
    const verdicts = BUILT.map((built, index) => [built.method, verdict(built, built.message), verdict(built, JSON.parse(lines[index] ?? ""))]);
    expect(verdicts.filter(([, before]) => before !== "valid")).toEqual([]);
    expect(verdicts.filter(([, before, after]) => before !== after)).toEqual([]);
  });

  it("gives validate the same findings on the redacted transcript", async () => {
    expect(await findings(output)).toEqual(await findings(INPUT));
  });

  it("changes only the sensitive values and the values no schema defines, every other byte as written", () => {
    const changed = BUILT.flatMap((built, index) => {
      const before = JSON.stringify(built.message);
      const after = lines[index] ?? "";
      const replaced = [...built.sites, ...built.undefinedValues];
      return outside(before, replaced) === outside(after, replaced) ? [] : [[built.method, before, after]];
    });
    expect(changed).toEqual([]);
    expect(BUILT.filter(({ sites, undefinedValues }, index) => sites.length === 0 && undefinedValues.length === 0 && lines[index] !== JSON.stringify(BUILT[index]?.message))).toEqual([]);
  });

  it("replaces each value no schema defines by the marker of its JSON type", () => {
    const undefinedCount = BUILT.reduce((count, { undefinedValues }) => count + undefinedValues.length, 0);
    expect(undefinedCount).toBeGreaterThan(10);
    const wrong = BUILT.flatMap((built, index) => {
      const after: unknown = JSON.parse(lines[index] ?? "null");
      return built.undefinedValues.filter((pointer) => !isDeepStrictEqual(valueAt(after, pointer), markerOf(valueAt(built.message, pointer)))).map((pointer) => [built.method, pointer]);
    });
    expect(wrong).toEqual([]);
  });

  it("reads the answers alone, their requests unknown, as any method's result: no piece of a secret, the same findings", async () => {
    const answers = BUILT.filter(({ answers }) => answers !== undefined).map(({ message }) => `${JSON.stringify(message)}\n`).join("");
    expect(answers).toMatch(SECRET_PIECE);
    const redacted = await run(["redact"], answers);
    expect(redacted.code).toBe(0);
    expect(redacted.stdout).not.toMatch(SECRET_PIECE);
    expect(await findings(redacted.stdout)).toEqual(await findings(answers));
  });
});
