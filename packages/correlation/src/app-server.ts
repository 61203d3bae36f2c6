import { SERVER_REQUEST_TIMEOUT_SECONDS, type AskUserQuestionRequest, type AskUserValidationError, type ServerMessageRequest } from "@app-server-protocol/types";
import { answerOutcome, readResponse } from "./app-server/response.js";
import { emittedParams } from "./app-server/send.js";
import type { QuestionRegistry, Resolution } from "./registry.js";
import { DeadlineQueue, type Scheduled } from "./support/deadline-queue.js";
import { numberOption } from "./support/options.js";

/** What to do with a client's answer to an `ask_user/request` (spec 4.9). */
export type AnswerVerdict =
  /** The id is not pending (never sent, answered, timed out), or the value is no response envelope: drop it silently. */
  | { readonly kind: "dropped" }
  /** The answer was refused: re-send `message` (the same id, with `validation_error`); the question stays pending. */
  | { readonly kind: "retry"; readonly error: AskUserValidationError; readonly message: ServerMessageRequest }
  /** The core accepted the outcome: send the `ask_user_question_resolved` stream event. */
  | { readonly kind: "resolved"; readonly resolution: Resolution }
  /** A valid answer the core refused (the question already ended): send nothing further. */
  | { readonly kind: "refused"; readonly requestId: string; readonly message: string };

/**
 * What `send` did with a value that is not a decoded `AskUserQuestionRequest`
 * (which only a value from outside the type system can be): nothing was
 * sent, and the core's question, when its `request_id` could be read, ends
 * as `cancelled`/`delivery_failed` (spec 4.8).
 */
export interface SendRefused {
  readonly type: "refused";
  /** Why the request could not be sent. */
  readonly message: string;
  /** The core's cancellation of the question, if it was pending. */
  readonly resolutions: readonly Resolution[];
}

/** What `send` returns: the server request to write, or the refusal. */
export type SendVerdict = ServerMessageRequest | SendRefused;

const DROPPED: AnswerVerdict = { kind: "dropped" };

function retry(id: string, request: AskUserQuestionRequest, error: AskUserValidationError): AnswerVerdict {
  return { kind: "retry", error, message: { type: "request", id, method: "ask_user/request", params: { ...request, validation_error: error } } };
}

/** Options of `AppServerQuestions`, each read once; one that is not a number (or is `NaN`, or throws when read) counts as its default. */
export interface AppServerOptions {
  /** How long to wait for an answer, in milliseconds (default 300 s); a retry does not reset it. */
  readonly waitMs?: number;
  /** The number of the first envelope id, `srv-ask-user-<n>` (default 1). */
  readonly firstId?: number;
}

interface Outstanding {
  /** Send order, which orders every report. */
  readonly seq: number;
  readonly request: AskUserQuestionRequest;
  readonly giveUp: Scheduled<string> | undefined;
}

/**
 * One connection's `ask_user/request` loop on an app-server (spec 4.9): sends
 * each question as a server request, reads the client's answer (decode, id
 * check, legacy normalization, validation), re-sends the same request with
 * `validation_error` after a bad answer, hands a valid outcome to the core
 * registry, and drops answers for ids that are not pending. Cancels with
 * `timeout` after the wait and with `disconnect` when the connection closes.
 * No timers: the caller passes the clock. Each answer costs O(1), a
 * time-out O(log n), `close()` what it cancels.
 *
 * @example
 * ```ts
 * import { AppServerQuestions, QuestionRegistry } from "@app-server-protocol/correlation";
 * import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
 *
 * const registry = new QuestionRegistry();
 * const loop = new AppServerQuestions(registry);
 * const request = { session_id: "s1", request_id: "ask-1", question: "Proceed?", options: ["Yes", "No"] };
 * registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "conn-1", questions: canonicalQuestions(request) });
 * const sent = loop.send(request, 0);
 * sent.id; // => "srv-ask-user-1"
 * const answer = (data: unknown) => loop.receive({ type: "response", id: sent.id, result: { status: "success", data } });
 * answer({ request_id: "ask-2", answer: "Yes" }).kind; // => "retry"
 * answer({ request_id: "ask-1", answer: "Yes" }); // => { kind: "resolved", resolution: { requestId: "ask-1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-1" } } } } }
 * answer({ request_id: "ask-1", answer: "No" }).kind; // => "dropped"
 * ```
 */
export class AppServerQuestions {
  /** Server requests awaiting an answer, by envelope id, in send order. */
  private readonly outstanding = new Map<string, Outstanding>();
  private readonly giveUps = new DeadlineQueue<string>();
  private readonly waitMs: number;
  private nextId: number;
  private sent = 0;

  constructor(
    private readonly registry: QuestionRegistry,
    options: AppServerOptions = {},
  ) {
    this.waitMs = numberOption(options, "waitMs", SERVER_REQUEST_TIMEOUT_SECONDS * 1000);
    this.nextId = numberOption(options, "firstId", 1);
  }

  /** How many server requests await an answer. */
  get size(): number {
    return this.outstanding.size;
  }

  /** The envelope ids awaiting an answer, in send order. */
  pendingEnvelopeIds(): readonly string[] {
    return [...this.outstanding.keys()];
  }

  /** The `request_id`s of the questions whose server requests await an answer, in send order (a question sent twice is listed twice). */
  pendingRequestIds(): readonly string[] {
    return Array.from(this.outstanding.values(), (entry) => entry.request.request_id);
  }

  /**
   * The server request to send for a question the core registered: a fresh
   * envelope id, and the params as the reference emits them (`emittedRequest`
   * of the legacy shim: canonical questions with their defaults written,
   * legacy fields for one single-select question, empty and null fields left
   * out) without `validation_error`. The request is read once, into JSON data
   * (`jsonSnapshot`), and that is what is checked and sent: the message is
   * the package's own, never the caller's objects. Never throws: a value
   * that has no snapshot or does not decode as an `AskUserQuestionRequest`,
   * or a `now` that is not a number, gets a `SendRefused` (the second
   * signature types it).
   */
  send(request: AskUserQuestionRequest, now: number): ServerMessageRequest;
  // Generic so that a request literal, which is no subtype of the request type when it leaves optional fields out, still picks the first signature.
  send<T>(request: T extends AskUserQuestionRequest ? never : T, now: unknown): SendVerdict;
  send(request: unknown, now: unknown): SendVerdict {
    const emitted = emittedParams(request);
    if (!emitted.ok || typeof now !== "number") {
      const message = emitted.ok ? "`now` must be a number of milliseconds" : emitted.message;
      const requestId = emitted.ok ? emitted.params.request_id : emitted.requestId;
      return { type: "refused", message, resolutions: requestId === undefined ? [] : this.registry.cancel(requestId, "delivery_failed") };
    }
    const id = `srv-ask-user-${this.nextId}`;
    this.nextId += 1;
    const { params } = emitted;
    const seq = this.sent;
    this.sent += 1;
    this.outstanding.set(id, { seq, request: params, giveUp: this.giveUps.schedule(id, seq, now + this.waitMs) });
    return { type: "request", id, method: "ask_user/request", params };
  }

  /**
   * Reads the client's response to a server request; takes any value. An
   * error result, and a success whose `data` is absent or `null`, end the
   * question as `cancelled`/`client_closed` (spec 1.3, 4.9 step 6). A value
   * that is not a response envelope, or answers an id not pending, is
   * dropped. Never throws.
   */
  receive(response: unknown): AnswerVerdict {
    const read = readResponse(response);
    if (read.kind === "undecodable") return DROPPED;
    const entry = this.outstanding.get(read.id);
    if (entry === undefined) return DROPPED;
    const { request } = entry;
    if (read.kind === "no_payload") return this.settle(read.id, entry, { outcome: "cancelled", reason: "client_closed" });
    const answer = answerOutcome(request, read.data);
    return answer.ok ? this.settle(read.id, entry, answer.outcome) : retry(read.id, request, answer.error);
  }

  /** Gives up on every question whose wait ended at or before `now`: the core cancels them with `timeout`, in send order. */
  expire(now: number): Resolution[] {
    if (typeof now !== "number") return [];
    const due = this.giveUps.takeDue(now).sort((a, b) => a.seq - b.seq);
    return due.flatMap(({ key }) => this.end(key, "timeout"));
  }

  /** The connection closed: the core cancels every outstanding question with `disconnect`, in send order. */
  close(): Resolution[] {
    const entries = [...this.outstanding.values()];
    this.outstanding.clear();
    this.giveUps.clear();
    return entries.flatMap(({ request }) => this.registry.cancel(request.request_id, "disconnect"));
  }

  /** When the next wait ends, for the caller's timer. */
  nextDeadline(): number | undefined {
    return this.giveUps.next();
  }

  private settle(id: string, entry: Outstanding, outcome: Resolution["outcome"]): AnswerVerdict {
    this.forget(id, entry);
    const { request } = entry;
    const accepted = this.registry.resolve(request.request_id, outcome, request.session_id);
    if (accepted.ok) return { kind: "resolved", resolution: accepted.resolution };
    return { kind: "refused", requestId: request.request_id, message: accepted.reason === "invalid" ? accepted.error.message : accepted.message };
  }

  private end(id: string, reason: "timeout"): Resolution[] {
    const entry = this.outstanding.get(id);
    if (entry === undefined) return [];
    this.forget(id, entry);
    return this.registry.cancel(entry.request.request_id, reason);
  }

  private forget(id: string, entry: Outstanding): void {
    this.outstanding.delete(id);
    this.giveUps.cancel(entry.giveUp);
  }
}
