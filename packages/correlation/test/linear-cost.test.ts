import { afterEach, describe, expect, it } from "vitest";
import { AppServerQuestions, QuestionRegistry, StreamJsonQuestions } from "@app-server-protocol/correlation";

// Cost measured as work, not time: every iteration of a Map or a Set that
// starts while an operation runs is counted with the size of what it
// iterates. A scan of all pending questions per cancellation (what made
// close() of 16,000 questions take seconds) shows as n per call; a registry
// whose operations cost what they affect shows as 0 for single ids and as
// the count affected for bulk ones. The bench script times the same.

const questions = [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }] }];
const stamp = { sequence: 0, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "s1", timestamp: "2026-08-05T12:00:00Z" };
const N = 3_000;

const ITERATORS: PropertyKey[] = ["keys", "values", "entries", "forEach", Symbol.iterator];
const restorers: (() => void)[] = [];
let visited = 0;

function sizeOf(collection: unknown): number {
  return collection instanceof Map || collection instanceof Set ? collection.size : 0;
}

/** Counts, from now until the test ends, the elements of every Map and Set iteration. */
function countIterations(): void {
  for (const prototype of [Map.prototype, Set.prototype]) {
    for (const key of ITERATORS) {
      const original: unknown = Reflect.get(prototype, key);
      if (typeof original !== "function") continue;
      Reflect.set(prototype, key, function counted(this: unknown, ...args: unknown[]): unknown {
        visited += sizeOf(this);
        return Reflect.apply(original, this, args);
      });
      restorers.push(() => Reflect.set(prototype, key, original));
    }
  }
}

/** What `run` returned, and the elements iterated while it ran (assertions stay outside, so only the package's work counts). */
function measured<T>(run: () => T): { readonly work: number; readonly value: T } {
  const before = visited;
  const value = run();
  return { work: visited - before, value };
}

afterEach(() => {
  for (const restore of restorers.splice(0)) restore();
});

/** A registry and a connection with `N` questions outstanding, in two sessions, turns and owners, deadlines in registration order. */
function loaded() {
  const registry = new QuestionRegistry();
  const loop = new AppServerQuestions(registry);
  const ids: string[] = [];
  const envelopes: string[] = [];
  for (let index = 0; index < N; index += 1) {
    const requestId = `ask-${index}`;
    const few = index < 3;
    registry.register({ requestId, sessionId: few ? "small" : "big", turnId: few ? "t-small" : "t-big", ownerId: few ? "c-small" : "c-big", questions, deadline: index });
    envelopes.push(loop.send({ session_id: few ? "small" : "big", request_id: requestId, questions }, index).id);
    ids.push(requestId);
  }
  return { registry, loop, ids, envelopes };
}

describe("operations cost what they affect", () => {
  it("cancels n questions one by one without scanning the pending ones", () => {
    const { registry, ids } = loaded();
    countIterations();
    const cancelled = measured(() => ids.flatMap((id) => registry.cancel(id, "interrupt")));
    expect(cancelled.work).toBe(0);
    expect(cancelled.value).toHaveLength(N);
    expect(registry.size).toBe(0);
  });

  it("cancels a small session, turn or owner, and a few ids, at the cost of those", () => {
    const bySession = loaded().registry;
    const byTurn = loaded().registry;
    const byOwner = loaded().registry;
    countIterations();
    const cancels = [
      measured(() => bySession.cancelSession("small", "session_closed")),
      measured(() => byTurn.cancelTurn("t-small", "interrupt")),
      measured(() => byOwner.cancelOwner("c-small", "disconnect")),
    ];
    for (const { work, value } of cancels) {
      expect(work).toBe(0);
      expect(value.map(({ requestId }) => requestId)).toEqual(["ask-0", "ask-1", "ask-2"]);
    }
    const listed = measured(() => byOwner.cancelRequests(["ask-7", "ask-5", "ask-7"], "interrupt"));
    expect(listed.work).toBeLessThanOrEqual(4);
    expect(listed.value.map(({ requestId }) => requestId)).toEqual(["ask-5", "ask-7"]);
  });

  it("expires the few questions due, and finds the next deadline, without scanning the rest", () => {
    const { registry, loop } = loaded();
    countIterations();
    const expired = measured(() => registry.expire(4));
    expect(expired.work).toBe(0);
    expect(expired.value.map(({ requestId }) => requestId)).toEqual(["ask-0", "ask-1", "ask-2", "ask-3", "ask-4"]);
    const next = measured(() => registry.nextDeadline());
    expect(next).toEqual({ work: 0, value: 5 });
    // The loop gives up 300 s after each send; the core already timed out the first five questions.
    const givenUp = measured(() => loop.expire(300_006));
    expect(givenUp.work).toBe(0);
    expect(givenUp.value).toEqual(["ask-5", "ask-6"].map((requestId) => ({ requestId, outcome: { outcome: "cancelled", reason: "timeout" } })));
    expect(loop.size).toBe(N - 7);
    expect(measured(() => loop.nextDeadline())).toEqual({ work: 0, value: 300_007 });
  });

  it("answers, and refuses answers, without scanning", () => {
    const { registry, loop, envelopes } = loaded();
    countIterations();
    const answers = measured(() => [
      registry.resolve("ask-9", { outcome: "answered", answers: {} }).ok,
      loop.receive({ type: "response", id: envelopes[10], result: { status: "success", data: { request_id: "ask-10", answer: "Yes" } } }).kind,
      loop.receive({ type: "response", id: "srv-ask-user-0", result: { status: "success" } }).kind,
    ]);
    expect(answers).toEqual({ work: 0, value: [false, "resolved", "dropped"] });
  });

  it("closes a connection and ends a turn at the cost of the questions they end", () => {
    const { loop } = loaded();
    const cli = new StreamJsonQuestions({ sessionId: "s1" });
    for (let index = 0; index < N; index += 1) cli.ask({ session_id: "s1", request_id: `R${index}`, questions }, stamp);
    countIterations();
    const closed = measured(() => loop.close());
    const ended = measured(() => cli.endTurn());
    expect(closed.work).toBeLessThanOrEqual(2 * N);
    expect(closed.value).toHaveLength(N);
    expect(ended.work).toBeLessThanOrEqual(2 * N);
    expect(ended.value).toHaveLength(N);
  });
});
