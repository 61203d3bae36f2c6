import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonValueSpans } from "@app-server-protocol/validators";
import { AppServerTranscript, checkedLine, StreamJsonTranscript } from "../src/index.js";
import { askUser, clientRequest, failed, success } from "./support/messages.js";
import { validateReport } from "./support/report-schema.js";
import { run, transcript } from "./support/run.js";
import { ack, questionRecord, resolutionRecord, RESULT, SYSTEM_INIT } from "./support/stream-json.js";


/** A valid request and a valid response to it, for an envelope id. */
type Pair = (id: string) => readonly [unknown, unknown];

const pair: fc.Arbitrary<Pair> = fc.oneof(
  fc.record({ session: fc.string(), prompt: fc.string(), subscription: fc.string() }).map(
    ({ session, prompt, subscription }): Pair =>
      (id) => [clientRequest(id, "turn/submit", { session_id: session, prompt }), success(id, { subscription_id: subscription })],
  ),
  fc.record({ session: fc.string(), title: fc.string(), data: fc.constantFrom(undefined, null) }).map(
    ({ session, title, data }): Pair =>
      (id) => [clientRequest(id, "session/rename", { session_id: session, new_title: title }), data === null ? success(id, null) : success(id)],
  ),
  fc.record({ session: fc.string(), cancelled: fc.boolean() }).map(({ session, cancelled }): Pair => (id) => [clientRequest(id, "turn/cancel", { session_id: session }), success(id, { cancelled })]),
  fc.constant((id: string) => [clientRequest(id, "session/list"), failed(id)] as const),
  // Integers, of u64 fields: in params, and in a result.
  fc.record({ session: fc.string(), keep: fc.nat() }).map(({ session, keep }): Pair => (id) => [clientRequest(id, "session/rewind", { session_id: session, keep_messages: keep }), failed(id)]),
  fc.record({ session: fc.string(), path: fc.string(), mtime: fc.maxSafeNat() }).map(
    ({ session, path, mtime }): Pair =>
      (id) => [clientRequest(id, "tools/seed_read_state", { session_id: session, path, mtime }), success(id, { session_id: session, path, mtime, seeded: true })],
  ),
  fc.record({ requestId: fc.string(), option: fc.constantFrom("pg", "lite") }).map(
    ({ requestId, option }): Pair =>
      (id) => [askUser(`srv-${id}`, requestId), success(`srv-${id}`, { request_id: requestId, outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: option } } } })],
  ),
  fc.record({ requestId: fc.string(), outcome: fc.constantFrom("rejected", "clarify", "finish_plan_interview") }).map(
    ({ requestId, outcome }): Pair =>
      (id) => [askUser(`srv-${id}`, requestId), success(`srv-${id}`, { request_id: requestId, outcome: { outcome } })],
  ),
);

/** Requests in order, then their responses in any order. */
const validTranscript = fc
  .uniqueArray(fc.tuple(fc.string({ minLength: 1 }), pair), { maxLength: 8, selector: ([id]) => id })
  .chain((pairs) => {
    const built = pairs.map(([id, make]) => make(`c-${id}`));
    return fc.shuffledSubarray(built.map(([, response]) => response), { minLength: built.length }).map((responses) => transcript(...built.map(([request]) => request), ...responses));
  });

const anyLine = fc.oneof(
  fc.anything().map((value) => JSON.stringify(value) ?? "null"),
  fc.string(),
  fc.jsonValue().map((value) => JSON.stringify({ type: "response", id: "x", result: value })),
);

// Built outside fast-check, which would trip over them while inspecting its values.
const HOSTILE: readonly unknown[] = [
  new Proxy(
    {},
    {
      get() {
        throw new Error("x");
      },
      ownKeys() {
        throw new Error("x");
      },
      has() {
        throw new Error("x");
      },
      getOwnPropertyDescriptor() {
        throw new Error("x");
      },
    },
  ),
  Object.defineProperty({}, "type", {
    enumerable: true,
    get() {
      throw new Error("x");
    },
  }),
];

/** JSON as Python's `json.dumps` spaces it by default: valid NDJSON that no compact writer produces. */
function spaced(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(spaced).join(", ")}]`;
  if (typeof value === "object" && value !== null) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${spaced(item)}`).join(", ")}}`;
  return JSON.stringify(value);
}

function pointerOf(tokens: readonly string[]): string {
  return tokens.map((token) => `/${token.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** The places of a parsed line a mutation can change: its objects with their keys, its strings, its numbers. */
function placesOf(value: unknown, tokens: string[] = [], found = { objects: new Map<string, string[]>(), strings: [] as string[], numbers: [] as string[] }) {
  if (typeof value === "string") found.strings.push(pointerOf(tokens));
  else if (typeof value === "number") found.numbers.push(pointerOf(tokens));
  else if (Array.isArray(value)) value.forEach((item, index) => placesOf(item, [...tokens, String(index)], found));
  else if (typeof value === "object" && value !== null) {
    if (Object.keys(value).length > 0) found.objects.set(pointerOf(tokens), Object.keys(value));
    for (const [key, item] of Object.entries(value)) placesOf(item, [...tokens, key], found);
  }
  return found;
}

/** `text` with the literal of the value at `path` replaced by what `change` makes of it. */
function rewritten(text: string, path: string, change: (literal: string) => string): string {
  const span = jsonValueSpans(text).get(path);
  if (span === undefined) throw new Error(`no value at ${path}`);
  return `${text.slice(0, span.start)}${change(text.slice(span.start, span.end))}${text.slice(span.end)}`;
}

type Mutation = "duplicate_key" | "lone_surrogate" | "fraction" | "exponent" | "past_u64";

/** One lexical mutation of one line of a valid transcript, and the finding it must give: `[line, code, path]`, or `undefined` when the line has no such place. */
function mutated(input: string, lineIndex: number, mutation: Mutation, pick: number): { input: string; expected: [number, string, string] } | undefined {
  const lines = input.split("\n").filter((line) => line !== "");
  const index = lineIndex % lines.length;
  const text = lines[index] ?? "";
  const places = placesOf(JSON.parse(text));
  let changed: string;
  let expected: [string, string];
  if (mutation === "duplicate_key") {
    const objects = [...places.objects];
    const [object, keys] = objects[pick % objects.length] ?? ["", []];
    const key = keys[pick % keys.length] ?? "";
    const member = `${JSON.stringify(key)}:${JSON.stringify(valueAt(JSON.parse(text), `${object}${pointerOf([key])}`))},`;
    changed = rewritten(text, object, (literal) => `{${member}${literal.slice(1)}`);
    expected = ["duplicate_key", `${object}${pointerOf([key])}`];
  } else if (mutation === "lone_surrogate") {
    const path = places.strings[pick % places.strings.length];
    if (path === undefined) return undefined;
    changed = rewritten(text, path, (literal) => `${literal.slice(0, -1)}\\udc00"`);
    expected = ["lone_surrogate", path];
  } else {
    const path = places.numbers[pick % places.numbers.length];
    if (path === undefined) return undefined;
    const spelling = { fraction: (literal: string) => `${literal}.0`, exponent: (literal: string) => `${literal}e0`, past_u64: () => "18446744073709551616" }[mutation];
    changed = rewritten(text, path, spelling);
    expected = [mutation === "past_u64" ? "invalid_value" : "non_integer_literal", path];
  }
  const all = input.split("\n");
  const position = all.indexOf(text);
  all[position] = changed;
  return { input: all.join("\n"), expected: [position + 1, ...expected] };
}

function valueAt(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of pointer.split("/").slice(1)) node = Reflect.get(Object(node), token.replace(/~1/g, "/").replace(/~0/g, "~"));
  return node;
}

describe("validate properties", () => {
  it("reports nothing for generated valid request/response pairs", async () => {
    await fc.assert(
      fc.asyncProperty(validTranscript, async (input) => {
        const { stdout, code } = await run(["validate", "--format", "json"], input);
        expect(JSON.parse(stdout).findings).toEqual([]);
        expect(code).toBe(0);
      }),
      { numRuns: 150 },
    );
  });

  it("reports nothing for generated valid transcripts written with whitespace between tokens", async () => {
    await fc.assert(
      fc.asyncProperty(validTranscript, async (input) => {
        const respaced = input
          .split("\n")
          .map((line) => (line === "" ? line : spaced(JSON.parse(line))))
          .join("\n");
        expect(JSON.parse((await run(["validate", "--format", "json"], respaced)).stdout).findings).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("reports one lexical mutation of one line first among that line's findings, with its code at its path", async () => {
    const mutations = fc.constantFrom<Mutation>("duplicate_key", "lone_surrogate", "fraction", "exponent", "past_u64");
    await fc.assert(
      fc.asyncProperty(validTranscript, fc.nat(), mutations, fc.nat(), async (input, line, mutation, pick) => {
        fc.pre(input !== "");
        const change = mutated(input, line, mutation, pick);
        fc.pre(change !== undefined);
        const { stdout } = await run(["validate", "--format", "json"], change?.input ?? "");
        const reported: { line: number; code: string; path?: string }[] = JSON.parse(stdout).findings;
        // A changed id or type also changes what the line correlates with; the line's own finding comes first.
        const first = reported.find(({ line: at }) => at === change?.expected[0]);
        expect(first === undefined ? undefined : [first.line, first.code, first.path]).toEqual(change?.expected);
      }),
      { numRuns: 300 },
    );
  });

  it("reports nothing for the redacted form of generated valid transcripts either", async () => {
    await fc.assert(
      fc.asyncProperty(validTranscript, async (input) => {
        const redacted = (await run(["redact"], input)).stdout;
        expect(JSON.parse((await run(["validate", "--format", "json"], redacted)).stdout).findings).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it("reports nothing for generated valid stream-JSON question rounds", async () => {
    const round = fc.record({
      requestId: fc.string(),
      labels: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 20 }).filter((label) => label.trim() !== ""), { minLength: 1, maxLength: 4 }),
      pick: fc.nat(),
      resolve: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(round, { maxLength: 4, selector: ({ requestId }) => requestId }), async (rounds) => {
        const lines = rounds.flatMap(({ requestId, labels, pick, resolve }, index) => {
          const options = labels.map((label, option) => ({ id: `o${option}`, label, description: "" }));
          const question = { id: "q1", question: "Pick one", header: "", multi_select: false, options, allow_free_text: false, allow_annotation: false };
          const chosen = `o${pick % labels.length}`;
          const answer = { type: "server_response", request_id: requestId, response: { outcome: "answered", answers: { q1: { kind: "selected", option_id: chosen } } } };
          const done = resolve ? [resolutionRecord(requestId, 2 * index + 2)] : [];
          return [questionRecord(requestId, [question], 2 * index + 1), answer, ack(requestId), ...done];
        });
        const { stdout, code } = await run(["validate", "--format", "json"], transcript(SYSTEM_INIT, ...lines, RESULT));
        expect(JSON.parse(stdout).findings).toEqual([]);
        expect(code).toBe(0);
      }),
      { numRuns: 100 },
    );
  });

  it("never throws on any input line, in every framing, and always prints a valid report", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(anyLine, { maxLength: 6 }), fc.constantFrom("auto", "app-server", "stream-json"), async (lines, framing) => {
        const input = lines.join("\n");
        const { stdout, code } = await run(["validate", "--format", "json", "--framing", framing], input);
        expect([0, 1]).toContain(code);
        expect(validateReport(JSON.parse(stdout))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  const checkers = () => [new AppServerTranscript(), new StreamJsonTranscript()];

  it("the checkers never throw on any value", () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        for (const checker of checkers()) {
          expect(Array.isArray(checkedLine(checker, 1, value, ""))).toBe(true);
          expect(Array.isArray(checker.end())).toBe(true);
        }
      }),
    );
  });

  it.each(HOSTILE.map((value, index) => [index, value]))("the checkers report hostile value %i as unprocessable", (_index, value) => {
    for (const checker of checkers()) {
      expect(checkedLine(checker, 3, value, "").map(({ line, code }) => [line, code])).toEqual([[3, "unprocessable"]]);
    }
  });
});
