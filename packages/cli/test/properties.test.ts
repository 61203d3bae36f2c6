import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
