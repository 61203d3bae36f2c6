import type {
  AskUserQuestionRequest,
  StreamJsonAskUserParams,
  StreamJsonControlResponseLine,
  StreamJsonResolution,
  StreamJsonStreamEventRecord,
} from "@app-server-protocol/types";
import { canonicalQuestions, emittedQuestion, legacyFields } from "@app-server-protocol/legacy-shim";
import { isAskUserResponseOutcome, isStreamJsonLegacyAnswer, validateType } from "@app-server-protocol/validators";
import { emittedOutcome } from "../emitted-outcome.js";
import { attempt } from "../support/attempt.js";
import { isJsonObject } from "./json-object.js";

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

const NO_STAMP: RecordStamp = { sequence: 0, uuid: "", sessionId: "", timestamp: "" };

/** The stamp's fields, read once; one that is not of its type is written as `0` or `""`. */
function stampOf(stamp: unknown): RecordStamp {
  return attempt(() => {
    if (!isJsonObject(stamp)) return NO_STAMP;
    const { sequence, uuid, sessionId, timestamp } = stamp;
    const text = (value: unknown): string => (typeof value === "string" ? value : "");
    return { sequence: typeof sequence === "number" ? sequence : 0, uuid: text(uuid), sessionId: text(sessionId), timestamp: text(timestamp) };
  }, () => NO_STAMP);
}

function record(event: StreamJsonStreamEventRecord["event"], given: RecordStamp): StreamJsonStreamEventRecord {
  const stamp = stampOf(given);
  return { type: "stream_event", sequence: stamp.sequence, uuid: stamp.uuid, session_id: stamp.sessionId, parent_tool_use_id: null, timestamp: stamp.timestamp, event };
}

/** The params of a request that does not decode: the eight keys, each empty as spec 5.2 writes an unset one. */
const EMPTY_PARAMS: StreamJsonAskUserParams = { deadline: null, options: [], question: "", questions: [], request_id: "", session_id: "", tool_use_id: "", turn_id: null };

function askUserParams(request: AskUserQuestionRequest): StreamJsonAskUserParams {
  const questions = canonicalQuestions(request).map(emittedQuestion);
  const legacy = legacyFields(questions);
  return {
    deadline: request.deadline ?? null,
    options: legacy?.options ?? [],
    question: legacy?.question ?? "",
    questions,
    request_id: request.request_id,
    session_id: request.session_id ?? "",
    tool_use_id: request.tool_use_id ?? "",
    turn_id: request.turn_id ?? null,
  };
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
  const decoded = validateType("AskUserQuestionRequest", request);
  const params = decoded.ok
    ? attempt(
        () => askUserParams(decoded.value),
        () => EMPTY_PARAMS,
      )
    : EMPTY_PARAMS;
  return record({ type: "server_request", request_id: params.request_id, method: "ask_user/request", params }, stamp);
}

/** What a resolution line writes: a legacy answer wins, as it did when only one was known; a value that is neither is no answer known. */
function emittedResolution(resolution: unknown): StreamJsonResolution {
  return attempt<StreamJsonResolution>(
    () => {
      if (isStreamJsonLegacyAnswer(resolution)) return { legacy_answer: resolution.legacy_answer };
      return isAskUserResponseOutcome(resolution) ? emittedOutcome(resolution) : { legacy_answer: null };
    },
    () => ({ legacy_answer: null }),
  );
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
  return record({ type: "server_request_resolved", request_id: typeof requestId === "string" ? requestId : "", outcome: emittedResolution(outcome) }, stamp);
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
