import { PROTOCOL_VERSION, type StreamJsonControlResponseLine } from "@app-server-protocol/types";
import { shownName } from "../support/preview.js";
import { checkedAnswer } from "./control-answer.js";
import { isJsonObject, type JsonObject } from "./json-object.js";
import { controlError, controlSuccess } from "./records.js";

/** The control request subtypes a headless CLI answers (spec 5.6). */
export const CONTROL_SUBTYPES = [
  "initialize",
  "interrupt",
  "set_permission_mode",
  "get_session_state",
  "get_context_usage",
  "mcp_status",
  "set_model",
  "set_max_thinking_tokens",
  "seed_read_state",
  "cancel_async_message",
] as const;

/** A control request subtype a headless CLI answers. */
export type ControlSubtype = (typeof CONTROL_SUBTYPES)[number];

/** A control request of a supported subtype, as the host wrote it. */
export interface ControlRequest {
  /** The frame's `request_id`, which the reply carries. */
  readonly requestId: string;
  readonly subtype: ControlSubtype;
  /** The frame's `request` object, `subtype` included: the subtype's own fields are read from it. */
  readonly request: JsonObject;
}

/** The session's answer to a control request: success with optional reply data, or an error text. */
export type ControlAnswer = { readonly ok: true; readonly data?: JsonObject } | { readonly ok: false; readonly error: string };

/**
 * Answers the supported control requests from the CLI's session (model,
 * permission mode, tools, ...). For `initialize`, the reply data is
 * `protocol_version: "1.0"` followed by the handler's data, whose own
 * `protocol_version` is ignored. A handler that throws, or answers with
 * something other than a `ControlAnswer` whose data JSON can write, gets the
 * request an error reply instead.
 */
export type ControlHandler = (request: ControlRequest) => ControlAnswer;

/** The reply to a host `control_response` for a `can_use_tool` request the CLI is not waiting on (spec 5.6). */
export const LATE_PERMISSION_ERROR = "duplicate or late can_use_tool response";

/** The reply to `rewind_files`, which a headless CLI always refuses (spec 5.6; the text is this package's). */
export const REWIND_FILES_ERROR = "rewind_files is not supported by the headless SDK control channel";

const SUPPORTED: ReadonlySet<string> = new Set(CONTROL_SUBTYPES);

function isSupported(subtype: string): subtype is ControlSubtype {
  return SUPPORTED.has(subtype);
}

/** Without a handler, only `initialize` succeeds: every other subtype needs the session's state. */
function withoutHandler({ subtype }: ControlRequest): ControlAnswer {
  return subtype === "initialize" ? { ok: true } : { ok: false, error: `no handler for control request subtype \`${subtype}\`` };
}

function problem(field: string, value: unknown, kind: string): string {
  return value === undefined ? `invalid control_request: missing field \`${field}\`` : `invalid control_request: \`${field}\` must be ${kind}`;
}

/** The decision on a `control_request` line: the reply to write, or a warning when no `request_id` can carry one. */
export function controlRequestReply(
  line: JsonObject,
  handler: ControlHandler = withoutHandler,
): { readonly reply: StreamJsonControlResponseLine } | { readonly warning: string } {
  const requestId = line.request_id;
  if (typeof requestId !== "string") return { warning: problem("request_id", requestId, "a string") };
  const request = line.request;
  if (!isJsonObject(request)) return { reply: controlError(requestId, problem("request", request, "an object")) };
  const subtype = request.subtype;
  if (typeof subtype !== "string") return { reply: controlError(requestId, problem("subtype", subtype, "a string")) };
  if (subtype === "rewind_files") return { reply: controlError(requestId, REWIND_FILES_ERROR) };
  if (!isSupported(subtype)) return { reply: controlError(requestId, `unsupported control request subtype \`${shownName(subtype)}\``) };
  const answer = checkedAnswer(subtype, () => handler({ requestId, subtype, request }));
  if (!answer.ok) return { reply: controlError(requestId, answer.error) };
  if (subtype !== "initialize") return { reply: controlSuccess(requestId, answer.data) };
  const { protocol_version: _pinned, ...session } = answer.data ?? {};
  return { reply: controlSuccess(requestId, { protocol_version: PROTOCOL_VERSION, ...session }) };
}

/** The `request_id` a host `control_response` answers: the one inside its `response`. */
export function answeredControlRequest(line: JsonObject): string | undefined {
  const response = line.response;
  return isJsonObject(response) && typeof response.request_id === "string" ? response.request_id : undefined;
}
