/**
 * Params of the server request `mcp_trust/request`: an MCP server waiting to
 * be trusted before one of its tools runs.
 */
export interface McpTrustApprovalRequest {
  /**
   * Id of this trust prompt. Required.
   */
  request_id: string;
  /**
   * Session that wants to use the server. Required.
   */
  session_id: string;
  /**
   * The MCP server to trust. Required.
   */
  server_id: string;
  /**
   * The tool that triggered the prompt. Required.
   */
  tool_name: string;
}

/**
 * The user's answer to an MCP trust prompt, as a bare string.
 */
export type McpTrustDecisionWire = "trust" | "deny";

/**
 * Answer to an MCP trust prompt with its routing id.
 */
export interface McpTrustResponseParams {
  /**
   * The prompt's `McpTrustApprovalRequest.request_id`. Required.
   */
  request_id: string;
  /**
   * The decision. Required.
   */
  decision: McpTrustDecisionWire;
}

/**
 * Success `data` a client sends for `mcp_trust/request`: the full
 * `McpTrustResponseParams` or a bare decision. Anything else, an error
 * result, a missing `data` or a timeout means deny.
 */
export type McpTrustRequestResult = McpTrustResponseParams | McpTrustDecisionWire;
