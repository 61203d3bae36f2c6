import type {
  AskUserQuestionRequest,
  AskUserQuestionResponse,
  AskUserValidationError,
  PermissionRequest,
  StreamJsonControlResponseLine,
  StreamJsonStreamEventRecord,
} from "@app-server-protocol/types";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { DEFAULT_MAX_MESSAGE_BYTES, checkQuestions, isAskUserResponseOutcome, jsonSnapshot, validateType } from "@app-server-protocol/validators";
import { emittedOutcome } from "../emitted-outcome.js";
import { undecodableOutcome } from "../outcome-failure.js";
import { QuestionRegistry, type Resolution } from "../registry.js";
import { attempt } from "../support/attempt.js";
import { numberOption, readOption } from "../support/options.js";
import { previewValue, quotedId, shownName } from "../support/preview.js";
import { LATE_PERMISSION_ERROR, answeredControlRequest, controlRequestReply, type ControlHandler } from "./control.js";
import { readHostLine } from "./host-line.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
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

/** What the CLI does with any server request it received from the app-server (spec 5.7). */
export type ServerRequestVerdict =
  | AskVerdict
  /** A `permission/request`: the CLI asks the host with a `can_use_tool` control request (see `awaitPermission`). */
  | { readonly kind: "permission"; readonly request: PermissionRequest };

/** Options of `StreamJsonQuestions`, each read once; one not of its type (or that throws when read) counts as absent. */
export interface StreamJsonOptions {
  /** The CLI's active headless session: questions naming another session are refused. */
  readonly sessionId?: string;
  /** Answers the supported control requests; without it only `initialize` succeeds. */
  readonly control?: ControlHandler;
  /**
   * Largest host line read, in UTF-8 bytes, checked before parsing (the
   * validators' `maxBytes`). Defaults to `DEFAULT_MAX_MESSAGE_BYTES`; a larger
   * line is `invalid_json` with a warning.
   */
  readonly maxBytes?: number;
}

/** The error result answering a server request the channel cannot carry (spec 5.7). */
function unhandledServerRequestError(method: unknown): string {
  return `headless SDK control channel cannot handle server request \`${typeof method === "string" ? shownName(method) : previewValue(method)}\``;
}

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
  | "control_request"
  | "control_response"
  | "passthrough";

/** The decision on one line the host wrote on stdin. */
export interface HostLineVerdict {
  readonly class: HostLineClass;
  /** The `control_response` line to write back, if any. */
  readonly reply?: StreamJsonControlResponseLine;
  /** A warning for stderr, when there is no id to correlate a reply with. */
  readonly warning?: string;
  /** For `invalid_outcome`: the validation error behind the reply (whose text carries only its message). */
  readonly error?: AskUserValidationError;
  /** For `accepted`: the question's outcome, in its emitted form (spec 2.4), and the response to send the app-server. */
  readonly resolution?: Resolution;
  readonly response?: AskUserQuestionResponse;
  /**
   * For `passthrough`: a `user` line, for the caller. For `control_response`
   * without a reply: the host's answer to an awaited `can_use_tool` request.
   */
  readonly line?: JsonObject;
}

const IGNORED_TYPES = new Set(["keep_alive", "control_cancel_request"]);

/** How a line's `type` shows in the unsupported-type text: as written when a string, empty when missing, else its preview. */
function shownType(type: unknown): string {
  if (typeof type === "string") return shownName(type);
  return type === undefined ? "" : previewValue(type);
}

function isHandler(value: unknown): value is ControlHandler {
  return typeof value === "function";
}

/** The refusal of a question the app-server sent (spec 5.7): answer it with an error result carrying the message. */
function refusedQuestion(reason: string): AskVerdict {
  return { kind: "refused", message: `invalid AskUserQuestion server request: ${reason}` };
}

/**
 * The question side of a duplex stream-JSON CLI (spec 5): the questions it
 * forwarded to the host, and the decision on every line the host writes
 * back, exactly as spec 5.5 and 5.6 classify them. An answer that fails
 * validation leaves its question pending; a second answer, or an id never
 * issued, gets the "unknown, stale, or duplicate" error; the end of a turn
 * and closing stdin cancel every pending question with `disconnect`.
 *
 * @example
 * ```ts
 * import { StreamJsonQuestions } from "@app-server-protocol/correlation";
 *
 * const cli = new StreamJsonQuestions({ sessionId: "S1" });
 * const stamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
 * cli.ask({ session_id: "S1", request_id: "R1", questions: [{ id: "q1", question: "Go?", header: "", options: [{ id: "o1", label: "Go" }] }] }, stamp).kind; // => "forwarded"
 * cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"answered","answers":{"q1":{"kind":"selected","option_id":"o9"}}}}').class; // => "invalid_outcome"
 * cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"answered","answers":{"q1":{"kind":"selected","option_id":"o1"}},"annotations":{}}}').response; // => { request_id: "R1", outcome: { outcome: "answered", answers: { q1: { kind: "selected", option_id: "o1" } } } }
 * cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"rejected"}}').reply?.response; // => { subtype: "error", request_id: "R1", error: "unknown, stale, or duplicate server request id" }
 * cli.receive('{"type":"control_request","request_id":"C1","request":{"subtype":"initialize"}}').reply?.response; // => { subtype: "success", request_id: "C1", response: { protocol_version: "1.0" } }
 * ```
 */
export class StreamJsonQuestions {
  private readonly registry = new QuestionRegistry();
  /** The `request_id`s of the `can_use_tool` requests the host has not answered yet. */
  private readonly permissions = new Set<string>();
  private readonly sessionId: string | undefined;
  private readonly control: ControlHandler | undefined;
  private readonly maxBytes: number;
  private closed = false;

  constructor(options: StreamJsonOptions = {}) {
    const sessionId = readOption(options, "sessionId");
    const control = readOption(options, "control");
    this.sessionId = typeof sessionId === "string" ? sessionId : undefined;
    this.control = isHandler(control) ? control : undefined;
    this.maxBytes = numberOption(options, "maxBytes", DEFAULT_MAX_MESSAGE_BYTES);
  }

  /** How many questions await the host's answer. */
  get size(): number {
    return this.registry.size;
  }

  /** The `request_id`s of the questions awaiting the host's answer, in the order they were forwarded. */
  pendingRequestIds(): readonly string[] {
    return this.registry.pending().map((question) => question.requestId);
  }

  /**
   * Takes any server request from the app-server (spec 5.7):
   * `ask_user/request` goes to `ask`, `permission/request` is handed back
   * (decoded) for the CLI to ask the host with `can_use_tool`, and every
   * other method is refused.
   *
   * @example
   * ```ts
   * import { StreamJsonQuestions } from "@app-server-protocol/correlation";
   *
   * const cli = new StreamJsonQuestions({ sessionId: "S1" });
   * const stamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
   * cli.serverRequest("mcp_trust/request", { request_id: "m1", session_id: "S1", server_id: "docs", tool_name: "search" }, stamp); // => { kind: "refused", message: "headless SDK control channel cannot handle server request `mcp_trust/request`" }
   * cli.serverRequest("permission/request", { request_id: "p1", session_id: "S1", tool_use_id: "t1", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false }, stamp).kind; // => "permission"
   * cli.serverRequest("ask_user/request", { session_id: "S1", request_id: "R1", question: "Go?", options: ["Yes"] }, stamp).kind; // => "forwarded"
   * ```
   */
  serverRequest(method: string, params: unknown, stamp: RecordStamp): ServerRequestVerdict {
    if (method === "ask_user/request") return this.ask(params, stamp);
    if (method !== "permission/request") return { kind: "refused", message: unhandledServerRequestError(method) };
    const read = jsonSnapshot(params);
    const decoded = read.ok ? validateType("PermissionRequest", read.value) : read;
    return decoded.ok ? { kind: "permission", request: decoded.value } : { kind: "refused", message: `invalid permission server request: ${decoded.error.message}` };
  }

  /**
   * Takes an `ask_user/request` from the app-server: forwards it to the
   * host, answers it at once, or refuses it (spec 5.7). The params are read
   * once, into JSON data (`jsonSnapshot`): what is checked is what is
   * forwarded and registered. Never throws.
   */
  ask(params: unknown, stamp: RecordStamp): AskVerdict {
    const read = jsonSnapshot(params);
    const decoded = read.ok ? validateType("AskUserQuestionRequest", read.value) : read;
    if (!decoded.ok) return refusedQuestion(decoded.error.message);
    return attempt(
      () => this.askDecoded(decoded.value, stamp),
      () => refusedQuestion("could not be examined"),
    );
  }

  /**
   * Notes a `can_use_tool` control request the CLI wrote to the host, so the
   * host's `control_response` to it is handed back once; any other answer,
   * and any answer after the turn ended or stdin closed, gets the
   * "duplicate or late can_use_tool response" error (spec 5.6).
   *
   * @example
   * ```ts
   * import { StreamJsonQuestions } from "@app-server-protocol/correlation";
   *
   * const cli = new StreamJsonQuestions();
   * cli.awaitPermission("P1");
   * const answer = '{"type":"control_response","response":{"subtype":"success","request_id":"P1","response":{"behavior":"allow"}}}';
   * cli.receive(answer).class; // => "control_response"
   * cli.receive(answer).reply?.response; // => { subtype: "error", request_id: "P1", error: "duplicate or late can_use_tool response" }
   * ```
   */
  awaitPermission(requestId: string): void {
    if (!this.closed && typeof requestId === "string") this.permissions.add(requestId);
  }

  /**
   * Decides one line the host wrote on stdin; takes any value. A leading
   * byte order mark is dropped; a line larger than `maxBytes` is refused
   * unparsed, and a value that is not text is refused, both as `invalid_json`
   * (spec 5.6: no `request_id` can be read). Never throws: a control handler
   * that throws gets an error reply.
   */
  receive(text: unknown): HostLineVerdict {
    const read = readHostLine(text, this.maxBytes);
    if (read.kind === "blank") return { class: "ignored" };
    if (read.kind === "unreadable") return { class: "invalid_json", warning: read.warning };
    const line = read.value;
    const requestId = isJsonObject(line) && typeof line.request_id === "string" ? line.request_id : undefined;
    const type = isJsonObject(line) ? line.type : undefined;
    if (isJsonObject(line)) {
      if (type === "server_response") return this.answer(line, requestId);
      if (type === "control_request") return { class: "control_request", ...controlRequestReply(line, this.control) };
      if (type === "control_response") return this.permissionAnswer(line);
      if (type === "user") return { class: "passthrough", line };
    }
    if (typeof type === "string" && IGNORED_TYPES.has(type)) return { class: "ignored" };
    // One text for a missing and an unsupported type, as spec 5.6 gives it.
    const what = `unsupported stream-json input type \`${shownType(type)}\``;
    return requestId === undefined ? { class: "unsupported_type", warning: what } : { class: "unsupported_type", reply: controlError(requestId, what) };
  }

  /**
   * The turn ended (the end of its event stream, or its terminal event):
   * every pending question ends as `cancelled`/`disconnect` and every
   * awaited permission is dropped, for the CLI to deny (spec 5.7). Stdin
   * stays open, so later questions are forwarded as before; answers to the
   * ended ones are stale.
   *
   * @example
   * ```ts
   * import { StreamJsonQuestions } from "@app-server-protocol/correlation";
   *
   * const cli = new StreamJsonQuestions({ sessionId: "S1" });
   * const stamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
   * cli.ask({ session_id: "S1", request_id: "R1", question: "Go?", options: ["Yes"] }, stamp).kind; // => "forwarded"
   * cli.endTurn(); // => [{ requestId: "R1", outcome: { outcome: "cancelled", reason: "disconnect" } }]
   * cli.endTurn(); // => []
   * cli.ask({ session_id: "S1", request_id: "R2", question: "Again?", options: ["Yes"] }, stamp).kind; // => "forwarded"
   * ```
   */
  endTurn(): Resolution[] {
    this.permissions.clear();
    return this.registry.cancelAll("disconnect");
  }

  /** Stdin closed: every pending question ends as `cancelled`/`disconnect`, awaited permissions are dropped, and later questions are answered with `disconnect` at once. */
  close(): Resolution[] {
    this.closed = true;
    return this.endTurn();
  }

  private askDecoded(request: AskUserQuestionRequest, stamp: RecordStamp): AskVerdict {
    if (this.closed) return { kind: "answered", response: { request_id: request.request_id, outcome: { outcome: "cancelled", reason: "disconnect" } } };
    const session = this.sessionId;
    if (session !== undefined && (request.session_id ?? "") !== "" && request.session_id !== session) {
      return { kind: "refused", message: "AskUserQuestion session does not match the active headless session" };
    }
    const questions = canonicalQuestions(request);
    const invalid = checkQuestions(questions);
    if (invalid !== null) return refusedQuestion(invalid.message);
    // Written before registering, so a record that cannot be built leaves nothing pending.
    const record = questionRecord(request, stamp);
    const registered = this.registry.register({ requestId: request.request_id, sessionId: request.session_id ?? "", ownerId: "host", questions });
    if (!registered.ok) return refusedQuestion(`duplicate request id ${quotedId(request.request_id)}`);
    return { kind: "forwarded", requestId: request.request_id, record };
  }

  private answer(line: JsonObject, requestId: string | undefined): HostLineVerdict {
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
    if (!isAskUserResponseOutcome(outcome)) return { class: "undecodable_response", reply: controlError(requestId, undecodableOutcome(outcome).message) };
    const resolved = this.registry.resolve(requestId, outcome);
    if (resolved.ok) {
      const emitted = emittedOutcome(resolved.resolution.outcome);
      return { class: "accepted", reply: controlSuccess(requestId), resolution: { requestId, outcome: emitted }, response: { request_id: requestId, outcome: emitted } };
    }
    if (resolved.reason === "invalid") {
      const { error } = resolved;
      return { class: "invalid_outcome", reply: controlError(requestId, `invalid AskUserQuestion response: ${error.message}`), error };
    }
    return { class: "unknown_request", reply: controlError(requestId, UNKNOWN_REQUEST_ERROR) };
  }

  private permissionAnswer(line: JsonObject): HostLineVerdict {
    const requestId = answeredControlRequest(line);
    if (requestId === undefined) return { class: "control_response", warning: "invalid control_response: missing field `response.request_id`" };
    if (!this.permissions.delete(requestId)) return { class: "control_response", reply: controlError(requestId, LATE_PERMISSION_ERROR) };
    return { class: "control_response", line };
  }
}
