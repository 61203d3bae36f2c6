import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSnapshot } from "@app-server-protocol/validators";
import { canonicalQuestions, checkAnswer, emittedRequest } from "@app-server-protocol/legacy-shim";
import { SHIM_CALLS } from "./support/calls.js";
import { anyMaker, type Maker } from "./support/hostile.js";

// Every function reads each argument once into JSON data and works on that:
// given any value, hostile ones included (throwing proxies and getters,
// getters that answer differently each time, 2^32 - 1 long sparse arrays,
// bigints and symbols), it never throws, its result can be written, and it
// is the result its arguments' snapshots get.

/** What an argument reads as: its snapshot, or null for one with none. */
function read(make: Maker): unknown {
  const snapshot = jsonSnapshot(make());
  return snapshot.ok ? snapshot.value : null;
}

const { legacyOptionId: _numbersOnly, ...calls } = SHIM_CALLS;

/** Functions whose arguments with no snapshot get a verdict saying so, rather than reading as null. */
const DECODING = new Set(["checkAnswer", "decodedQuestions", "outcomeFromResponse", "questionsFromToolInput"]);

describe("the shim reads each argument once (property)", () => {
  it.each(Object.entries(calls))("%s never throws, returns data JSON.stringify writes, and gives a value its snapshot's result", (name, call) => {
    fc.assert(
      fc.property(anyMaker, anyMaker, (first, second) => {
        const result = call(first(), second());
        if (result !== undefined) expect(jsonSnapshot(result)).toMatchObject({ ok: true });
        const firstRead = read(first);
        const secondRead = read(second);
        const readable = jsonSnapshot(first()).ok && jsonSnapshot(second()).ok;
        if (readable || !DECODING.has(name)) expect(call(first(), second())).toEqual(call(firstRead, secondRead));
      }),
      { numRuns: 200 },
    );
  });
});

describe("what the shim returns is never the caller's object", () => {
  it("a canonical list, an outcome and an emitted request are copies", () => {
    const questions = [{ id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A" }] }];
    const outcome = { outcome: "answered", answers: { q: { kind: "selected", option_id: "a" } } };
    const request = { request_id: "ask-1", questions };
    const read = canonicalQuestions(request);
    expect(read).toEqual(questions);
    expect(read[0]).not.toBe(questions[0]);
    const checked = checkAnswer(request, { request_id: "ask-1", outcome });
    expect(checked).toEqual({ ok: true, outcome });
    expect(checked.ok && checked.outcome).not.toBe(outcome);
    expect(emittedRequest(request).questions?.[0]?.options?.[0]).not.toBe(questions[0]?.options[0]);
  });
});
