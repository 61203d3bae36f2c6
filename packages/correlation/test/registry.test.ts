import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { QuestionRegistry, type PendingQuestion } from "@app-server-protocol/correlation";

const questions: AskUserQuestionSpec[] = [{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false }];
const pick = { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } } as const;
const question = (requestId: string, extra: Partial<PendingQuestion> = {}): PendingQuestion => ({ requestId, sessionId: "s1", turnId: "t1", ownerId: "c1", questions, ...extra });

describe("QuestionRegistry (spec 4.7)", () => {
  it("refuses a duplicate id without replacing the record; the new call ends as delivery_failed", () => {
    const registry = new QuestionRegistry();
    expect(registry.register(question("a", { turnId: "first" }))).toEqual({ ok: true });
    expect(registry.register(question("a", { turnId: "second" }))).toEqual({ ok: false, reason: "duplicate", outcome: { outcome: "cancelled", reason: "delivery_failed" } });
    expect(registry.get("a")?.turnId).toBe("first");
  });

  it("refuses questions that break a request rule", () => {
    const registry = new QuestionRegistry();
    expect(registry.register(question("a", { questions: [] }))).toMatchObject({ ok: false, reason: "invalid", error: { code: "question_count" } });
    expect(registry.size).toBe(0);
  });

  it("resolves once; unknown and already-resolved ids are refused", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    expect(registry.resolve("a", pick)).toEqual({ ok: true, resolution: { requestId: "a", outcome: pick } });
    expect(registry.resolve("a", pick)).toMatchObject({ ok: false, reason: "unknown" });
    expect(registry.resolve("never", pick)).toEqual({ ok: false, reason: "unknown", message: "unknown or already-resolved AskUserQuestion request `never`" });
  });

  it("refuses another session's answer and keeps the question", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    expect(registry.resolve("a", pick, "s2")).toMatchObject({ ok: false, reason: "wrong_session" });
    expect(registry.resolve("a", pick, "")).toMatchObject({ ok: true });
  });

  it("keeps a question pending after an invalid outcome, with the error to re-send, and accepts a later valid one", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    const bad = registry.resolve("a", { outcome: "answered", answers: { db: { kind: "text", text: "MySQL" } } });
    expect(bad).toEqual({ ok: false, reason: "invalid", error: { code: "free_text_disabled", message: "question `db` does not allow free text" } });
    expect(registry.get("a")?.validationError?.code).toBe("free_text_disabled");
    expect(registry.resolve("a", "not an outcome")).toMatchObject({ ok: false, reason: "invalid", error: { code: "malformed_response" } });
    expect(registry.resolve("a", pick).ok).toBe(true);
    expect(registry.size).toBe(0);
  });

  it("cancels by request, list, session, turn, owner and all, each question exactly once", () => {
    const registry = new QuestionRegistry();
    const ids = ["a", "b", "c", "d", "e", "f", "g"];
    registry.register(question("a"));
    registry.register(question("b"));
    registry.register(question("c"));
    registry.register(question("d", { sessionId: "s2", turnId: "t2" }));
    registry.register(question("e", { sessionId: "s3", turnId: "t3" }));
    registry.register(question("f", { sessionId: "s4", turnId: "t4", ownerId: "c2" }));
    registry.register(question("g", { sessionId: "s5", turnId: "t5" }));
    const ended = [
      ...registry.cancel("a", "interrupt"),
      ...registry.cancel("a", "interrupt"),
      ...registry.cancelRequests(["b", "c", "zzz"], "delivery_failed"),
      ...registry.cancelSession("s2", "session_closed"),
      ...registry.cancelTurn("t3", "interrupt"),
      ...registry.cancelOwner("c2", "disconnect"),
      ...registry.cancelAll("shutdown"),
      ...registry.cancelAll("shutdown"),
    ];
    expect(ended.map((resolution) => resolution.requestId)).toEqual(ids);
    expect(ended.map((resolution) => resolution.outcome)).toEqual(
      ["interrupt", "delivery_failed", "delivery_failed", "session_closed", "interrupt", "disconnect", "shutdown"].map((reason) => ({ outcome: "cancelled", reason })),
    );
  });

  it("keeps deadlines as data: expire(now) times out what is due, nextDeadline says when to look again", () => {
    const registry = new QuestionRegistry();
    registry.register(question("late", { deadline: 2_000 }));
    registry.register(question("early", { deadline: 1_000 }));
    registry.register(question("never"));
    expect(registry.nextDeadline()).toBe(1_000);
    expect(registry.expire(999)).toEqual([]);
    expect(registry.expire(1_000)).toEqual([{ requestId: "early", outcome: { outcome: "cancelled", reason: "timeout" } }]);
    expect(registry.nextDeadline()).toBe(2_000);
    expect(registry.expire(10_000).map((resolution) => resolution.requestId)).toEqual(["late"]);
    expect(registry.nextDeadline()).toBeUndefined();
    expect(registry.pending().map((pending) => pending.requestId)).toEqual(["never"]);
  });
});
