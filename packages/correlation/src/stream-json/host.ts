import type { AskUserQuestionResponse, StreamJsonControlResponseLine, StreamJsonStreamEventRecord } from "@app-server-protocol/types";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { checkQuestions, isAskUserResponseOutcome, validateType } from "@app-server-protocol/validators";
import { QuestionRegistry, type Resolution } from "../registry.js";
import { controlError, controlSuccess, questionRecord, type RecordStamp } from "./records.js";

/** The reply to a host line that names an id the CLI is not waiting on (spec 5.5). */
export const UNKNOWN_REQUEST_ERROR = "unknown, stale, or duplicate server request id";

/** What the CLI does with an `ask_user/request` it received from the app-server (spec 5.7). */
export type AskVerdict =
  /** Forwarded to the host: write `record`; the question is pending. */
  | { readonly kind: "forwarded"; readonly requestId: string; readonly record: StreamJsonStreamEventRecord }
  /** Answered at once (stdin is closed): send `response` to the app-server. */
  | { readonly kind: "answered"; readonly response: AskUserQuestionResponse }
  /** Refused: answer the app-server with an error result carrying `message`. */
  | { readonly kind: "refused"; readonly message: string };

/** How a host line was classified (spec 5.5, 5.6). */
export type HostLineClass =
  | "accepted"
  | "invalid_outcome"
  | "undecodable_response"
  | "invalid_envelope"
  | "unknown_request"
  | "unsupported_type"
  | "invalid_json"
  | "ignored"
  | "passthrough";

/** The decision on one line the host wrote on stdin. */
export interface HostLineVerdict {
  readonly class: HostLineClass;
  /** The `control_response` line to write back, if any. */
  readonly reply?: StreamJsonControlResponseLine;
  /** A warning for stderr, when there is no id to correlate a reply with. */
  readonly warning?: string;
  /** For `accepted`: the question's outcome and the response to send the app-server. */
  readonly resolution?: Resolution;
  readonly response?: AskUserQuestionResponse;
  /** For `passthrough`: the decoded line, which is not about questions (`user`, `control_request`, ...). */
  readonly line?: { readonly [key: string]: unknown };
}

const IGNORED_TYPES = new Set(["keep_alive", "control_cancel_request"]);
const PASSTHROUGH_TYPES = new Set(["user", "control_request", "control_response"]);

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function detail(message: string): string {
  return message.startsWith("(message): ") ? message.slice("(message): ".length) : message;
}

/**
 * The question side of a duplex stream-JSON CLI (spec 5): the questions it
 * forwarded to the host, and the decision on every line the host writes
 * back, exactly as spec 5.5 classifies them. An answer that fails validation
 * leaves its question pending; a second answer, or an id never issued, gets
 * the "unknown, stale, or duplicate" error; closing stdin cancels every
 * pending question with `disconnect`.
 *
 * @example
 * ```ts
 * import { StreamJsonQuestions } from "@app-server-protocol/correlation";
 *
 * const cli = new StreamJsonQuestions({ sessionId: "S1" });
 * const stamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
 * cli.ask({ session_id: "S1", request_id: "R1", questions: [{ id: "q1", question: "Go?", header: "", options: [{ id: "o1", label: "Go" }] }] }, stamp).kind; // => "forwarded"
 * cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"answered","answers":{"q1":{"kind":"selected","option_id":"o9"}}}}').class; // => "invalid_outcome"
 * cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"answered","answers":{"q1":{"kind":"selected","option_id":"o1"}}}}').reply; // => { type: "control_response", response: { subtype: "success", request_id: "R1" } }
 * cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"rejected"}}').reply?.response; // => { subtype: "error", request_id: "R1", error: "unknown, stale, or duplicate server request id" }
 * ```
 */
export class StreamJsonQuestions {
  private readonly registry = new QuestionRegistry();
  private closed = false;

  constructor(private readonly options: { readonly sessionId?: string } = {}) {}

  /** How many questions await the host's answer. */
  get size(): number {
    return this.registry.size;
  }

  /** Takes an `ask_user/request` from the app-server: forwards it to the host, answers it at once, or refuses it (spec 5.7). */
  ask(params: unknown, stamp: RecordStamp): AskVerdict {
    const decoded = validateType("AskUserQuestionRequest", params);
    if (!decoded.ok) return { kind: "refused", message: `invalid AskUserQuestion server request: ${detail(decoded.error.message)}` };
    const request = decoded.value;
    if (this.closed) return { kind: "answered", response: { request_id: request.request_id, outcome: { outcome: "cancelled", reason: "disconnect" } } };
    const session = this.options.sessionId;
    if (session !== undefined && (request.session_id ?? "") !== "" && request.session_id !== session) {
      return { kind: "refused", message: "AskUserQuestion session does not match the active headless session" };
    }
    const questions = canonicalQuestions(request);
    const invalid = checkQuestions(questions);
    if (invalid !== null) return { kind: "refused", message: `invalid AskUserQuestion server request: ${invalid.message}` };
    const registered = this.registry.register({ requestId: request.request_id, sessionId: request.session_id ?? "", ownerId: "host", questions });
    if (!registered.ok) return { kind: "refused", message: `invalid AskUserQuestion server request: duplicate request id \`${request.request_id}\`` };
    return { kind: "forwarded", requestId: request.request_id, record: questionRecord(request, stamp) };
  }

  /** Decides one line the host wrote on stdin. Never throws. */
  receive(text: string): HostLineVerdict {
    if (text.trim() === "") return { class: "ignored" };
    let line: unknown;
    try {
      line = JSON.parse(text);
    } catch (error) {
      return { class: "invalid_json", warning: `invalid stream-json input line: ${error instanceof Error ? error.message : "unparsable"}` };
    }
    const requestId = isRecord(line) && typeof line.request_id === "string" ? line.request_id : undefined;
    const type = isRecord(line) ? line.type : undefined;
    if (type === "server_response" && isRecord(line)) return this.answer(line, requestId);
    if (typeof type === "string" && IGNORED_TYPES.has(type)) return { class: "ignored" };
    if (typeof type === "string" && PASSTHROUGH_TYPES.has(type) && isRecord(line)) return { class: "passthrough", line };
    const what = typeof type === "string" ? `unsupported stream-json input type \`${type.slice(0, 64)}\`` : "stream-json input line has no `type`";
    return requestId === undefined ? { class: "unsupported_type", warning: what } : { class: "unsupported_type", reply: controlError(requestId, what) };
  }

  /** Stdin closed: every pending question ends as `cancelled`/`disconnect`, and later questions are answered the same way at once. */
  close(): Resolution[] {
    this.closed = true;
    return this.registry.cancelAll("disconnect");
  }

  private answer(line: { readonly [key: string]: unknown }, requestId: string | undefined): HostLineVerdict {
    // The envelope is `request_id` (a string) and `response` (any JSON, decoded as an outcome next).
    if (requestId === undefined) {
      const problem = "request_id" in line ? "`request_id` must be a string" : "missing field `request_id`";
      return { class: "invalid_envelope", warning: `invalid server_response: ${problem}` };
    }
    if (!Object.hasOwn(line, "response")) {
      return { class: "invalid_envelope", reply: controlError(requestId, "invalid server_response: missing field `response`") };
    }
    if (this.registry.get(requestId) === undefined) return { class: "unknown_request", reply: controlError(requestId, UNKNOWN_REQUEST_ERROR) };
    const outcome = line.response;
    if (!isAskUserResponseOutcome(outcome)) {
      const decoded = validateType("AskUserResponseOutcome", outcome);
      const reason = decoded.ok ? "not an outcome" : detail(decoded.error.message);
      return { class: "undecodable_response", reply: controlError(requestId, `invalid AskUserQuestion response: ${reason}`) };
    }
    const resolved = this.registry.resolve(requestId, outcome);
    if (resolved.ok) {
      return { class: "accepted", reply: controlSuccess(requestId), resolution: resolved.resolution, response: { request_id: requestId, outcome: resolved.resolution.outcome } };
    }
    if (resolved.reason === "invalid") return { class: "invalid_outcome", reply: controlError(requestId, `invalid AskUserQuestion response: ${resolved.error.message}`) };
    return { class: "unknown_request", reply: controlError(requestId, UNKNOWN_REQUEST_ERROR) };
  }
}
