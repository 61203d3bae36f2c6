import type { AskUserCancellationReason, AskUserOutcomeCancelled, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import { checkOutcome, isAskUserResponseOutcome, jsonSnapshot } from "@app-server-protocol/validators";
import { isCancellationReason } from "./cancellation-reason.js";
import { pendingQuestionFrom, registrationFields, type PendingQuestion } from "./pending-question.js";
import { undecodableOutcome } from "./outcome-failure.js";
import { attempt } from "./support/attempt.js";
import { DeadlineQueue, type Scheduled } from "./support/deadline-queue.js";
import { GroupIndex, type Linked } from "./support/group-index.js";
import { quotedId } from "./support/preview.js";

export type { PendingQuestion } from "./pending-question.js";

/** A pending question and the last validation error of an answer to it, if any. */
export interface PendingState extends PendingQuestion {
  /** Why the last answer was refused: what a server re-sends as `validation_error`. */
  readonly validationError: AskUserValidationError | null;
}

/** The final outcome of one question, delivered exactly once. */
export interface Resolution {
  readonly requestId: string;
  readonly outcome: AskUserResponseOutcome;
}

/** The verdict on a registration. */
export type RegisterResult =
  | { readonly ok: true }
  /** The id is already pending: the existing record stays, and the new call ends with `outcome`. */
  | { readonly ok: false; readonly reason: "duplicate"; readonly outcome: AskUserOutcomeCancelled }
  /** The questions break a request rule (spec 4.2), or a field is not of its type (`malformed_response`): nothing is registered. */
  | { readonly ok: false; readonly reason: "invalid"; readonly error: AskUserValidationError; readonly outcome: AskUserOutcomeCancelled };

/** The verdict on an answer. */
export type ResolveResult =
  | { readonly ok: true; readonly resolution: Resolution }
  /** No such question is pending (never registered, already resolved or cancelled). */
  | { readonly ok: false; readonly reason: "unknown"; readonly message: string }
  /** The answer comes from another session than the question's. */
  | { readonly ok: false; readonly reason: "wrong_session"; readonly message: string }
  /** The outcome breaks a rule of spec 4.3; the question stays pending and may be answered again. */
  | { readonly ok: false; readonly reason: "invalid"; readonly error: AskUserValidationError };

const cancelled = (reason: AskUserCancellationReason): AskUserOutcomeCancelled => ({ outcome: "cancelled", reason });

/**
 * The core's pending-question registry (spec 4.7, 4.8): keyed by the
 * question's `request_id`, it delivers every question's outcome exactly once,
 * whether answered or cancelled. It keeps no timers: the caller passes the
 * clock to `expire` and schedules its own wake-up from `nextDeadline`.
 * Registering, resolving and cancelling one question cost O(1) (O(log n)
 * with a deadline); cancelling a session, turn, owner, list or all, and
 * expiring, cost what they cancel; every list comes in registration order.
 *
 * @example
 * ```ts
 * import { QuestionRegistry } from "@app-server-protocol/correlation";
 *
 * const registry = new QuestionRegistry();
 * const questions = [{ id: "db", question: "Which database?", header: "Database", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false }];
 * registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "conn-1", questions, deadline: 300_000 }); // => { ok: true }
 * registry.resolve("ask-1", { outcome: "answered", answers: { db: { kind: "text", text: "MySQL" } } }).ok; // => false
 * registry.size; // => 1
 * registry.resolve("ask-1", { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } }).ok; // => true
 * registry.resolve("ask-1", { outcome: "rejected" }); // => { ok: false, reason: "unknown", message: "unknown or already-resolved AskUserQuestion request `ask-1`" }
 * ```
 */
export class QuestionRegistry {
  /** Pending questions by id, in registration order. */
  private readonly records = new Map<string, Entry>();
  private readonly bySession = new GroupIndex<string, Entry>(0, (entry) => entry.state.sessionId);
  private readonly byTurn = new GroupIndex<string | null | undefined, Entry>(1, (entry) => entry.state.turnId);
  private readonly byOwner = new GroupIndex<string, Entry>(2, (entry) => entry.state.ownerId);
  private readonly deadlines = new DeadlineQueue<string>();
  private registrations = 0;

  /** How many questions are pending. */
  get size(): number {
    return this.records.size;
  }

  /**
   * Registers a question. A pending id is refused and its record kept; so
   * are questions that break a request rule, and a registration whose fields
   * are not of their types (`malformed_response`). Reads each field of
   * `question` once and keeps a copy: the questions and the capability as
   * JSON data (`jsonSnapshot`), never the caller's objects. Never throws.
   */
  register(question: PendingQuestion): RegisterResult {
    const fields = registrationFields(question);
    const requestId = fields?.requestId;
    if (fields === undefined || typeof requestId !== "string") {
      return refusedRegistration({ code: "malformed_response", message: "invalid pending question: `requestId` must be a string" });
    }
    if (this.records.has(requestId)) return { ok: false, reason: "duplicate", outcome: cancelled("delivery_failed") };
    const read = pendingQuestionFrom(requestId, fields);
    if (!read.ok) return refusedRegistration(read.error);
    const state: PendingState = { ...read.question, validationError: null };
    const seq = this.registrations;
    this.registrations += 1;
    const deadline = state.deadline === undefined ? undefined : this.deadlines.schedule(requestId, seq, state.deadline);
    const entry: Entry = { seq, state, links: [undefined, undefined, undefined, undefined, undefined, undefined], deadline };
    this.bySession.add(entry);
    this.byTurn.add(entry);
    this.byOwner.add(entry);
    this.records.set(requestId, entry);
    return { ok: true };
  }

  /**
   * Resolves a question with an outcome. Unknown ids and another session's
   * answers are refused; an outcome that breaks a rule of spec 4.3 is refused
   * and the question stays pending, with the error kept as its
   * `validationError`. The outcome is read once, into JSON data
   * (`jsonSnapshot`): it is judged as read and the resolution holds that
   * copy; one with no snapshot is `malformed_response`. Never throws.
   */
  resolve(requestId: string, outcome: unknown, sessionId?: string): ResolveResult {
    const entry = this.records.get(requestId);
    if (entry === undefined) return { ok: false, reason: "unknown", message: `unknown or already-resolved AskUserQuestion request ${quotedId(requestId)}` };
    const { state } = entry;
    if (sessionId !== undefined && sessionId !== "" && sessionId !== state.sessionId) {
      return { ok: false, reason: "wrong_session", message: `AskUserQuestion request ${quotedId(requestId)} belongs to another session` };
    }
    const read = jsonSnapshot(outcome);
    if (!read.ok) return refuse(entry, { code: "malformed_response", message: `invalid AskUserQuestion response: ${read.error.message}` });
    if (!isAskUserResponseOutcome(read.value)) return refuse(entry, undecodableOutcome(read.value));
    const error = checkOutcome(state.questions, read.value);
    if (error !== null) return refuse(entry, error);
    this.remove(entry);
    return { ok: true, resolution: { requestId, outcome: read.value } };
  }

  /** The pending question with this id. */
  get(requestId: string): PendingState | undefined {
    return this.records.get(requestId)?.state;
  }

  /** Every pending question, in registration order. */
  pending(): PendingState[] {
    return Array.from(this.records.values(), (entry) => entry.state);
  }

  /** Cancels one question. */
  cancel(requestId: string, reason: AskUserCancellationReason): Resolution[] {
    const entry = this.records.get(requestId);
    return entry === undefined ? [] : this.cancelEntries([entry], reason);
  }

  /**
   * Cancels the questions with these ids, in registration order. An array is
   * read once into JSON data (`jsonSnapshot`), so one with holes (however
   * large its `length`) cancels nothing, as does an iterable that throws;
   * another iterable is read to its end.
   */
  cancelRequests(requestIds: Iterable<string>, reason: AskUserCancellationReason): Resolution[] {
    const ids = requestIdsOf(requestIds);
    const found = new Set<Entry>();
    for (const id of ids) {
      const entry = typeof id === "string" ? this.records.get(id) : undefined;
      if (entry !== undefined) found.add(entry);
    }
    return this.cancelEntries([...found].sort(bySeq), reason);
  }

  /** Cancels every question of a session. */
  cancelSession(sessionId: string, reason: AskUserCancellationReason): Resolution[] {
    return typeof sessionId === "string" ? this.cancelEntries(this.bySession.members(sessionId), reason) : [];
  }

  /** Cancels every question of a turn. */
  cancelTurn(turnId: string, reason: AskUserCancellationReason): Resolution[] {
    return isTurnKey(turnId) ? this.cancelEntries(this.byTurn.members(turnId), reason) : [];
  }

  /** Cancels every question sent to a connection. */
  cancelOwner(ownerId: string, reason: AskUserCancellationReason): Resolution[] {
    return typeof ownerId === "string" ? this.cancelEntries(this.byOwner.members(ownerId), reason) : [];
  }

  /** Cancels every pending question. */
  cancelAll(reason: AskUserCancellationReason): Resolution[] {
    if (!isCancellationReason(reason)) return [];
    const resolutions = Array.from(this.records.keys(), (requestId) => ({ requestId, outcome: cancelled(reason) }));
    this.records.clear();
    this.bySession.clear();
    this.byTurn.clear();
    this.byOwner.clear();
    this.deadlines.clear();
    return resolutions;
  }

  /** Cancels with `timeout` every question whose deadline is at or before `now` (milliseconds since the epoch). */
  expire(now: number): Resolution[] {
    if (typeof now !== "number") return [];
    const due = this.deadlines.takeDue(now).flatMap(({ key }) => this.records.get(key) ?? []);
    return this.cancelEntries(due.sort(bySeq), "timeout");
  }

  /** The earliest deadline of a pending question, for the caller's timer. */
  nextDeadline(): number | undefined {
    return this.deadlines.next();
  }

  /** Ends `entries` (pending, in the order to report) with `reason`; a reason spec 4.8 does not name cancels nothing. */
  private cancelEntries(entries: readonly Entry[], reason: AskUserCancellationReason): Resolution[] {
    if (!isCancellationReason(reason)) return [];
    return entries.map((entry) => {
      this.remove(entry);
      return { requestId: entry.state.requestId, outcome: cancelled(reason) };
    });
  }

  private remove(entry: Entry): void {
    this.records.delete(entry.state.requestId);
    this.bySession.remove(entry);
    this.byTurn.remove(entry);
    this.byOwner.remove(entry);
    this.deadlines.cancel(entry.deadline);
  }
}

/** A pending question, when it was registered (which orders every report), and its places in the indexes. */
interface Entry extends Linked<Entry> {
  readonly seq: number;
  state: PendingState;
  readonly deadline: Scheduled<string> | undefined;
}

const bySeq = (a: Entry, b: Entry): number => a.seq - b.seq;

/** Refuses an answer; the question stays pending with the error to re-send. */
function refuse(entry: Entry, error: AskUserValidationError): ResolveResult {
  entry.state = { ...entry.state, validationError: error };
  return { ok: false, reason: "invalid", error };
}

function refusedRegistration(error: AskUserValidationError): RegisterResult {
  return { ok: false, reason: "invalid", error, outcome: cancelled("delivery_failed") };
}

/** The ids an iterable names: an array read as JSON data, any other iterable read to its end; none when reading throws. */
function requestIdsOf(requestIds: Iterable<string>): readonly unknown[] {
  return attempt(
    (): readonly unknown[] => {
      if (!Array.isArray(requestIds)) return Array.from(requestIds);
      const read = jsonSnapshot(requestIds);
      return read.ok && Array.isArray(read.value) ? read.value : [];
    },
    (): unknown[] => [],
  );
}

/** A turn the index can hold: questions without a turn are grouped under `null` or `undefined`, as they were registered. */
function isTurnKey(value: unknown): value is string | null | undefined {
  return value === undefined || value === null || typeof value === "string";
}
