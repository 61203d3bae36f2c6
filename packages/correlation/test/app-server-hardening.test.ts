import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { AppServerQuestions, QuestionRegistry, type AnswerVerdict } from "@app-server-protocol/correlation";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { throwingGetters, throwingProxy } from "./support/hostile.js";
import { untyped } from "./support/untyped.js";

// The app-server loop on answers the reference reads differently from what
// the loop used to: `data: null`, values that are not response envelopes,
// and retry texts that carried a placeholder or a whole user key.

const request: AskUserQuestionRequest = {
  session_id: "s1",
  request_id: "ask-1",
  questions: [{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false }],
};

function setup() {
  const registry = new QuestionRegistry();
  registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "c1", questions: canonicalQuestions(request) });
  const loop = new AppServerQuestions(registry);
  const sent = loop.send(request, 0);
  const answer = (data: unknown) => loop.receive({ type: "response", id: sent.id, result: { status: "success", data } });
  return { registry, loop, sent, answer };
}

const retryMessage = (verdict: AnswerVerdict) => (verdict.kind === "retry" ? verdict.error.message : undefined);

describe("success data null (spec 1.3, 4.9 step 6)", () => {
  it("means no payload, as absent data does: the question ends as cancelled/client_closed", () => {
    const { answer, registry, loop } = setup();
    expect(answer(null)).toEqual({ kind: "resolved", resolution: { requestId: "ask-1", outcome: { outcome: "cancelled", reason: "client_closed" } } });
    expect(registry.size).toBe(0);
    expect(loop.size).toBe(0);
  });
});

describe("values that are not response envelopes", () => {
  it.each([
    ["null", null],
    ["a number", 42],
    ["a response without result", { type: "response", id: "srv-ask-user-1" }],
    ["a result that is not an object", { type: "response", id: "srv-ask-user-1", result: "ok" }],
    ["an unknown status", { type: "response", id: "srv-ask-user-1", result: { status: "maybe" } }],
    ["an id that is not a string", { type: "response", id: 1, result: { status: "success" } }],
    ["a proxy that throws", throwingProxy()],
    ["getters that throw", throwingGetters("id", "result")],
    ["a result whose getters throw", { type: "response", id: "srv-ask-user-1", result: throwingGetters("status", "data") }],
  ])("drops %s, as the transport drops what does not decode, and keeps the question outstanding", (_name, value) => {
    const { loop, registry, answer } = setup();
    expect(loop.receive(value)).toEqual({ kind: "dropped" });
    expect(loop.pendingEnvelopeIds()).toEqual(["srv-ask-user-1"]);
    expect(registry.size).toBe(1);
    expect(answer({ request_id: "ask-1", answer: "PostgreSQL" }).kind).toBe("resolved");
  });

  it("re-sends with malformed_response when the data's fields cannot be read", () => {
    const { answer, registry } = setup();
    const verdict = answer(throwingProxy());
    expect(verdict).toMatchObject({ kind: "retry", error: { code: "malformed_response" } });
    expect(retryMessage(verdict)).toMatch(/^invalid AskUserQuestion response: /);
    expect(registry.size).toBe(1);
  });
});

describe("retry texts (spec 4.4)", () => {
  it("carry no `(message)` placeholder when the whole data is refused", () => {
    const { answer } = setup();
    const verdict = answer("yes");
    expect(retryMessage(verdict)).toBe("invalid AskUserQuestion response: must be an object");
    expect(verdict.kind === "retry" && verdict.message.params).toMatchObject({ validation_error: { code: "malformed_response", message: "invalid AskUserQuestion response: must be an object" } });
  });

  it("keep the path of a field and cut a long user key short", () => {
    const { answer } = setup();
    expect(retryMessage(answer({ request_id: "ask-1", outcome: "yes" }))).toMatch(/^invalid AskUserQuestion response: \/outcome: /);
    const key = "q".repeat(300);
    const message = retryMessage(answer({ request_id: "ask-1", outcome: { outcome: "answered", answers: { [key]: { kind: "guess" } } } })) ?? "";
    expect(message).toMatch(new RegExp(`^invalid AskUserQuestion response: /outcome/answers/q{64}…`));
    expect(message.length).toBeLessThan(300);
  });

  it("bound a long mismatching request id", () => {
    const { answer } = setup();
    const message = retryMessage(answer({ request_id: "x".repeat(10_000), answer: "PostgreSQL" })) ?? "";
    expect(message).toBe(`response request id \`${"x".repeat(64)}…\` does not match \`ask-1\``);
  });
});

describe("send", () => {
  it("refuses a value that does not decode as a request, and the core ends its question as delivery_failed (spec 4.8)", () => {
    const registry = new QuestionRegistry();
    registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "c1", questions: canonicalQuestions(request) });
    const loop = new AppServerQuestions(registry);
    const undecodable: unknown = { request_id: "ask-1", questions: "none" };
    expect(loop.send(undecodable, 0)).toEqual({
      type: "refused",
      message: "invalid AskUserQuestion request: /questions: must be an array",
      resolutions: [{ requestId: "ask-1", outcome: { outcome: "cancelled", reason: "delivery_failed" } }],
    });
    expect(loop.send(throwingProxy(), 0)).toMatchObject({ type: "refused", resolutions: [] });
    expect(loop.send(request, Number.NaN)).toMatchObject({ type: "request", id: "srv-ask-user-1" });
    expect(loop.send(request, untyped<number>("soon"))).toEqual({ type: "refused", message: "`now` must be a number of milliseconds", resolutions: [] });
    expect(loop.size).toBe(1);
    expect(loop.nextDeadline()).toBeUndefined();
  });

  it("lists what is outstanding, read-only, in send order", () => {
    const registry = new QuestionRegistry();
    const loop = new AppServerQuestions(registry);
    loop.send({ ...request, request_id: "ask-2" }, 0);
    loop.send(request, 0);
    expect(loop.pendingEnvelopeIds()).toEqual(["srv-ask-user-1", "srv-ask-user-2"]);
    expect(loop.pendingRequestIds()).toEqual(["ask-2", "ask-1"]);
    expect(loop.size).toBe(2);
  });
});
