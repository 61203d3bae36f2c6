import type { AskUserQuestionSpec, AskUserResponseOutcome } from "./ask-user.js";
import type { Uint64 } from "./integers.js";

// The duplex stream-JSON channel (`--input-format stream-json
// --output-format stream-json`): NDJSON in which the CLI itself is the
// app-server client and a host answers its questions on stdin.

/**
 * Params of a question on the stream-JSON channel. Unlike the app-server
 * encoding, all eight keys are always written (empty or `null` when unset),
 * in alphabetical order, and there is no `validation_error`.
 */
export interface StreamJsonAskUserParams {
  /**
   * Deadline as an RFC 3339 timestamp, or `null`. Required.
   */
  deadline: string | null;
  /**
   * Legacy option labels; `[]` unless there is exactly one single-select
   * question. Required.
   */
  options: string[];
  /**
   * Legacy question text; `""` unless there is exactly one single-select
   * question. Required.
   */
  question: string;
  /**
   * The canonical questions. Required.
   */
  questions: AskUserQuestionSpec[];
  /**
   * The question id the host must answer with. Required.
   */
  request_id: string;
  /**
   * Session of the question. Required.
   */
  session_id: string;
  /**
   * Provider tool-use id, or `""`. Required.
   */
  tool_use_id: string;
  /**
   * Owning turn id, or `null`. Required.
   */
  turn_id: string | null;
}

/**
 * Stream event announcing a pending question.
 */
export interface StreamJsonServerRequestEvent {
  /**
   * Tag: `"server_request"`. Required.
   */
  type: "server_request";
  /**
   * The question id (equal to `params.request_id`); the host answers with it.
   * Required.
   */
  request_id: string;
  /**
   * The server request method. Required.
   */
  method: "ask_user/request";
  /**
   * The question. Required.
   */
  params: StreamJsonAskUserParams;
}

/**
 * Resolution of a question for which only a legacy answer is known.
 */
export interface StreamJsonLegacyAnswer {
  /**
   * The legacy answer string, or `null` when there was none. Required.
   */
  legacy_answer: string | null;
}

/**
 * How a question of the stream-JSON channel ended: the canonical outcome, or
 * the legacy answer when only that is known. Untagged: an object with
 * `legacy_answer` is the legacy form, any other is an outcome.
 */
export type StreamJsonResolution = AskUserResponseOutcome | StreamJsonLegacyAnswer;

/**
 * Stream event announcing that a question was resolved.
 */
export interface StreamJsonServerRequestResolvedEvent {
  /**
   * Tag: `"server_request_resolved"`. Required.
   */
  type: "server_request_resolved";
  /**
   * The question id. Required.
   */
  request_id: string;
  /**
   * How the question ended: the canonical outcome, or the legacy answer when
   * only that is known. Required.
   */
  outcome: StreamJsonResolution;
}

/**
 * The question events of the stream-JSON channel, tagged by `type`.
 */
export type StreamJsonQuestionEvent = StreamJsonServerRequestEvent | StreamJsonServerRequestResolvedEvent;

/**
 * A `stream_event` output record carrying a question event. Keys are written
 * in this order: `type`, `sequence`, `uuid`, `session_id`,
 * `parent_tool_use_id`, `timestamp`, `event`.
 */
export interface StreamJsonStreamEventRecord {
  /**
   * Tag: `"stream_event"`. Required.
   */
  type: "stream_event";
  /**
   * Position of the record in the run, increasing and shared with every
   * other record type. Required.
   */
  sequence: Uint64;
  /**
   * A fresh UUID v4 per record. Required.
   */
  uuid: string;
  /**
   * Session of the run. Required.
   */
  session_id: string;
  /**
   * Always `null` on question events. Required.
   */
  parent_tool_use_id: null;
  /**
   * When the record was written, RFC 3339. Required.
   */
  timestamp: string;
  /**
   * The question event. Required.
   */
  event: StreamJsonQuestionEvent;
}

/**
 * The host's answer line on stdin. The legacy `answer` form is not accepted
 * on this channel.
 */
export interface StreamJsonServerResponseLine {
  /**
   * Tag: `"server_response"`. Required.
   */
  type: "server_response";
  /**
   * The question id from the `server_request` event. Required.
   */
  request_id: string;
  /**
   * The outcome itself, not wrapped in an `AskUserQuestionResponse`.
   * Required.
   */
  response: AskUserResponseOutcome;
}

/**
 * Acknowledgement that a host line was accepted.
 */
export interface StreamJsonControlSuccess {
  /**
   * Tag: `"success"`. Required.
   */
  subtype: "success";
  /**
   * The id the acknowledged line carried. Required.
   */
  request_id: string;
  /**
   * Reply data; any JSON value. Omitted when there is none (always omitted
   * for `server_response` acknowledgements).
   */
  response?: unknown;
}

/**
 * Refusal of a host line.
 */
export interface StreamJsonControlError {
  /**
   * Tag: `"error"`. Required.
   */
  subtype: "error";
  /**
   * The id the refused line carried. Required.
   */
  request_id: string;
  /**
   * Why it was refused, for example `unknown, stale, or duplicate server
   * request id`. Required.
   */
  error: string;
}

/**
 * The CLI's reply to a host line, tagged by `subtype`.
 */
export type StreamJsonControlReply = StreamJsonControlSuccess | StreamJsonControlError;

/**
 * A `control_response` output line.
 */
export interface StreamJsonControlResponseLine {
  /**
   * Tag: `"control_response"`. Required.
   */
  type: "control_response";
  /**
   * The reply. Required.
   */
  response: StreamJsonControlReply;
}
