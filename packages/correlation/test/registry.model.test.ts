import type { AskUserCancellationReason, AskUserQuestionSpec } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppServerQuestions, QuestionRegistry, type Resolution } from "@app-server-protocol/correlation";
import { untyped } from "./support/untyped.js";

// The indexed registry and connection against the simplest implementation
// there is: an array in registration order, scanned by every operation, as
// the package once did. Long random interleavings must give the same result,
// in the same order, for every operation.

const questions: AskUserQuestionSpec[] = [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }], allow_free_text: false }];
const valid = { outcome: "answered", answers: { q: { kind: "selected", option_id: "y" } } };
const OUTCOMES: unknown[] = [valid, { outcome: "answered", answers: { q: { kind: "text", text: "no" } } }, { outcome: "rejected" }, "not an outcome"];
const IDS = ["a", "b", "c", "d", "e", "f"];
const SESSIONS = ["s1", "s2"];
const TURNS = ["t1", "t2", null, undefined];
const OWNERS = ["c1", "c2"];
const REASONS: AskUserCancellationReason[] = ["interrupt", "shutdown"];

interface Model {
  readonly requestId: string;
  readonly sessionId: string;
  readonly turnId: string | null | undefined;
  readonly ownerId: string;
  readonly deadline: number | undefined;
}

/** The reference: an array in registration order. */
class ArrayRegistry {
  records: Model[] = [];

  cancelWhere(matches: (record: Model) => boolean, reason: AskUserCancellationReason): Resolution[] {
    const ended = this.records.filter(matches);
    this.records = this.records.filter((record) => !matches(record));
    return ended.map(({ requestId }) => ({ requestId, outcome: { outcome: "cancelled", reason } }));
  }

  nextDeadline(): number | undefined {
    const deadlines = this.records.flatMap((record) => (record.deadline === undefined ? [] : [record.deadline]));
    return deadlines.length === 0 ? undefined : Math.min(...deadlines);
  }
}

const pick = <T>(items: readonly T[]) => fc.constantFrom(...items);
const step = fc.oneof(
  fc.record({ op: fc.constant("register" as const), id: pick(IDS), session: pick(SESSIONS), turn: pick(TURNS), owner: pick(OWNERS), deadline: fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined }) }),
  fc.record({ op: fc.constant("resolve" as const), id: pick(IDS), outcome: pick(OUTCOMES), session: fc.option(pick(SESSIONS), { nil: undefined }) }),
  fc.record({ op: fc.constant("cancel" as const), id: pick(IDS), reason: pick(REASONS) }),
  fc.record({ op: fc.constant("cancelRequests" as const), ids: fc.array(pick(IDS), { maxLength: 4 }), reason: pick(REASONS) }),
  fc.record({ op: fc.constant("cancelSession" as const), key: pick(SESSIONS), reason: pick(REASONS) }),
  fc.record({ op: fc.constant("cancelTurn" as const), key: pick(TURNS), reason: pick(REASONS) }),
  fc.record({ op: fc.constant("cancelOwner" as const), key: pick(OWNERS), reason: pick(REASONS) }),
  fc.record({ op: fc.constant("cancelAll" as const), reason: pick(REASONS) }),
  fc.record({ op: fc.constant("expire" as const), now: fc.integer({ min: 0, max: 60 }) }),
);

describe("QuestionRegistry against an array, model-based", () => {
  it("gives every operation the array's result, in the array's order", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 200 }), (steps) => {
        const registry = new QuestionRegistry();
        const model = new ArrayRegistry();
        for (const next of steps) {
          switch (next.op) {
            case "register": {
              const duplicate = model.records.some((record) => record.requestId === next.id);
              const turn = next.turn === undefined ? {} : { turnId: next.turn };
              const deadline = next.deadline === undefined ? {} : { deadline: next.deadline };
              const result = registry.register({ requestId: next.id, sessionId: next.session, ownerId: next.owner, questions, ...turn, ...deadline });
              expect(result.ok).toBe(!duplicate);
              if (!duplicate) model.records.push({ requestId: next.id, sessionId: next.session, turnId: next.turn, ownerId: next.owner, deadline: next.deadline });
              break;
            }
            case "resolve": {
              const record = model.records.find((candidate) => candidate.requestId === next.id);
              const result = registry.resolve(next.id, next.outcome, next.session);
              const accepted = record !== undefined && (next.session === undefined || next.session === record.sessionId) && (next.outcome === valid || OUTCOMES.indexOf(next.outcome) === 2);
              expect(result.ok).toBe(accepted);
              if (accepted) model.records = model.records.filter((candidate) => candidate !== record);
              break;
            }
            case "cancel":
              expect(registry.cancel(next.id, next.reason)).toEqual(model.cancelWhere((record) => record.requestId === next.id, next.reason));
              break;
            case "cancelRequests":
              expect(registry.cancelRequests(next.ids, next.reason)).toEqual(model.cancelWhere((record) => next.ids.includes(record.requestId), next.reason));
              break;
            case "cancelSession":
              expect(registry.cancelSession(next.key, next.reason)).toEqual(model.cancelWhere((record) => record.sessionId === next.key, next.reason));
              break;
            case "cancelTurn":
              // A question without a turn is cancelled with the others registered as it was (`null`, or no turn at all).
              expect(registry.cancelTurn(untyped<string>(next.key), next.reason)).toEqual(model.cancelWhere((record) => record.turnId === next.key, next.reason));
              break;
            case "cancelOwner":
              expect(registry.cancelOwner(next.key, next.reason)).toEqual(model.cancelWhere((record) => record.ownerId === next.key, next.reason));
              break;
            case "cancelAll":
              expect(registry.cancelAll(next.reason)).toEqual(model.cancelWhere(() => true, next.reason));
              break;
            case "expire":
              expect(registry.expire(next.now)).toEqual(model.cancelWhere((record) => record.deadline !== undefined && record.deadline <= next.now, "timeout"));
              break;
          }
          expect(registry.pending().map((pending) => pending.requestId)).toEqual(model.records.map((record) => record.requestId));
          expect(registry.nextDeadline()).toBe(model.nextDeadline());
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("AppServerQuestions against an array, model-based", () => {
  const connectionStep = fc.oneof(
    fc.record({ op: fc.constant("send" as const), now: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ op: fc.constant("expire" as const), now: fc.integer({ min: 0, max: 200 }) }),
    fc.record({ op: fc.constant("answer" as const), envelope: fc.nat({ max: 30 }) }),
    fc.record({ op: fc.constant("close" as const) }),
  );
  const ended = (entries: readonly { requestId: string }[], reason: AskUserCancellationReason): Resolution[] =>
    entries.map(({ requestId }) => ({ requestId, outcome: { outcome: "cancelled", reason } }));

  it("times out and closes in send order, whatever order the clock gives", () => {
    fc.assert(
      fc.property(fc.array(connectionStep, { maxLength: 150 }), (steps) => {
        const registry = new QuestionRegistry();
        const loop = new AppServerQuestions(registry, { waitMs: 50 });
        let outstanding: { envelope: string; requestId: string; giveUpAt: number }[] = [];
        let sent = 0;
        for (const next of steps) {
          if (next.op === "send") {
            sent += 1;
            const requestId = `ask-${sent}`;
            registry.register({ requestId, sessionId: "s1", ownerId: "c1", questions });
            expect(loop.send({ session_id: "s1", request_id: requestId, questions }, next.now).id).toBe(`srv-ask-user-${sent}`);
            outstanding.push({ envelope: `srv-ask-user-${sent}`, requestId, giveUpAt: next.now + 50 });
          } else if (next.op === "expire") {
            expect(loop.expire(next.now)).toEqual(ended(outstanding.filter((entry) => entry.giveUpAt <= next.now), "timeout"));
            outstanding = outstanding.filter((entry) => entry.giveUpAt > next.now);
          } else if (next.op === "answer") {
            const envelope = `srv-ask-user-${next.envelope}`;
            const entry = outstanding.find((candidate) => candidate.envelope === envelope);
            const verdict = loop.receive({ type: "response", id: envelope, result: { status: "error", code: "internal_error", message: "no" } });
            expect(verdict).toEqual(entry === undefined ? { kind: "dropped" } : { kind: "resolved", resolution: ended([entry], "client_closed")[0] });
            outstanding = outstanding.filter((candidate) => candidate !== entry);
          } else {
            expect(loop.close()).toEqual(ended(outstanding, "disconnect"));
            outstanding = [];
          }
          expect(loop.pendingEnvelopeIds()).toEqual(outstanding.map((entry) => entry.envelope));
          expect(registry.size).toBe(outstanding.length);
          const giveUps = outstanding.map((entry) => entry.giveUpAt);
          expect(loop.nextDeadline()).toBe(giveUps.length === 0 ? undefined : Math.min(...giveUps));
        }
      }),
      { numRuns: 300 },
    );
  });
});
