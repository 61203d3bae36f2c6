/**
 * Machine-readable error code of a `ProtocolError`, spelled in snake_case.
 * The set is closed: an unknown code fails to decode. `parse_error` and
 * `overloaded` are reserved: the reference never sends them (undecodable
 * lines are dropped by its transports).
 */
export type ErrorCode =
  | "parse_error"
  | "invalid_request"
  | "method_not_found"
  | "invalid_params"
  | "internal_error"
  | "session_not_found"
  | "active_turn"
  | "no_active_turn"
  | "permission_denied"
  | "provider_failed"
  | "config_error"
  | "tool_error"
  | "mcp_error"
  | "overloaded";

/**
 * An error returned by a request. On the wire its fields are flattened next
 * to `"status": "error"` inside a `ResponseResult`.
 */
export interface ProtocolError {
  /**
   * What went wrong, as one of the fixed codes. Required.
   */
  code: ErrorCode;
  /**
   * Human-readable explanation (for example `unknown method: foo/bar`). Required.
   */
  message: string;
  /**
   * Extra structured detail; any JSON value. Omitted when there is none.
   */
  data?: unknown;
}
