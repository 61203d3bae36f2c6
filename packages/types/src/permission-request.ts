/**
 * Params of the server request `permission/request`: a tool call waiting for
 * the user's approval.
 */
export interface PermissionRequest {
  /**
   * Id of this permission prompt; answers route by it. Required.
   */
  request_id: string;
  /**
   * Session that owns the tool call. Required.
   */
  session_id: string;
  /**
   * Provider tool-use id of the call. Required.
   */
  tool_use_id: string;
  /**
   * Name of the tool, for example `Bash`. Required.
   */
  tool_name: string;
  /**
   * The tool's input as a JSON text (a string, not an object). Required.
   */
  tool_input: string;
  /**
   * The call needs the tools permission. Required.
   */
  requires_tools_permission: boolean;
  /**
   * The call needs the network permission. Required.
   */
  requires_network_permission: boolean;
}

/**
 * `PermissionDecisionWire` variant: allow this call once.
 */
export interface PermissionDecisionApprove {
  /**
   * Tag: `"approve"`. Required.
   */
  decision: "approve";
}

/**
 * `PermissionDecisionWire` variant: refuse this call.
 */
export interface PermissionDecisionDeny {
  /**
   * Tag: `"deny"`. Required.
   */
  decision: "deny";
}

/**
 * `PermissionDecisionWire` variant: allow this call and remember rules for
 * later calls.
 */
export interface PermissionDecisionApproveAlways {
  /**
   * Tag: `"approve_always"`. Required.
   */
  decision: "approve_always";
  /**
   * Rules to remember, in rule syntax such as `Bash(npm test)`. Optional on
   * input, defaults to `[]`; always emitted.
   * @default []
   */
  rules?: string[];
}

/**
 * The user's answer to a permission prompt, tagged by `decision`.
 */
export type PermissionDecisionWire =
  | PermissionDecisionApprove
  | PermissionDecisionDeny
  | PermissionDecisionApproveAlways;

/**
 * Answer to a permission prompt: the `permission/respond` params, and one of
 * the two accepted response shapes of `permission/request`.
 */
export interface PermissionResponseParams {
  /**
   * The prompt's `PermissionRequest.request_id` (not the envelope id).
   * Required.
   */
  request_id: string;
  /**
   * The decision. Required.
   */
  decision: PermissionDecisionWire;
}

/**
 * Success `data` a client sends for `permission/request`: either the full
 * `PermissionResponseParams` or a bare decision (routed to the request's own
 * id). An error result, a missing `data` or a timeout means deny.
 */
export type PermissionRequestResult = PermissionResponseParams | PermissionDecisionWire;
