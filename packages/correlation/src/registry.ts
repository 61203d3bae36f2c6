import type {
  AskUserCancellationReason,
  AskUserOutcomeCancelled,
  AskUserQuestionSpec,
  AskUserResponseOutcome,
  AskUserValidationError,
  InteractiveQuestionsCapability,
} from "@app-server-protocol/types";
import { checkOutcome, checkQuestions, isAskUserResponseOutcome } from "@app-server-protocol/validators";

/** A question waiting for its answer, as the core registers it (spec 4.7). */
export interface PendingQuestion {
  /** The question's `request_id` (a UUID v4 in the reference); the registry's key. */
  readonly requestId: string;
  /** The session owning the turn. */
  readonly sessionId: string;
  /** The owning turn, when there is one. */
  readonly turnId?: string | null;
  /** The tool call that asked. */
  readonly toolUseId?: string;
  /** The connection (client) the question was sent to. */
  readonly ownerId: string;
  /** The owner's interactive-questions capability when the question was asked. */
  readonly capability?: InteractiveQuestionsCapability | null;
  /** When the question times out, in milliseconds since the epoch; absent for never. */
  readonly deadline?: number;
  /** The canonical questions. */
  readonly questions: readonly AskUserQuestionSpec[];
}

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
  /** The questions break a request rule (spec 4.2): nothing is registered. */
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
  private readonly records = new Map<string, PendingState>();

  /** How many questions are pending. */
  get size(): number {
    return this.records.size;
  }

  /** Registers a question. A pending id is refused and its record kept; so are questions that break a request rule. */
  register(question: PendingQuestion): RegisterResult {
    if (this.records.has(question.requestId)) return { ok: false, reason: "duplicate", outcome: cancelled("delivery_failed") };
    const error = checkQuestions(question.questions);
    if (error !== null) return { ok: false, reason: "invalid", error, outcome: cancelled("delivery_failed") };
    this.records.set(question.requestId, { ...question, validationError: null });
    return { ok: true };
  }

  /**
   * Resolves a question with an outcome. Unknown ids and another session's
   * answers are refused; an outcome that breaks a rule of spec 4.3 is refused
   * and the question stays pending, with the error kept as its
   * `validationError`. Never throws.
   */
  resolve(requestId: string, outcome: unknown, sessionId?: string): ResolveResult {
    const record = this.records.get(requestId);
    if (record === undefined) return { ok: false, reason: "unknown", message: `unknown or already-resolved AskUserQuestion request ${quote(requestId)}` };
    if (sessionId !== undefined && sessionId !== "" && sessionId !== record.sessionId) {
      return { ok: false, reason: "wrong_session", message: `AskUserQuestion request ${quote(requestId)} belongs to another session` };
    }
    const error = checkOutcome(record.questions, outcome);
    if (error === null && isAskUserResponseOutcome(outcome)) {
      this.records.delete(requestId);
      return { ok: true, resolution: { requestId, outcome } };
    }
    const refusal = error ?? { code: "malformed_response", message: "invalid AskUserQuestion response" };
    this.records.set(requestId, { ...record, validationError: refusal });
    return { ok: false, reason: "invalid", error: refusal };
  }

  /** The pending question with this id. */
  get(requestId: string): PendingState | undefined {
    return this.records.get(requestId);
  }

  /** Every pending question, in registration order. */
  pending(): PendingState[] {
    return [...this.records.values()];
  }

  /** Cancels one question. */
  cancel(requestId: string, reason: AskUserCancellationReason): Resolution[] {
    return this.cancelWhere((record) => record.requestId === requestId, reason);
  }

  /** Cancels the questions with these ids. */
  cancelRequests(requestIds: Iterable<string>, reason: AskUserCancellationReason): Resolution[] {
    const ids = new Set(requestIds);
    return this.cancelWhere((record) => ids.has(record.requestId), reason);
  }

  /** Cancels every question of a session. */
  cancelSession(sessionId: string, reason: AskUserCancellationReason): Resolution[] {
    return this.cancelWhere((record) => record.sessionId === sessionId, reason);
  }

  /** Cancels every question of a turn. */
  cancelTurn(turnId: string, reason: AskUserCancellationReason): Resolution[] {
    return this.cancelWhere((record) => record.turnId === turnId, reason);
  }

  /** Cancels every question sent to a connection. */
  cancelOwner(ownerId: string, reason: AskUserCancellationReason): Resolution[] {
    return this.cancelWhere((record) => record.ownerId === ownerId, reason);
  }

  /** Cancels every pending question. */
  cancelAll(reason: AskUserCancellationReason): Resolution[] {
    return this.cancelWhere(() => true, reason);
  }

  /** Cancels with `timeout` every question whose deadline is at or before `now` (milliseconds since the epoch). */
  expire(now: number): Resolution[] {
    return this.cancelWhere((record) => record.deadline !== undefined && record.deadline <= now, "timeout");
  }

  /** The earliest deadline of a pending question, for the caller's timer. */
  nextDeadline(): number | undefined {
    let next: number | undefined;
    for (const { deadline } of this.records.values()) if (deadline !== undefined && (next === undefined || deadline < next)) next = deadline;
    return next;
  }

  private cancelWhere(matches: (record: PendingState) => boolean, reason: AskUserCancellationReason): Resolution[] {
    const resolutions: Resolution[] = [];
    for (const record of [...this.records.values()]) {
      if (!matches(record)) continue;
      this.records.delete(record.requestId);
      resolutions.push({ requestId: record.requestId, outcome: cancelled(reason) });
    }
    return resolutions;
  }
}

function quote(id: string): string {
  return `\`${id.length > 64 ? `${id.slice(0, 64)}…` : id}\``;
}
