import type {
  AskUserQuestionRequest,
  AskUserQuestionSpec,
  AskUserResponseOutcome,
  StreamJsonAskUserParams,
  StreamJsonControlResponseLine,
  StreamJsonLegacyAnswer,
  StreamJsonStreamEventRecord,
} from "@app-server-protocol/types";
import { canonicalQuestions, legacyFields } from "@app-server-protocol/legacy-shim";

/** The run state a CLI stamps on every output record. */
export interface RecordStamp {
  /** Position of the record in the run, shared with every other record type. */
  readonly sequence: number;
  /** A fresh UUID v4 for this record. */
  readonly uuid: string;
  /** The run's session. */
  readonly sessionId: string;
  /** When the record is written, RFC 3339. */
  readonly timestamp: string;
}

/** A question in the canonical encoding of spec 2.4: defaults written out, empty `options` and null `preview` left out, fields in the reference's order. */
export function canonicalEncoding(question: AskUserQuestionSpec): AskUserQuestionSpec {
  const options = (question.options ?? []).map((option) => ({
    id: option.id,
    label: option.label,
    description: option.description ?? "",
    ...(option.preview === undefined || option.preview === null ? {} : { preview: option.preview }),
  }));
  return {
    id: question.id,
    question: question.question,
    header: question.header,
    multi_select: question.multi_select ?? false,
    ...(options.length > 0 ? { options } : {}),
    allow_free_text: question.allow_free_text ?? true,
    allow_annotation: question.allow_annotation ?? false,
  };
}

function record(event: StreamJsonStreamEventRecord["event"], stamp: RecordStamp): StreamJsonStreamEventRecord {
  return { type: "stream_event", sequence: stamp.sequence, uuid: stamp.uuid, session_id: stamp.sessionId, parent_tool_use_id: null, timestamp: stamp.timestamp, event };
}

/**
 * The `stream_event` record announcing a pending question (spec 5.2): the
 * eight params keys always present, in alphabetical order, the canonical
 * questions, the legacy fields filled only for one single-select question,
 * and no `validation_error`.
 *
 * @example
 * ```ts
 * import { encodeLine, questionRecord } from "@app-server-protocol/correlation";
 *
 * const stamp = { sequence: 12, uuid: "6f1c0c1e-2b7a-4d1e-9a51-0d5a8f0e7b11", sessionId: "S1", timestamp: "2026-08-05T12:00:00.000000+00:00" };
 * const line = encodeLine(questionRecord({ session_id: "S1", request_id: "R1", questions: [{ id: "q", question: "Go?", header: "" }] }, stamp));
 * line.startsWith('{"type":"stream_event","sequence":12,'); // => true
 * ```
 */
export function questionRecord(request: AskUserQuestionRequest, stamp: RecordStamp): StreamJsonStreamEventRecord {
  const questions = canonicalQuestions(request).map(canonicalEncoding);
  const legacy = legacyFields(questions);
  const params: StreamJsonAskUserParams = {
    deadline: request.deadline ?? null,
    options: legacy?.options ?? [],
    question: legacy?.question ?? "",
    questions,
    request_id: request.request_id,
    session_id: request.session_id ?? "",
    tool_use_id: request.tool_use_id ?? "",
    turn_id: request.turn_id ?? null,
  };
  return record({ type: "server_request", request_id: request.request_id, method: "ask_user/request", params }, stamp);
}

/** The `stream_event` record announcing that a question resolved (spec 5.3): its outcome, or `{legacy_answer}` when only a legacy answer is known. */
export function resolutionRecord(requestId: string, outcome: AskUserResponseOutcome | StreamJsonLegacyAnswer, stamp: RecordStamp): StreamJsonStreamEventRecord {
  return record({ type: "server_request_resolved", request_id: requestId, outcome }, stamp);
}

/** A `control_response` success line acknowledging the host line with this `request_id` (spec 5.5). */
export function controlSuccess(requestId: string): StreamJsonControlResponseLine {
  return { type: "control_response", response: { subtype: "success", request_id: requestId } };
}

/** A `control_response` error line refusing the host line with this `request_id` (spec 5.5). */
export function controlError(requestId: string, error: string): StreamJsonControlResponseLine {
  return { type: "control_response", response: { subtype: "error", request_id: requestId, error } };
}

/** One NDJSON output line: compact JSON and a newline. */
export function encodeLine(value: StreamJsonStreamEventRecord | StreamJsonControlResponseLine): string {
  return `${JSON.stringify(value)}\n`;
}
