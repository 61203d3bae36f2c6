import type { ClientMessageResponse, ServerMessageRequest } from "@app-server-protocol/types";
import { isAskUserQuestionRequest, isMcpTrustApprovalRequest, isPermissionRequest } from "@app-server-protocol/validators";
import type { AcpRequestPermissionParams } from "./acp-types.js";
import { askUserResponseFromAcp, mcpTrustDecisionFromAcp, permissionResponseFromAcp } from "./inbound.js";
import { askUserRequestToAcp, mcpTrustRequestToAcp, permissionRequestToAcp, type BridgeOptions } from "./outbound.js";

/** An ACP session as the bridge routes questions to it. */
export interface AcpSession {
  readonly id: string;
  /** A prompt turn is running in it. */
  readonly promptActive: boolean;
}

/** A server request sent on to the editor, waiting for its answer. */
export interface AcpPendingRequest {
  /** The app-server envelope id (`srv-perm-<n>`, ...), answered exactly once. */
  readonly id: string;
  /** The ACP session it was sent in. */
  readonly sessionId: string;
  /** The server request. */
  readonly request: ServerMessageRequest;
  /** The answer sent if the session is cancelled or closed, or input ends: deny, deny, or an empty question response. */
  readonly fallback: ClientMessageResponse;
  /** The options the editor's request was made with, so its answer is read against what was offered. */
  readonly options: BridgeOptions;
}

/** The bridge's state: the server requests the editor still has to answer. */
export interface AcpBridgeState {
  readonly pending: readonly AcpPendingRequest[];
}

/** An empty bridge. */
export const EMPTY_BRIDGE: AcpBridgeState = { pending: [] };

/** What to do with a server request (spec 6.1, 6.2). */
export type ServerRequestStep =
  /** Send `params` to the editor as `session/request_permission`; the request is pending in `state`. */
  | { readonly kind: "ask_editor"; readonly params: AcpRequestPermissionParams; readonly state: AcpBridgeState }
  /** Answer the app-server at once with `response` (a question ACP cannot show, or no session to show it in). */
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

function success(id: string, data: unknown): ClientMessageResponse {
  return { type: "response", id, result: { status: "success", data } };
}

/**
 * The ACP session a question goes to (spec 6.1): its own `session_id` when
 * that is a known session; with no `session_id`, the single session with an
 * active prompt. `undefined` when there is none (or several), and the
 * question is then answered as cancelled.
 */
export function routeQuestion(sessionId: string | undefined, sessions: readonly AcpSession[]): string | undefined {
  if (sessionId !== undefined && sessionId !== "") return sessions.some((session) => session.id === sessionId) ? sessionId : undefined;
  const active = sessions.filter((session) => session.promptActive);
  return active.length === 1 ? active[0]?.id : undefined;
}

/**
 * Takes a server request from the app-server: decides whether to ask the
 * editor, and with what, or to answer at once. Pure: returns the new state.
 * A request whose envelope id is still pending replaces the pending one (the
 * editor's earlier request is abandoned), so the id is still answered once.
 *
 * @example
 * ```ts
 * import { EMPTY_BRIDGE, acceptServerRequest } from "@app-server-protocol/acp";
 *
 * const sessions = [{ id: "s1", promptActive: true }];
 * const free = { type: "request" as const, id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: "ask-1", question: "Why?" } };
 * const step = acceptServerRequest(EMPTY_BRIDGE, free, sessions);
 * step.kind === "answer_now" && step.response; // => { type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "ask-1" } } }
 * ```
 */
export function acceptServerRequest(
  state: AcpBridgeState,
  request: ServerMessageRequest,
  sessions: readonly AcpSession[],
  options: BridgeOptions = {},
): ServerRequestStep {
  const { id, params } = request;
  const remember = (sessionId: string, fallback: ClientMessageResponse): AcpBridgeState => ({
    pending: [...state.pending.filter((entry) => entry.id !== id), { id, sessionId, request, fallback, options: { ...options } }],
  });
  if (request.method === "permission/request" && isPermissionRequest(params)) {
    const fallback = success(id, { request_id: params.request_id, decision: { decision: "deny" } });
    return { kind: "ask_editor", params: permissionRequestToAcp(params, options), state: remember(params.session_id, fallback) };
  }
  if (request.method === "mcp_trust/request" && isMcpTrustApprovalRequest(params)) {
    return { kind: "ask_editor", params: mcpTrustRequestToAcp(params), state: remember(params.session_id, success(id, "deny")) };
  }
  if (request.method === "ask_user/request" && isAskUserQuestionRequest(params)) {
    const empty = success(id, { request_id: params.request_id });
    const sessionId = routeQuestion(params.session_id, sessions);
    const acp = sessionId === undefined ? undefined : askUserRequestToAcp(params, sessionId);
    if (sessionId === undefined || acp === undefined) return { kind: "answer_now", response: empty, state };
    return { kind: "ask_editor", params: acp, state: remember(sessionId, empty) };
  }
  return { kind: "unsupported", state };
}

/**
 * Takes the editor's answer to the request sent for server request `id`
 * (spec 6.3). `response` is ACP's `RequestPermissionResponse`, or
 * `undefined` for a transport error. It is read against the options the
 * request was sent with: `allow_always` approves always only where it was
 * offered. A request that is no longer pending (already answered by a
 * cancellation) gets no second answer.
 */
export function acceptAcpResponse(state: AcpBridgeState, id: string, response: unknown): Settled {
  const pending = state.pending.find((entry) => entry.id === id);
  if (pending === undefined) return { responses: [], state };
  const remaining = { pending: state.pending.filter((entry) => entry !== pending) };
  const { request } = pending;
  const params = request.params;
  let data: unknown;
  if (request.method === "permission/request" && isPermissionRequest(params)) data = permissionResponseFromAcp(params, response, pending.options);
  else if (request.method === "mcp_trust/request") data = mcpTrustDecisionFromAcp(response);
  else if (isAskUserQuestionRequest(params)) data = askUserResponseFromAcp(params, response);
  return { responses: [data === undefined ? pending.fallback : success(id, data)], state: remaining };
}

function settle(state: AcpBridgeState, matches: (entry: AcpPendingRequest) => boolean): Settled {
  return {
    responses: state.pending.filter(matches).map((entry) => entry.fallback),
    state: { pending: state.pending.filter((entry) => !matches(entry)) },
  };
}

/** `session/cancel` or `session/close` (spec 6.4): every pending request of the session gets its fallback answer, once. */
export function cancelAcpSession(state: AcpBridgeState, sessionId: string): Settled {
  return settle(state, (entry) => entry.sessionId === sessionId);
}

/** End of input (spec 6.4): every pending request gets its fallback answer, once. */
export function endAcpInput(state: AcpBridgeState): Settled {
  return settle(state, () => true);
}
