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
  routeQuestion,
  type AcpBridgeState,
  type AcpPendingRequest,
  type AcpSession,
  type ServerRequestStep,
  type Settled,
} from "./bridge.js";
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
