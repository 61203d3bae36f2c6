import type { ClientMessageResponse, ServerMessageRequest } from "@app-server-protocol/types";
import type { AcpRequestPermissionParams } from "./acp-types.js";
import { decode } from "./decode.js";
import { askUserParams, mcpTrustRequestToAcp, permissionRequestToAcp, type BridgeOptions } from "./outbound.js";
import type { AcpPendingRequest } from "./pending-store.js";
import { brokenLegacyRule, brokenQuestionRule, refusal } from "./question-rules.js";
import { representability } from "./representable.js";
import { knownSessions, route } from "./routing.js";

/** A success result answering server request `id` with `data`. */
export function success(id: string, data: unknown): ClientMessageResponse {
  return { type: "response", id, result: { status: "success", data } };
}

/** What a server request leads to, before the state is updated. */
export type Decision =
  | { readonly kind: "ask_editor"; readonly params: AcpRequestPermissionParams; readonly pending: Omit<AcpPendingRequest, "options"> }
  | { readonly kind: "answer_now"; readonly response: ClientMessageResponse }
  | { readonly kind: "unsupported" };

const UNSUPPORTED: Decision = { kind: "unsupported" };

/** The envelope a decoded request is kept as, with its params as the bridge read them. */
function kept(id: string, method: string, params: unknown): ServerMessageRequest {
  return { type: "request", id, method, params };
}

function decideQuestion(id: string, params: unknown, sessions: unknown): Decision {
  const request = decode("AskUserQuestionRequest", params);
  if (request === undefined) return UNSUPPORTED;
  const broken = brokenQuestionRule(request);
  if (broken !== null) return { kind: "answer_now", response: refusal(id, broken) };
  const empty = success(id, { request_id: request.request_id });
  const sessionId = route(request.session_id, knownSessions(sessions));
  if (sessionId === undefined || !representability(request).ok) return { kind: "answer_now", response: empty };
  const shown = brokenLegacyRule(request);
  if (shown !== null) return { kind: "answer_now", response: refusal(id, shown) };
  return { kind: "ask_editor", params: askUserParams(request, sessionId), pending: { id, sessionId, request: kept(id, "ask_user/request", request), fallback: empty } };
}

/** What server request `id` leads to (spec 6.1, 6.2, 4.2), read from its method and params. */
export function decide(id: string, method: unknown, params: unknown, sessions: unknown, options: BridgeOptions): Decision {
  if (method === "permission/request") {
    const request = decode("PermissionRequest", params);
    if (request === undefined) return UNSUPPORTED;
    const fallback = success(id, { request_id: request.request_id, decision: { decision: "deny" } });
    return { kind: "ask_editor", params: permissionRequestToAcp(request, options), pending: { id, sessionId: request.session_id, request: kept(id, method, request), fallback } };
  }
  if (method === "mcp_trust/request") {
    const request = decode("McpTrustApprovalRequest", params);
    if (request === undefined) return UNSUPPORTED;
    return { kind: "ask_editor", params: mcpTrustRequestToAcp(request), pending: { id, sessionId: request.session_id, request: kept(id, method, request), fallback: success(id, "deny") } };
  }
  return method === "ask_user/request" ? decideQuestion(id, params, sessions) : UNSUPPORTED;
}
