import {
  SERVER_REQUEST_TIMEOUT_SECONDS,
  type AskUserQuestionRequest,
  type AskUserValidationError,
  type ClientMessageResponse,
  type ServerMessageRequest,
} from "@app-server-protocol/types";
import { canonicalQuestions, emittedRequest, outcomeFromResponse } from "@app-server-protocol/legacy-shim";
import { checkOutcome } from "@app-server-protocol/validators";
import type { QuestionRegistry, Resolution } from "./registry.js";

/** What to do with a client's answer to an `ask_user/request` (spec 4.9). */
export type AnswerVerdict =
  /** The id is not pending (never sent, answered, timed out): drop the response silently. */
  | { readonly kind: "dropped" }
  /** The answer was refused: re-send `message` (the same id, with `validation_error`); the question stays pending. */
  | { readonly kind: "retry"; readonly error: AskUserValidationError; readonly message: ServerMessageRequest }
  /** The core accepted the outcome: send the `ask_user_question_resolved` stream event. */
  | { readonly kind: "resolved"; readonly resolution: Resolution }
  /** A valid answer the core refused (the question already ended): send nothing further. */
  | { readonly kind: "refused"; readonly requestId: string; readonly message: string };

function retry(id: string, request: AskUserQuestionRequest, error: AskUserValidationError): AnswerVerdict {
  return { kind: "retry", error, message: { type: "request", id, method: "ask_user/request", params: { ...request, validation_error: error } } };
}

/** Options of `AppServerQuestions`. */
export interface AppServerOptions {
  /** How long to wait for an answer, in milliseconds (default 300 s); a retry does not reset it. */
  readonly waitMs?: number;
  /** The number of the first envelope id, `srv-ask-user-<n>` (default 1). */
  readonly firstId?: number;
}

interface Outstanding {
  readonly request: AskUserQuestionRequest;
  readonly giveUpAt: number;
}

/**
 * One connection's `ask_user/request` loop on an app-server (spec 4.9): sends
 * each question as a server request, reads the client's answer (decode, id
 * check, legacy normalization, validation), re-sends the same request with
 * `validation_error` after a bad answer, hands a valid outcome to the core
 * registry, and drops answers for ids that are not pending. Cancels with
 * `timeout` after the wait and with `disconnect` when the connection closes.
 * No timers: the caller passes the clock.
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
  private readonly outstanding = new Map<string, Outstanding>();
  private readonly waitMs: number;
  private nextId: number;

  constructor(
    private readonly registry: QuestionRegistry,
    options: AppServerOptions = {},
  ) {
    this.waitMs = options.waitMs ?? SERVER_REQUEST_TIMEOUT_SECONDS * 1000;
    this.nextId = options.firstId ?? 1;
  }

  /** How many server requests await an answer. */
  get size(): number {
    return this.outstanding.size;
  }

  /**
   * The server request to send for a question the core registered: a fresh
   * envelope id, and the params as the reference emits them (`emittedRequest`
   * of the legacy shim: canonical questions with their defaults written,
   * legacy fields for one single-select question, empty and null fields left
   * out) without `validation_error`.
   */
  send(request: AskUserQuestionRequest, now: number): ServerMessageRequest {
    const id = `srv-ask-user-${this.nextId}`;
    this.nextId += 1;
    const { validation_error: _none, ...params } = emittedRequest(request);
    this.outstanding.set(id, { request: params, giveUpAt: now + this.waitMs });
    return { type: "request", id, method: "ask_user/request", params };
  }

  /** Reads the client's response to a server request. Never throws. */
  receive(response: ClientMessageResponse): AnswerVerdict {
    const entry = this.outstanding.get(response.id);
    if (entry === undefined) return { kind: "dropped" };
    const { request } = entry;
    const { result } = response;
    if (result.status === "error" || result.data === undefined) {
      return this.settle(response.id, request, { outcome: "cancelled", reason: "client_closed" });
    }
    const read = outcomeFromResponse(request, result.data);
    if (!read.ok) return retry(response.id, request, read.error);
    const error = checkOutcome(canonicalQuestions(request), read.outcome);
    if (error !== null) return retry(response.id, request, error);
    return this.settle(response.id, request, read.outcome);
  }

  /** Gives up on every question whose wait ended at or before `now`: the core cancels them with `timeout`. */
  expire(now: number): Resolution[] {
    return this.end((entry) => entry.giveUpAt <= now, "timeout");
  }

  /** The connection closed: the core cancels every outstanding question with `disconnect`. */
  close(): Resolution[] {
    return this.end(() => true, "disconnect");
  }

  /** When the next wait ends, for the caller's timer. */
  nextDeadline(): number | undefined {
    let next: number | undefined;
    for (const { giveUpAt } of this.outstanding.values()) if (next === undefined || giveUpAt < next) next = giveUpAt;
    return next;
  }

  private settle(id: string, request: AskUserQuestionRequest, outcome: Resolution["outcome"]): AnswerVerdict {
    this.outstanding.delete(id);
    const accepted = this.registry.resolve(request.request_id, outcome, request.session_id);
    if (accepted.ok) return { kind: "resolved", resolution: accepted.resolution };
    return { kind: "refused", requestId: request.request_id, message: accepted.reason === "invalid" ? accepted.error.message : accepted.message };
  }

  private end(matches: (entry: Outstanding) => boolean, reason: "timeout" | "disconnect"): Resolution[] {
    const resolutions: Resolution[] = [];
    for (const [id, entry] of [...this.outstanding]) {
      if (!matches(entry)) continue;
      this.outstanding.delete(id);
      resolutions.push(...this.registry.cancel(entry.request.request_id, reason));
    }
    return resolutions;
  }
}
