import type { AskUserQuestionRequest, ClientMessageResponse } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { AppServerQuestions, QuestionRegistry } from "@app-server-protocol/correlation";
import { canonicalQuestions, emittedQuestion } from "@app-server-protocol/legacy-shim";

const request: AskUserQuestionRequest = {
  session_id: "s1",
  turn_id: "t1",
  request_id: "ask-1",
  questions: [{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }, { id: "lite", label: "SQLite" }], allow_free_text: false }],
};

function setup(req: AskUserQuestionRequest = request) {
  const registry = new QuestionRegistry();
  registry.register({ requestId: req.request_id, sessionId: req.session_id ?? "", ownerId: "c1", questions: canonicalQuestions(req) });
  const loop = new AppServerQuestions(registry);
  const sent = loop.send(req, 1_000);
  const respond = (result: ClientMessageResponse["result"]) => loop.receive({ type: "response", id: sent.id, result });
  const answer = (data: unknown) => respond({ status: "success", data });
  return { registry, loop, sent, respond, answer };
}

describe("AppServerQuestions (spec 4.9)", () => {
  it("sends each question as a server request with a fresh srv-ask-user id and the emitted params", () => {
    const { loop, sent } = setup();
    expect(sent).toEqual({ type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: { ...request, questions: request.questions?.map(emittedQuestion), question: "Which database?", options: ["PostgreSQL", "SQLite"] } });
    expect(JSON.stringify(sent.params)).toBe(
      '{"session_id":"s1","turn_id":"t1","request_id":"ask-1","questions":[{"id":"db","question":"Which database?","header":"DB","multi_select":false,"options":[{"id":"pg","label":"PostgreSQL","description":""},{"id":"lite","label":"SQLite","description":""}],"allow_free_text":false,"allow_annotation":false}],"question":"Which database?","options":["PostgreSQL","SQLite"]}',
    );
    expect(loop.send({ ...request, request_id: "ask-2", validation_error: { code: "empty_id", message: "x" } }, 0)).toMatchObject({ id: "srv-ask-user-2", params: { request_id: "ask-2" } });
    expect(loop.send({ ...request, request_id: "ask-3" }, 0).params).not.toHaveProperty("validation_error");
  });

  it("resolves a valid canonical answer through the core registry", () => {
    const { answer, registry } = setup();
    const outcome = { outcome: "answered", answers: { db: { kind: "selected", option_id: "lite" } } };
    expect(answer({ request_id: "ask-1", outcome })).toEqual({ kind: "resolved", resolution: { requestId: "ask-1", outcome } });
    expect(registry.size).toBe(0);
  });

  it("normalizes a legacy answer", () => {
    const { answer } = setup();
    expect(answer({ request_id: "ask-1", answer: "SQLite" })).toEqual({
      kind: "resolved",
      resolution: { requestId: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "lite" } } } },
    });
  });

  it.each([
    ["undecodable data", { request_id: "ask-1", outcome: "yes" }, "malformed_response"],
    ["another request's id", { request_id: "ask-2", answer: "SQLite" }, "request_id_mismatch"],
    ["an outcome that breaks a rule", { request_id: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "text", text: "MariaDB" } } } }, "free_text_disabled"],
    ["a legacy answer that is free text", { request_id: "ask-1", answer: "MariaDB" }, "free_text_disabled"],
  ])("re-sends the same request with validation_error after %s; the question stays pending", (_name, data, code) => {
    const { answer, registry, sent } = setup();
    const verdict = answer(data);
    expect(verdict.kind).toBe("retry");
    if (verdict.kind !== "retry") return;
    expect(verdict.error.code).toBe(code);
    expect(verdict.message).toEqual({ ...sent, params: Object.assign({}, sent.params, { validation_error: verdict.error }) });
    expect(registry.size).toBe(1);
    expect(answer({ request_id: "ask-1", answer: "PostgreSQL" }).kind).toBe("resolved");
  });

  it("ends the question as cancelled/client_closed on an error result or a success without data", () => {
    expect(setup().respond({ status: "error", code: "internal_error", message: "gave up" })).toEqual({
      kind: "resolved",
      resolution: { requestId: "ask-1", outcome: { outcome: "cancelled", reason: "client_closed" } },
    });
    expect(setup().respond({ status: "success" })).toMatchObject({ kind: "resolved", resolution: { outcome: { reason: "client_closed" } } });
  });

  it("drops responses for ids that are not pending, silently", () => {
    const { loop, answer } = setup();
    expect(loop.receive({ type: "response", id: "srv-ask-user-99", result: { status: "success", data: {} } })).toEqual({ kind: "dropped" });
    answer({ request_id: "ask-1", answer: "PostgreSQL" });
    expect(answer({ request_id: "ask-1", answer: "SQLite" })).toEqual({ kind: "dropped" });
  });

  it("sends nothing further when the core refuses a valid answer", () => {
    const { answer, registry } = setup();
    registry.cancel("ask-1", "timeout");
    expect(answer({ request_id: "ask-1", answer: "PostgreSQL" })).toMatchObject({ kind: "refused", requestId: "ask-1" });
  });

  it("gives up after 300 s without resetting the wait on a retry, and cancels everything on close", () => {
    const { loop, answer } = setup();
    expect(loop.nextDeadline()).toBe(301_000);
    answer({ request_id: "nope" });
    expect(loop.expire(300_999)).toEqual([]);
    expect(loop.expire(301_000)).toEqual([{ requestId: "ask-1", outcome: { outcome: "cancelled", reason: "timeout" } }]);
    const other = setup();
    expect(other.loop.close()).toEqual([{ requestId: "ask-1", outcome: { outcome: "cancelled", reason: "disconnect" } }]);
    expect(other.answer({ request_id: "ask-1", answer: "PostgreSQL" })).toEqual({ kind: "dropped" });
  });
});
