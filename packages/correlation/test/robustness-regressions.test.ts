import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { validateServerMessage, validateType } from "@app-server-protocol/validators";
import { AppServerQuestions, QuestionRegistry, encodeLine, questionRecord, resolutionRecord, type AppServerOptions } from "@app-server-protocol/correlation";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { elementTripwire, flipFlop, sparseHugeArray } from "./support/hostile.js";
import { untyped } from "./support/untyped.js";

// Contradictions of the README's promises that fuzzing found, each pinned by
// the input that showed it.

const stamp = { sequence: 3, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
const plainRequest: AskUserQuestionRequest = { session_id: "s1", request_id: "ask-1", question: "Which?", options: ["Yes", "No"] };

function registered(options?: AppServerOptions) {
  const registry = new QuestionRegistry();
  registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "c1", questions: canonicalQuestions(plainRequest) });
  return { registry, loop: new AppServerQuestions(registry, options) };
}

describe("QuestionRegistry.cancelRequests given a sparse array whose length is 2^32 - 1", () => {
  it("does not walk its holes", () => {
    const { registry } = registered();
    const ids = elementTripwire(sparseHugeArray(["ask-1"]), 100);
    registry.cancelRequests(untyped<string[]>(ids.proxy), "interrupt");
    expect(ids.looks()).toBeLessThanOrEqual(2);
  });

  it("cancels nothing for a real one, at once, and still cancels the ids of a plain list", () => {
    const { registry } = registered();
    expect(registry.cancelRequests(untyped<string[]>(sparseHugeArray(["ask-1"])), "interrupt")).toEqual([]);
    expect(registry.cancelRequests(["ask-1"], "interrupt")).toEqual([{ requestId: "ask-1", outcome: { outcome: "cancelled", reason: "interrupt" } }]);
  });
});

describe("AppServerQuestions.send", () => {
  it("returns a message of its own: a getter that changes after the check cannot make it invalid", () => {
    const { loop } = registered();
    const request = untyped<AskUserQuestionRequest>(flipFlop("question", "Which?", 10n, { session_id: "s1", request_id: "ask-1", options: ["Yes", "No"] }));
    const sent = loop.send(request, 0);
    expect(validateServerMessage(sent).ok).toBe(true);
    expect(encodeLine(untyped(sent))).not.toBe("");
    expect(sent.params).toMatchObject({ question: "Which?" });
  });

  it("keeps nothing of the caller's objects", () => {
    const { loop } = registered();
    const options = ["Yes", "No"];
    const sent = loop.send({ session_id: "s1", request_id: "ask-1", question: "Which?", options }, 0);
    options.push("Maybe");
    expect(sent.params).toMatchObject({ options: ["Yes", "No"] });
  });

  it.each([
    ["a bigint", 10n],
    ["a symbol", Symbol("s")],
    ["NaN", Number.NaN],
  ])("does not throw on %s waitMs, which counts as the default", (_name, waitMs) => {
    const { loop } = registered(untyped<AppServerOptions>({ waitMs, firstId: Symbol("s") }));
    const sent = loop.send(plainRequest, 0);
    expect(sent.id).toBe("srv-ask-user-1");
    expect(loop.nextDeadline()).toBe(300_000);
  });
});

describe("the stream-JSON records", () => {
  it("questionRecord reads the request once, so encodeLine writes its line", () => {
    const request = untyped<AskUserQuestionRequest>(flipFlop("question", "Deploy?", 10n, { session_id: "S1", request_id: "R1", options: ["Yes"] }));
    const line = encodeLine(questionRecord(request, stamp));
    expect(line).not.toBe("");
    expect(validateType("StreamJsonStreamEventRecord", JSON.parse(line)).ok).toBe(true);
  });

  it("resolutionRecord reads the outcome once, so encodeLine writes its line", () => {
    const answer = flipFlop("kind", "text", 10n, { text: "yes" });
    const line = encodeLine(resolutionRecord("R1", untyped({ outcome: "answered", answers: { q1: answer } }), stamp));
    expect(line).not.toBe("");
    expect(JSON.parse(line)).toMatchObject({ event: { outcome: { outcome: "answered", answers: { q1: { kind: "text", text: "yes" } } } } });
  });

  it("resolutionRecord reads a legacy answer once, so encodeLine writes its line", () => {
    const record = resolutionRecord("R1", untyped(flipFlop("legacy_answer", "yes", 10n)), stamp);
    expect(JSON.parse(encodeLine(record))).toMatchObject({ event: { outcome: { legacy_answer: "yes" } } });
  });
});
