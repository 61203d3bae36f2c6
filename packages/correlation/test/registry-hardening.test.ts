import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { QuestionRegistry, type PendingQuestion } from "@app-server-protocol/correlation";
import { onceThenThrow, throwingArrayProxy, throwingGetters, throwingProxy } from "./support/hostile.js";
import { untyped } from "./support/untyped.js";

// The registry on registrations and answers its types do not describe:
// fields of the wrong type, getters and proxies, ids that are not strings,
// reasons spec 4.8 does not name, and long keys in refusal texts.

const questions: AskUserQuestionSpec[] = [{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false }];
const pick = { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } } as const;
const question = (requestId: string, extra: object = {}): PendingQuestion => ({ requestId, sessionId: "s1", ownerId: "c1", questions, ...extra });
const registration = (value: unknown) => untyped<PendingQuestion>(value);

describe("registrations that are not pending questions", () => {
  it.each([
    ["null", null],
    ["a string", "ask-1"],
    ["a proxy that throws", throwingProxy()],
    ["getters that throw", throwingGetters("requestId", "questions")],
    ["a numeric id", { requestId: 1, sessionId: "s1", ownerId: "c1", questions }],
  ])("refuses %s as malformed_response with delivery_failed", (_name, value) => {
    const registry = new QuestionRegistry();
    expect(registry.register(registration(value))).toEqual({
      ok: false,
      reason: "invalid",
      error: { code: "malformed_response", message: "invalid pending question: `requestId` must be a string" },
      outcome: { outcome: "cancelled", reason: "delivery_failed" },
    });
    expect(registry.size).toBe(0);
  });

  it.each([
    ["sessionId", { sessionId: 5 }, "`sessionId` must be a string"],
    ["ownerId", { ownerId: null }, "`ownerId` must be a string"],
    ["turnId", { turnId: 3 }, "`turnId` must be a string or null"],
    ["toolUseId", { toolUseId: null }, "`toolUseId` must be a string"],
    ["capability", { capability: { single_select: "yes" } }, "`capability` must be an interactive-questions capability or null"],
    ["deadline", { deadline: Number.NaN }, "`deadline` must be a number of milliseconds"],
  ])("refuses a %s of the wrong type", (_name, extra, problem) => {
    const registry = new QuestionRegistry();
    expect(registry.register(question("a", extra))).toMatchObject({ ok: false, reason: "invalid", error: { code: "malformed_response", message: `invalid pending question: ${problem}` } });
    expect(registry.size).toBe(0);
    expect(registry.nextDeadline()).toBeUndefined();
  });

  it("refuses questions it cannot read, and reads each field once", () => {
    const registry = new QuestionRegistry();
    expect(registry.register(question("a", { questions: throwingArrayProxy() }))).toMatchObject({ ok: false, reason: "invalid", error: { code: "malformed_response" } });
    const once = registration(onceThenThrow("questions", questions, { requestId: "b", sessionId: "s1", ownerId: "c1" }));
    expect(registry.register(once)).toEqual({ ok: true });
    expect(registry.get("b")?.questions).toEqual(questions);
    expect(registry.resolve("b", pick).ok).toBe(true);
  });
});

describe("answers its types do not describe", () => {
  it("refuses an id that is not a string as unknown, quoting it by its kind", () => {
    const registry = new QuestionRegistry();
    expect(registry.resolve(untyped<string>(throwingProxy()), pick)).toEqual({ ok: false, reason: "unknown", message: "unknown or already-resolved AskUserQuestion request `an object`" });
  });

  it("refuses an outcome it cannot read, keeping the question pending", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    expect(registry.resolve("a", throwingProxy())).toMatchObject({ ok: false, reason: "invalid", error: { code: "malformed_response" } });
    expect(registry.get("a")?.validationError?.code).toBe("malformed_response");
    expect(registry.resolve("a", pick).ok).toBe(true);
  });

  it("writes a refused whole value without a placeholder, and a long key cut short", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    expect(registry.resolve("a", "yes")).toMatchObject({ error: { message: "invalid AskUserQuestion response: must be an object" } });
    const refused = registry.resolve("a", { outcome: "answered", answers: { ["k".repeat(1_000)]: { kind: "guess" } } });
    expect(refused.ok === false && refused.reason === "invalid" && refused.error.message).toMatch(/^invalid AskUserQuestion response: \/answers\/k{64}…/);
  });
});

describe("cancellations its types do not describe", () => {
  it("cancels nothing for a reason spec 4.8 does not name", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    const reason = untyped<"interrupt">("bored");
    expect([registry.cancel("a", reason), registry.cancelAll(reason), registry.cancelSession("s1", reason), registry.cancelRequests(["a"], reason)]).toEqual([[], [], [], []]);
    expect(registry.size).toBe(1);
  });

  it("cancels nothing for an iterable that throws, or ids that are not strings", () => {
    const registry = new QuestionRegistry();
    registry.register(question("a"));
    const failing: Iterable<string> = {
      *[Symbol.iterator]() {
        yield "a";
        throw new Error("x");
      },
    };
    expect(registry.cancelRequests(failing, "interrupt")).toEqual([]);
    expect(registry.cancelRequests(untyped<string[]>(throwingProxy()), "interrupt")).toEqual([]);
    expect(registry.cancelRequests(untyped<string[]>([1, null, "zzz"]), "interrupt")).toEqual([]);
    expect(registry.cancelSession(untyped<string>(7), "interrupt")).toEqual([]);
    expect(registry.expire(untyped<number>("later"))).toEqual([]);
    expect(registry.size).toBe(1);
  });
});
