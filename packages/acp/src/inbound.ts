import type {
  AskUserQuestionPayload,
  AskUserQuestionResponse,
  McpTrustDecisionWire,
  PermissionDecisionWire,
  PermissionRequest,
  PermissionResponseParams,
} from "@app-server-protocol/types";
import { selectedOption } from "./acp-types.js";
import { isList, readField, readJson, readString } from "./json-data.js";
import { ALLOW_ALWAYS, ALLOW_ONCE, TRUST_MCP_SERVER, askUserOptionIndex } from "./options.js";
import type { BridgeOptions } from "./outbound.js";

/**
 * The decision an ACP answer to a permission request stands for (spec 6.3):
 * `allow_once` approves; with `offerAllowAlways`, `allow_always` approves
 * always, with `rules` written out as `[]` (spec 2.3: the field defaults to
 * `[]` and is always emitted; ACP's answer names no rules); any other option,
 * `cancelled`, a transport error (pass `undefined`) or a malformed answer
 * denies. Never throws, whatever `response` and `options` are.
 *
 * @example
 * ```ts
 * import { permissionDecisionFromAcp } from "@app-server-protocol/acp";
 *
 * permissionDecisionFromAcp({ outcome: { outcome: "selected", optionId: "allow_once" } }); // => { decision: "approve" }
 * permissionDecisionFromAcp({ outcome: { outcome: "cancelled" } }); // => { decision: "deny" }
 * permissionDecisionFromAcp({ outcome: { outcome: "selected", optionId: "allow_always" } }, { offerAllowAlways: true }); // => { decision: "approve_always", rules: [] }
 * ```
 */
export function permissionDecisionFromAcp(response: unknown, options: BridgeOptions = {}): PermissionDecisionWire {
  const option = selectedOption(response);
  if (option === ALLOW_ONCE) return { decision: "approve" };
  if (option === ALLOW_ALWAYS && readField(readJson(options), "offerAllowAlways") === true) return { decision: "approve_always", rules: [] };
  return { decision: "deny" };
}

/**
 * The success `data` answering a `permission/request` from an ACP answer:
 * `PermissionResponseParams` with the request's id (`""` when `request` has
 * no string `request_id`).
 */
export function permissionResponseFromAcp(request: PermissionRequest, response: unknown, options: BridgeOptions = {}): PermissionResponseParams {
  return { request_id: readString(readJson(request), "request_id"), decision: permissionDecisionFromAcp(response, options) };
}

/**
 * The decision an ACP answer to an MCP trust request stands for (spec 6.3):
 * `trust_mcp_server` trusts; anything else denies. Sent as the bare
 * decision.
 *
 * @example
 * ```ts
 * import { mcpTrustDecisionFromAcp } from "@app-server-protocol/acp";
 *
 * mcpTrustDecisionFromAcp({ outcome: { outcome: "selected", optionId: "trust_mcp_server" } }); // => "trust"
 * mcpTrustDecisionFromAcp(undefined); // => "deny"
 * ```
 */
export function mcpTrustDecisionFromAcp(response: unknown): McpTrustDecisionWire {
  return selectedOption(response) === TRUST_MCP_SERVER ? "trust" : "deny";
}

/**
 * The `AskUserQuestionResponse` an ACP answer to a question stands for (spec
 * 6.3): `ask_user_option_<N>` with N a valid index answers with the legacy
 * label at N (the server maps it to `option-<N+1>`); `cancelled`, an
 * unparsable or out-of-range id, or an error leaves `answer` out, which the
 * server reads as `cancelled`/`client_closed`. Only `request_id` and the
 * legacy `options` of `request` are read: a `request_id` that is not a
 * string reads as `""`, and a label that is not a string is no answer.
 *
 * @example
 * ```ts
 * import { askUserResponseFromAcp } from "@app-server-protocol/acp";
 *
 * const request = { request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
 * askUserResponseFromAcp(request, { outcome: { outcome: "selected", optionId: "ask_user_option_1" } }); // => { request_id: "ask-1", answer: "SQLite" }
 * askUserResponseFromAcp(request, { outcome: { outcome: "selected", optionId: "ask_user_option_2" } }); // => { request_id: "ask-1" }
 * ```
 */
export function askUserResponseFromAcp(request: AskUserQuestionPayload, response: unknown): AskUserQuestionResponse {
  const read = readJson(request);
  const requestId = readString(read, "request_id");
  const option = selectedOption(response);
  const index = option === undefined ? undefined : askUserOptionIndex(option);
  const labels = index === undefined ? undefined : readField(read, "options");
  const label = isList(labels) && index !== undefined ? labels[index] : undefined;
  return typeof label === "string" ? { request_id: requestId, answer: label } : { request_id: requestId };
}
