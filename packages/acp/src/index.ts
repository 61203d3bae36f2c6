export {
  selectedOption,
  type AcpPermissionOption,
  type AcpPermissionOptionKind,
  type AcpPermissionOutcome,
  type AcpRequestPermissionParams,
  type AcpRequestPermissionResponse,
  type AcpToolCallUpdate,
  type AcpToolKind,
} from "./acp-types.js";
export {
  EMPTY_BRIDGE,
  acceptAcpResponse,
  acceptServerRequest,
  cancelAcpSession,
  endAcpInput,
  type ServerRequestStep,
  type Settled,
} from "./bridge.js";
export { MAX_JSON_DEPTH } from "./json-data.js";
export { routeQuestion, type AcpSession } from "./routing.js";
export type { AcpBridgeState, AcpPendingRequest } from "./pending-store.js";
export { askUserResponseFromAcp, mcpTrustDecisionFromAcp, permissionDecisionFromAcp, permissionResponseFromAcp } from "./inbound.js";
export {
  ALLOW_ALWAYS,
  ALLOW_ONCE,
  ASK_USER_OPTION_PREFIX,
  REJECT_MCP_SERVER,
  REJECT_ONCE,
  TRUST_MCP_SERVER,
  askUserOptionId,
  askUserOptionIndex,
} from "./options.js";
export { askUserRequestToAcp, mcpTrustRequestToAcp, permissionRequestToAcp, permissionSummary, toolKind, type BridgeOptions } from "./outbound.js";
export { askUserRepresentability, type Representability } from "./representable.js";
