import type { ClientMessageResponse, ServerMessageRequest } from "@app-server-protocol/types";
import { isAskUserQuestionRequest, isPermissionRequest } from "@app-server-protocol/validators";
import type { AcpRequestPermissionParams } from "./acp-types.js";
import { bridgeOptions, stateOf } from "./bridge-state.js";
import { decide, success } from "./decision.js";
import { askUserResponseFromAcp, mcpTrustDecisionFromAcp, permissionResponseFromAcp } from "./inbound.js";
import { envelopeFields } from "./json-data.js";
import type { BridgeOptions } from "./outbound.js";
import { PendingRequests, type AcpBridgeState, type AcpPendingRequest, type Taken } from "./pending-store.js";
import type { AcpSession } from "./routing.js";

/**
 * An empty bridge. Every function taking a state takes this or a state one
 * of them returned; see `AcpBridgeState` for other values.
 */
export const EMPTY_BRIDGE: AcpBridgeState = PendingRequests.EMPTY;

/** What to do with a server request (spec 6.1, 6.2). */
export type ServerRequestStep =
  /** Send `params` to the editor as `session/request_permission`; the request is pending in `state`. */
  | { readonly kind: "ask_editor"; readonly params: AcpRequestPermissionParams; readonly state: AcpBridgeState }
  /**
   * Answer the app-server at once with `response`: an empty question
   * response for a question ACP cannot show or has no session to show in, an
   * error result for a question that breaks the request rules (spec 4.2).
   */
  | { readonly kind: "answer_now"; readonly response: ClientMessageResponse; readonly state: AcpBridgeState }
  /**
   * Not something the bridge handles (another method, or params that do not
   * decode): answer it with an error result, or the server waits for its
   * timeout (spec 1.8).
   */
  | { readonly kind: "unsupported"; readonly state: AcpBridgeState };

/** The result of settling pending requests: the answers to send, each exactly once, and the new state. */
export interface Settled {
  readonly responses: readonly ClientMessageResponse[];
  readonly state: AcpBridgeState;
}

/**
 * Takes a server request from the app-server: decides whether to ask the
 * editor, and with what, or to answer at once. Pure: returns the new state.
 * A request whose envelope id is still pending replaces the pending one,
 * whatever the new request leads to (the editor's earlier request is
 * abandoned and its fallback never sent), so the id is answered once.
 *
 * A question is first checked against the request rules (spec 4.2, the
 * validators' `checkQuestions`); one that breaks them is answered at once
 * with an error result, `invalid_params` and `invalid AskUserQuestion server
 * request: <rule message>`, as the stream-JSON CLI answers it (spec 5.7).
 *
 * Never throws: a `request` without a string `id`, or with params that do
 * not decode (a getter or proxy that throws, a cycle, a bigint, an array
 * with holes, nesting deeper than `MAX_JSON_DEPTH`), is `unsupported`. The
 * envelope's fields are read once, the params (and the sessions and
 * options) into plain JSON data, which is what is checked and kept.
 *
 * @example
 * ```ts
 * import { EMPTY_BRIDGE, acceptServerRequest } from "@app-server-protocol/acp";
 *
 * const sessions = [{ id: "s1", promptActive: true }];
 * const free = { type: "request" as const, id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: "ask-1", question: "Why?" } };
 * const step = acceptServerRequest(EMPTY_BRIDGE, free, sessions);
 * step.kind === "answer_now" && step.response; // => { type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "ask-1" } } }
 * const blank = { type: "request" as const, id: "srv-ask-user-2", method: "ask_user/request", params: { request_id: "ask-2", question: " ", options: ["A"] } };
 * const refused = acceptServerRequest(EMPTY_BRIDGE, blank, sessions);
 * refused.kind === "answer_now" && refused.response.result; // => { status: "error", code: "invalid_params", message: "invalid AskUserQuestion server request: question `question-1` text must not be empty" }
 * ```
 */
export function acceptServerRequest(
  state: AcpBridgeState,
  request: ServerMessageRequest,
  sessions: readonly AcpSession[],
  options: BridgeOptions = {},
): ServerRequestStep {
  const store = stateOf(state);
  const envelope = envelopeFields(request);
  const id = envelope?.id;
  if (envelope === undefined || typeof id !== "string") return { kind: "unsupported", state: store };
  const { rest } = store.without(id);
  const sent = bridgeOptions(options);
  const decision = decide(id, envelope.method, envelope.params, sessions, sent);
  if (decision.kind === "ask_editor") return { kind: "ask_editor", params: decision.params, state: rest.with({ ...decision.pending, options: sent }) };
  return decision.kind === "answer_now" ? { kind: "answer_now", response: decision.response, state: rest } : { kind: "unsupported", state: rest };
}

/** The answer to a pending request from the editor's response, read against the options the request was sent with. */
function answer(pending: AcpPendingRequest, response: unknown): ClientMessageResponse {
  const { id, request } = pending;
  const params = request.params;
  if (request.method === "permission/request" && isPermissionRequest(params)) return success(id, permissionResponseFromAcp(params, response, pending.options));
  if (request.method === "mcp_trust/request") return success(id, mcpTrustDecisionFromAcp(response));
  if (isAskUserQuestionRequest(params)) return success(id, askUserResponseFromAcp(params, response));
  return pending.fallback;
}

/**
 * Takes the editor's answer to the request sent for server request `id`
 * (spec 6.3). `response` is ACP's `RequestPermissionResponse`, or
 * `undefined` for a transport error; anything malformed, a getter or proxy
 * that throws included, reads as no selection. It is read against the
 * options the request was sent with: `allow_always` approves always only
 * where it was offered. A request that is no longer pending (already
 * answered, cancelled, or replaced by a newer request with its id) gets no
 * second answer. O(log n).
 */
export function acceptAcpResponse(state: AcpBridgeState, id: string, response: unknown): Settled {
  const store = stateOf(state);
  const { entry, rest } = typeof id === "string" ? store.without(id) : { entry: undefined, rest: store };
  return entry === undefined ? { responses: [], state: store } : { responses: [answer(entry, response)], state: rest };
}

function settled({ entries, rest }: Taken): Settled {
  return { responses: entries.map((entry) => entry.fallback), state: rest };
}

/**
 * `session/cancel` or `session/close` (spec 6.4): every pending request of
 * the session gets its fallback answer, once, in arrival order. O(k log n)
 * for the session's k requests.
 */
export function cancelAcpSession(state: AcpBridgeState, sessionId: string): Settled {
  const store = stateOf(state);
  return typeof sessionId === "string" ? settled(store.takeSession(sessionId)) : { responses: [], state: store };
}

/** End of input (spec 6.4): every pending request gets its fallback answer, once, in arrival order. */
export function endAcpInput(state: AcpBridgeState): Settled {
  return settled(stateOf(state).takeAll());
}
