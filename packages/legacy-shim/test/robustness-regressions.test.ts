import { describe, expect, it } from "vitest";
import { canonicalQuestions, checkAnswer, outcomeFromResponse } from "@app-server-protocol/legacy-shim";
import { elementTripwire, flipFlop, sparseHugeArray } from "./support/hostile.js";

// Contradictions of the README's promises that fuzzing found, each pinned by
// the input that showed it.

/** Hands a value of any type to a typed API, as a JavaScript caller can. */
function asIf<T>(value: unknown): T {
  return value as T;
}

const EMPTY_LEGACY_QUESTION = [{ id: "question-1", question: "", header: "Question", multi_select: false, allow_free_text: true, allow_annotation: false }];

describe("a sparse array whose length is 2^32 - 1", () => {
  it("is not walked by canonicalQuestions, which reads the request as one that cannot be read", () => {
    const labels = elementTripwire(sparseHugeArray(["A"]), 100);
    expect(canonicalQuestions(asIf<{ request_id: string }>({ request_id: "ask-1", question: "Which?", options: labels.proxy }))).toEqual(EMPTY_LEGACY_QUESTION);
    expect(labels.looks()).toBeLessThanOrEqual(1);
  });

  it("is not walked by checkAnswer, in the request or in the answer", () => {
    const labels = elementTripwire(sparseHugeArray(["A"]), 100);
    const request = asIf<{ request_id: string }>({ request_id: "ask-1", question: "Which?", options: labels.proxy });
    expect(checkAnswer(request, { request_id: "ask-1", answer: "A" }).ok).toBe(false);
    expect(labels.looks()).toBeLessThanOrEqual(1);
    const ids = elementTripwire(sparseHugeArray(["x"]), 100);
    const answer = { request_id: "ask-1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected_many", option_ids: ids.proxy } } } };
    expect(checkAnswer({ request_id: "ask-1", question: "Which?", options: ["A"] }, answer)).toMatchObject({ ok: false, error: { code: "malformed_response" } });
    expect(ids.looks()).toBeLessThanOrEqual(1);
  });

  it("makes checkAnswer refuse a real one at once", () => {
    const answer = { request_id: "ask-1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected_many", option_ids: sparseHugeArray(["x"]) } } } };
    expect(checkAnswer({ request_id: "ask-1", question: "Which?", options: ["A"] }, answer)).toMatchObject({ ok: false, error: { code: "malformed_response" } });
  });
});

describe("a request_id getter that answers a string once and null afterwards", () => {
  const request = { request_id: "ask-1", question: "Which?", options: ["A", "B"] };
  const data = () => flipFlop("request_id", "ask-1", null, { answer: "B" });
  const read = { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } };

  it("is read once by outcomeFromResponse, which never throws", () => {
    expect(outcomeFromResponse(request, data())).toEqual(read);
  });

  it("is read once by checkAnswer, which never throws", () => {
    expect(checkAnswer(request, data())).toEqual(read);
  });

  it("in the request is read once too", () => {
    const flipping = asIf<{ request_id: string }>(flipFlop("request_id", "ask-1", null, { question: "Which?", options: ["A", "B"] }));
    expect(checkAnswer(flipping, { request_id: "ask-1", answer: "B" })).toEqual(read);
  });
});
