import type { AskUserCancellationReason, AskUserQuestionRequest } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppServerQuestions, QuestionRegistry, StreamJsonQuestions, UNKNOWN_REQUEST_ERROR, type Resolution } from "@app-server-protocol/correlation";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";

// Model-based tests: long random interleavings of registrations, answers
// (valid, invalid, legacy, duplicate, stale), cancellations, timeouts, the
// end of a turn and close, checked against a model after every step. Every
// question must end exactly once, an invalid answer must never lose a
// question, and the same input must always get the same rejection.

const SESSIONS = ["s1", "s2"];
const TURNS = ["t1", "t2", "t3"];

function requestFor(n: number): AskUserQuestionRequest {
  return {
    session_id: SESSIONS[n % SESSIONS.length] ?? "s1",
    turn_id: TURNS[n % TURNS.length] ?? "t1",
    request_id: `ask-${n}`,
    question: `Question ${n}?`,
    options: ["Yes", "No"],
  };
}

/** Everything that happened to the questions, as the system reported it. */
class Journal {
  readonly ended = new Map<string, Resolution["outcome"]>();

  record(resolutions: readonly Resolution[]): void {
    for (const { requestId, outcome } of resolutions) {
      expect(this.ended.has(requestId), `${requestId} ended twice`).toBe(false);
      this.ended.set(requestId, outcome);
    }
  }
}

interface AppServerModel {
  /** Envelopes outstanding on the connection: their question and when the loop gives up. */
  outstanding: Map<string, { requestId: string; giveUpAt: number }>;
  /** Questions the core still waits on, and their deadlines. */
  core: Map<string, number>;
  /** Envelope ids that ended (answered, expired) and so must be dropped. */
  finished: Set<string>;
  registered: Set<string>;
  now: number;
  next: number;
}

interface AppServerReal {
  registry: QuestionRegistry;
  loop: AppServerQuestions;
  journal: Journal;
}

type AppServerCommand = fc.Command<AppServerModel, AppServerReal>;

const CORE_WAIT = 60_000;
const LOOP_WAIT = 300_000;

const respond = (real: AppServerReal, id: string, data: unknown) => real.loop.receive({ type: "response", id, result: { status: "success", data } });

/** Outstanding envelopes whose question the core still waits on, or already ended. */
function outstandingWhere(model: AppServerModel, corePending: boolean): [string, string][] {
  return [...model.outstanding.entries()].filter(([, entry]) => model.core.has(entry.requestId) === corePending).map(([envelope, entry]) => [envelope, entry.requestId]);
}

function pick<T>(items: readonly T[], index: number): T | undefined {
  return items.length === 0 ? undefined : items[index % items.length];
}

function finish(model: AppServerModel, envelope: string): void {
  const entry = model.outstanding.get(envelope);
  model.outstanding.delete(envelope);
  if (entry !== undefined) model.core.delete(entry.requestId);
  model.finished.add(envelope);
}

const appServerCommands: fc.Arbitrary<AppServerCommand>[] = [
  fc.constant<AppServerCommand>({
    check: () => true,
    run(model, real) {
      const request = requestFor(model.next);
      model.next += 1;
      const registered = real.registry.register({
        requestId: request.request_id,
        sessionId: request.session_id ?? "",
        turnId: request.turn_id ?? null,
        ownerId: "c1",
        questions: canonicalQuestions(request),
        deadline: model.now + CORE_WAIT,
      });
      expect(registered).toEqual({ ok: true });
      const sent = real.loop.send(request, model.now);
      model.outstanding.set(sent.id, { requestId: request.request_id, giveUpAt: model.now + LOOP_WAIT });
      model.core.set(request.request_id, model.now + CORE_WAIT);
      model.registered.add(request.request_id);
    },
    toString: () => "register and send",
  }),
  fc.nat().map<AppServerCommand>((index) => ({
    check: (model) => model.core.size > 0,
    run(model, real) {
      const requestId = pick([...model.core.keys()], index) ?? "";
      const deadline = model.core.get(requestId);
      expect(real.registry.register({ requestId, sessionId: "s9", ownerId: "c2", questions: canonicalQuestions(requestFor(0)) })).toMatchObject({ ok: false, reason: "duplicate" });
      expect(real.registry.get(requestId)?.deadline).toBe(deadline);
    },
    toString: () => `register a duplicate of pending #${index}`,
  })),
  fc.tuple(fc.nat(), fc.constantFrom("Yes", "No", "option-1", "free text")).map<AppServerCommand>(([index, answer]) => ({
    check: (model) => outstandingWhere(model, true).length > 0,
    run(model, real) {
      const [envelope, requestId] = pick(outstandingWhere(model, true), index) ?? ["", ""];
      const verdict = respond(real, envelope, { request_id: requestId, answer });
      expect(verdict.kind).toBe("resolved");
      if (verdict.kind === "resolved") real.journal.record([verdict.resolution]);
      finish(model, envelope);
    },
    toString: () => `legacy answer ${JSON.stringify(answer)} to pending #${index}`,
  })),
  fc.nat().map<AppServerCommand>((index) => ({
    check: (model) => outstandingWhere(model, true).length > 0,
    run(model, real) {
      const [envelope, requestId] = pick(outstandingWhere(model, true), index) ?? ["", ""];
      const outcome = { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } as const;
      const verdict = respond(real, envelope, { request_id: requestId, outcome });
      expect(verdict).toEqual({ kind: "resolved", resolution: { requestId, outcome } });
      if (verdict.kind === "resolved") real.journal.record([verdict.resolution]);
      finish(model, envelope);
    },
    toString: () => `canonical answer to pending #${index}`,
  })),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<unknown>(
        { outcome: "answered", answers: {} },
        { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-9" } } },
        { outcome: "later" },
        "yes",
      ),
    )
    .map<AppServerCommand>(([index, outcome]) => ({
      check: (model) => model.outstanding.size > 0,
      run(model, real) {
        const [envelope, requestId] = pick([...model.outstanding.entries()].map(([id, entry]): [string, string] => [id, entry.requestId]), index) ?? ["", ""];
        const first = respond(real, envelope, { request_id: requestId, outcome });
        expect(first.kind).toBe("retry");
        expect(respond(real, envelope, { request_id: requestId, outcome })).toEqual(first);
        expect(real.registry.get(requestId) !== undefined).toBe(model.core.has(requestId));
      },
      toString: () => `invalid answer ${JSON.stringify(outcome)}, twice, to outstanding #${index}`,
    })),
  fc.nat().map<AppServerCommand>((index) => ({
    check: (model) => model.outstanding.size > 0,
    run(model, real) {
      const envelope = pick([...model.outstanding.keys()], index) ?? "";
      expect(respond(real, envelope, { request_id: "someone-else", answer: "Yes" })).toMatchObject({ kind: "retry", error: { code: "request_id_mismatch" } });
    },
    toString: () => `mismatched request id to outstanding #${index}`,
  })),
  fc.nat().map<AppServerCommand>((index) => ({
    check: (model) => model.finished.size > 0,
    run(model, real) {
      expect(respond(real, pick([...model.finished], index) ?? "", { request_id: "any", answer: "Yes" })).toEqual({ kind: "dropped" });
    },
    toString: () => `duplicate or stale answer #${index}`,
  })),
  fc.constant<AppServerCommand>({
    check: () => true,
    run(model, real) {
      expect(respond(real, `srv-ask-user-${1_000_000 + model.next}`, { request_id: "x", answer: "Yes" })).toEqual({ kind: "dropped" });
    },
    toString: () => "answer to an id never issued",
  }),
  fc.nat().map<AppServerCommand>((index) => ({
    check: (model) => outstandingWhere(model, false).length > 0,
    run(model, real) {
      const [envelope, requestId] = pick(outstandingWhere(model, false), index) ?? ["", ""];
      expect(respond(real, envelope, { request_id: requestId, answer: "Yes" })).toMatchObject({ kind: "refused", requestId });
      finish(model, envelope);
    },
    toString: () => `answer to a question the core already ended #${index}`,
  })),
  fc
    .tuple(fc.constantFrom("session", "turn", "request", "all"), fc.nat(), fc.constantFrom<AskUserCancellationReason>("interrupt", "session_closed", "shutdown"))
    .map<AppServerCommand>(([scope, index, reason]) => ({
      check: () => true,
      run(model, real) {
        const target = pick([...model.core.keys()], index) ?? "none";
        const resolutions =
          scope === "session"
            ? real.registry.cancelSession(pick(SESSIONS, index) ?? "", reason)
            : scope === "turn"
              ? real.registry.cancelTurn(pick(TURNS, index) ?? "", reason)
              : scope === "request"
                ? real.registry.cancel(target, reason)
                : real.registry.cancelAll(reason);
        real.journal.record(resolutions);
        for (const resolution of resolutions) {
          expect(resolution.outcome).toEqual({ outcome: "cancelled", reason });
          expect(model.core.delete(resolution.requestId)).toBe(true);
        }
      },
      toString: () => `cancel by ${scope} #${index} (${reason})`,
    })),
  fc.integer({ min: 1, max: 400_000 }).map<AppServerCommand>((elapsed) => ({
    check: () => true,
    run(model, real) {
      model.now += elapsed;
      const fromCore = real.registry.expire(model.now);
      real.journal.record(fromCore);
      for (const resolution of fromCore) expect(model.core.delete(resolution.requestId)).toBe(true);
      const fromLoop = real.loop.expire(model.now);
      real.journal.record(fromLoop);
      expect(fromLoop).toEqual([]);
      for (const [envelope, entry] of [...model.outstanding]) if (entry.giveUpAt <= model.now) finish(model, envelope);
      expect(real.loop.size).toBe(model.outstanding.size);
    },
    toString: () => `advance the clock by ${elapsed} ms`,
  })),
];

describe("app-server correlation, model-based", () => {
  it("ends every question exactly once over long random interleavings", () => {
    fc.assert(
      fc.property(fc.commands(appServerCommands, { maxCommands: 120 }), (commands) => {
        const model: AppServerModel = { outstanding: new Map(), core: new Map(), finished: new Set(), registered: new Set(), now: 0, next: 1 };
        const registry = new QuestionRegistry();
        const real: AppServerReal = { registry, loop: new AppServerQuestions(registry), journal: new Journal() };
        fc.modelRun(() => ({ model, real }), commands);
        real.journal.record([...real.loop.close(), ...real.registry.cancelAll("shutdown")]);
        expect(registry.size).toBe(0);
        expect(real.loop.size).toBe(0);
        expect([...real.journal.ended.keys()].sort()).toEqual([...model.registered].sort());
      }),
      { numRuns: 200 },
    );
  });
});

interface StreamModel {
  pending: Set<string>;
  ended: Set<string>;
  asked: Set<string>;
  closed: boolean;
  next: number;
}

interface StreamReal {
  cli: StreamJsonQuestions;
  journal: Journal;
}

type StreamCommand = fc.Command<StreamModel, StreamReal>;

const stamp = { sequence: 0, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "s1", timestamp: "2026-08-05T12:00:00Z" };
const line = (requestId: string, response: unknown) => JSON.stringify({ type: "server_response", request_id: requestId, response });
const pickFrom = (set: Set<string>, pick: number) => [...set][pick % set.size] ?? "";

const streamCommands: fc.Arbitrary<StreamCommand>[] = [
  fc.constant<StreamCommand>({
    check: () => true,
    run(model, real) {
      const request = { ...requestFor(model.next), session_id: "s1" };
      model.next += 1;
      const verdict = real.cli.ask(request, stamp);
      if (model.closed) {
        expect(verdict).toEqual({ kind: "answered", response: { request_id: request.request_id, outcome: { outcome: "cancelled", reason: "disconnect" } } });
        return;
      }
      expect(verdict.kind).toBe("forwarded");
      model.pending.add(request.request_id);
      model.asked.add(request.request_id);
    },
    toString: () => "ask",
  }),
  fc.nat().map<StreamCommand>((pick) => ({
    check: (model) => model.pending.size > 0,
    run(model, real) {
      const requestId = pickFrom(model.pending, pick);
      const verdict = real.cli.receive(line(requestId, { outcome: "clarify" }));
      expect(verdict.class).toBe("accepted");
      if (verdict.resolution !== undefined) real.journal.record([verdict.resolution]);
      model.pending.delete(requestId);
      model.ended.add(requestId);
    },
    toString: () => `valid answer to pending #${pick}`,
  })),
  fc.tuple(fc.nat(), fc.constantFrom(["invalid_outcome", { outcome: "answered", answers: {} }], ["undecodable_response", { answer: "Yes" }], ["undecodable_response", 42])).map<StreamCommand>(([pick, [expected, response]]) => ({
    check: (model) => model.pending.size > 0,
    run(model, real) {
      const requestId = pickFrom(model.pending, pick);
      const first = real.cli.receive(line(requestId, response));
      expect(first.class).toBe(expected);
      expect(real.cli.receive(line(requestId, response))).toEqual(first);
      expect(model.pending.has(requestId)).toBe(true);
    },
    toString: () => `bad answer (${String(expected)}) to pending #${pick}`,
  })),
  fc.nat().map<StreamCommand>((pick) => ({
    check: (model) => model.ended.size > 0,
    run(model, real) {
      const requestId = pickFrom(model.ended, pick);
      const verdict = real.cli.receive(line(requestId, { outcome: "rejected" }));
      expect(verdict).toEqual({ class: "unknown_request", reply: { type: "control_response", response: { subtype: "error", request_id: requestId, error: UNKNOWN_REQUEST_ERROR } } });
    },
    toString: () => `duplicate answer to ended #${pick}`,
  })),
  fc.constant<StreamCommand>({
    check: () => true,
    run(model, real) {
      expect(real.cli.receive(line(`never-${model.next}`, { outcome: "rejected" })).class).toBe("unknown_request");
    },
    toString: () => "stale answer",
  }),
  fc.constant<StreamCommand>({
    check: () => true,
    run(model, real) {
      const resolutions = real.cli.endTurn();
      real.journal.record(resolutions);
      expect(resolutions.map((resolution) => resolution.requestId).sort()).toEqual([...model.pending].sort());
      expect(resolutions.every(({ outcome }) => outcome.outcome === "cancelled" && outcome.reason === "disconnect")).toBe(true);
      for (const id of model.pending) model.ended.add(id);
      model.pending.clear();
    },
    toString: () => "end turn",
  }),
  fc.constant<StreamCommand>({
    check: (model) => !model.closed,
    run(model, real) {
      const resolutions = real.cli.close();
      real.journal.record(resolutions);
      expect(resolutions.map((resolution) => resolution.requestId).sort()).toEqual([...model.pending].sort());
      for (const id of model.pending) model.ended.add(id);
      model.pending.clear();
      model.closed = true;
    },
    toString: () => "close stdin",
  }),
];

describe("stream-JSON correlation, model-based", () => {
  it("classifies every host line as spec 5.5 says and ends every question exactly once", () => {
    fc.assert(
      fc.property(fc.commands(streamCommands, { maxCommands: 100 }), (commands) => {
        const model: StreamModel = { pending: new Set(), ended: new Set(), asked: new Set(), closed: false, next: 1 };
        const real: StreamReal = { cli: new StreamJsonQuestions({ sessionId: "s1" }), journal: new Journal() };
        fc.modelRun(() => ({ model, real }), commands);
        real.journal.record(real.cli.close());
        expect([...real.journal.ended.keys()].sort()).toEqual([...model.asked].sort());
      }),
      { numRuns: 200 },
    );
  });
});
