import type {
  AskUserQuestionRequest,
  StreamJsonAskUserParams,
  StreamJsonControlResponseLine,
  StreamJsonResolution,
  StreamJsonServerRequestResolvedEvent,
  StreamJsonStreamEventRecord,
} from "@app-server-protocol/types";
import { canonicalQuestions, emittedQuestion, legacyFields } from "@app-server-protocol/legacy-shim";
import { emittedOutcome, objectJson, outcomeJson } from "../emitted-outcome.js";

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
  const questions = canonicalQuestions(request).map(emittedQuestion);
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

function emittedResolution(resolution: StreamJsonResolution): StreamJsonResolution {
  return "legacy_answer" in resolution ? { legacy_answer: resolution.legacy_answer } : emittedOutcome(resolution);
}

/**
 * The `stream_event` record announcing that a question resolved (spec 5.3):
 * its outcome in the emitted form of spec 2.4 (known fields only, empty
 * `annotations` left out, map keys sorted by bytes, which `encodeLine`
 * writes), or `{legacy_answer}` when only a legacy answer is known.
 *
 * @example
 * ```ts
 * import { encodeLine, resolutionRecord } from "@app-server-protocol/correlation";
 *
 * const stamp = { sequence: 13, uuid: "3d5e7f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f", sessionId: "S1", timestamp: "2026-08-05T12:00:30Z" };
 * const record = resolutionRecord("R1", { outcome: "answered", answers: { b: { kind: "text", text: "2" }, a: { kind: "text", text: "1" } }, annotations: {} }, stamp);
 * record.event; // => { type: "server_request_resolved", request_id: "R1", outcome: { outcome: "answered", answers: { a: { kind: "text", text: "1" }, b: { kind: "text", text: "2" } } } }
 * encodeLine(record).endsWith('"outcome":{"outcome":"answered","answers":{"a":{"kind":"text","text":"1"},"b":{"kind":"text","text":"2"}}}}}\n'); // => true
 * ```
 */
export function resolutionRecord(requestId: string, outcome: StreamJsonResolution, stamp: RecordStamp): StreamJsonStreamEventRecord {
  return record({ type: "server_request_resolved", request_id: requestId, outcome: emittedResolution(outcome) }, stamp);
}

/**
 * A `control_response` success line acknowledging the host line with this
 * `request_id` (spec 5.5), with the reply `data` as its `response`; without
 * data there is no `response` key.
 */
export function controlSuccess(requestId: string, data?: unknown): StreamJsonControlResponseLine {
  const response = data === undefined ? {} : { response: data };
  return { type: "control_response", response: { subtype: "success", request_id: requestId, ...response } };
}

/** A `control_response` error line refusing the host line with this `request_id` (spec 5.5). */
export function controlError(requestId: string, error: string): StreamJsonControlResponseLine {
  return { type: "control_response", response: { subtype: "error", request_id: requestId, error } };
}

function resolvedRecordJson(record: StreamJsonStreamEventRecord, event: StreamJsonServerRequestResolvedEvent): string {
  const { outcome } = event;
  const eventText = objectJson([
    ["type", JSON.stringify(event.type)],
    ["request_id", JSON.stringify(event.request_id)],
    ["outcome", "legacy_answer" in outcome ? JSON.stringify({ legacy_answer: outcome.legacy_answer }) : outcomeJson(outcome)],
  ]);
  const { event: _writtenLast, ...envelope } = record;
  return objectJson([...Object.entries(envelope).map(([key, value]) => [key, JSON.stringify(value)] as const), ["event", eventText]]);
}

/**
 * One NDJSON output line: compact JSON and a newline. A resolution's
 * outcome is written in its emitted form, map keys in byte order (spec 2.4),
 * which a JavaScript object cannot always hold (it lists integer-like keys
 * first).
 */
export function encodeLine(value: StreamJsonStreamEventRecord | StreamJsonControlResponseLine): string {
  if (value.type === "stream_event" && value.event.type === "server_request_resolved") return `${resolvedRecordJson(value, value.event)}\n`;
  return `${JSON.stringify(value)}\n`;
}
