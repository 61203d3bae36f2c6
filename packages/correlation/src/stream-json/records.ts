import type {
  AskUserQuestionRequest,
  StreamJsonAskUserParams,
  StreamJsonControlResponseLine,
  StreamJsonResolution,
  StreamJsonStreamEventRecord,
} from "@app-server-protocol/types";
import { canonicalQuestions, emittedQuestion, legacyFields } from "@app-server-protocol/legacy-shim";
import { isAskUserResponseOutcome, isStreamJsonLegacyAnswer, jsonSnapshot, validateType } from "@app-server-protocol/validators";
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

/** A string argument as written; `""` for a value that is not a string. */
const text = (value: unknown): string => (typeof value === "string" ? value : "");

const NO_STAMP: RecordStamp = { sequence: 0, uuid: "", sessionId: "", timestamp: "" };

/** The stamp's fields, read once; one that is not of its type (a sequence that is not a finite number) is written as `0` or `""`. */
function stampOf(stamp: unknown): RecordStamp {
  return attempt(() => {
    if (!isJsonObject(stamp)) return NO_STAMP;
    const { sequence, uuid, sessionId, timestamp } = stamp;
    return { sequence: typeof sequence === "number" && Number.isFinite(sequence) ? sequence : 0, uuid: text(uuid), sessionId: text(sessionId), timestamp: text(timestamp) };
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
 * and no `validation_error`. The request is read once, into JSON data
 * (`jsonSnapshot`), and the record is built from what was read.
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
  const read = jsonSnapshot(request);
  const decoded = read.ok ? validateType("AskUserQuestionRequest", read.value) : read;
  const params = decoded.ok
    ? attempt(
        () => askUserParams(decoded.value),
        () => EMPTY_PARAMS,
      )
    : EMPTY_PARAMS;
  return record({ type: "server_request", request_id: params.request_id, method: "ask_user/request", params }, stamp);
}

/** What a resolution line writes, from the resolution read once into JSON data: a legacy answer wins, as it did when only one was known; a value that is neither (or has no snapshot) is no answer known. */
function emittedResolution(resolution: unknown): StreamJsonResolution {
  const read = jsonSnapshot(resolution);
  if (!read.ok) return { legacy_answer: null };
  if (isStreamJsonLegacyAnswer(read.value)) return { legacy_answer: read.value.legacy_answer };
  return isAskUserResponseOutcome(read.value) ? emittedOutcome(read.value) : { legacy_answer: null };
}

/**
 * The `stream_event` record announcing that a question resolved (spec 5.3):
 * its outcome in the emitted form of spec 2.4 (known fields only, empty
 * `annotations` left out, map keys sorted by bytes, which `encodeLine`
 * writes), or `{legacy_answer}` when only a legacy answer is known. The
 * resolution is read once, into JSON data (`jsonSnapshot`).
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
 * `request_id` (spec 5.5), with the reply `data` as its `response`, read once
 * into JSON data (`jsonSnapshot`); without data, or for data with no
 * snapshot, there is no `response` key. A `request_id` that is not a string
 * is written as `""`.
 */
export function controlSuccess(requestId: string, data?: unknown): StreamJsonControlResponseLine {
  const read = data === undefined ? undefined : jsonSnapshot(data);
  const response = read?.ok === true ? { response: read.value } : {};
  return { type: "control_response", response: { subtype: "success", request_id: text(requestId), ...response } };
}

/** A `control_response` error line refusing the host line with this `request_id` (spec 5.5); an argument that is not a string is written as `""`. */
export function controlError(requestId: string, error: string): StreamJsonControlResponseLine {
  return { type: "control_response", response: { subtype: "error", request_id: text(requestId), error: text(error) } };
}
