import type { ContractTypes } from "./contract-types.js";

/**
 * The name of a type a method contract can name, as in `schemas/`.
 */
export type ContractTypeName = keyof ContractTypes;

/**
 * Which way a method travels and whether it expects an answer.
 */
export type MethodDirection = "client_request" | "server_notification" | "server_request";

/**
 * Whether a method is part of the stable surface or needs the experimental
 * opt-in.
 */
export type MethodStability = "stable" | "experimental";

/**
 * A `ClientCapabilities` flag a client must declare before it may call a
 * method. Persistent-goal methods need both flags.
 */
export type CapabilityGate = "experimental_methods" | "persistent_goals";

/**
 * Stable client request methods, in canonical order.
 */
export const STABLE_METHODS = [
  "initialize",
  "session/bootstrap",
  "session/list",
  "session/rename",
  "session/fork",
  "session/clear",
  "session/rewind",
  "session/record_message",
  "session/compact",
  "session/compact_decision",
  "session/find_by_title",
  "turn/submit",
  "turn/steer",
  "turn/cancel",
  "turn/interrupt",
  "permission/respond",
  "permission/overview",
  "permission/mode",
  "permission/set_mode",
  "permission/add_rule",
  "permission/remove_rule",
  "permission/add_session_rule",
  "permission/remove_session_rule",
  "permission/add_directory",
  "permission/validate_directory",
  "settings/model_name",
  "settings/model_options",
  "settings/set_model",
  "settings/set_thinking_budget",
  "settings/providers",
  "settings/theme",
  "settings/set_theme",
  "settings/effort",
  "settings/set_effort",
  "settings/output_style",
  "settings/set_output_style",
  "settings/sandbox",
  "settings/update_sandbox",
  "settings/keybindings",
  "settings/load_keybindings",
  "settings/editor_mode",
  "settings/set_editor_mode",
  "settings/output_style_options",
  "settings/active_output_style",
  "settings/is_locked",
  "settings/set_auto_memory",
  "settings/ensure_memory_file",
  "settings/add_sandbox_excluded",
  "context/preview",
  "context/overview",
  "usage/overview",
  "usage/cost",
  "usage/stats",
  "mcp/list_servers",
  "mcp/status",
  "mcp/server_trust",
  "mcp/set_trust",
  "mcp/list_tools",
  "mcp/list_resources",
  "mcp/read_resource",
  "mcp/list_prompts",
  "mcp/get_prompt",
  "mcp/invoke_tool",
  "mcp/diagnose",
  "mcp/upsert_server",
  "mcp/remove_server",
  "mcp/capabilities",
  "mcp/slash_suggestions",
  "mcp/oauth_overview",
  "mcp/logout_oauth_token",
  "tools/list",
  "tools/invoke",
  "tools/skills",
  "tools/agents",
  "tools/plan",
  "tools/task_list",
  "tools/enter_plan",
  "tools/agents_with_warnings",
  "tools/seed_read_state",
  "auth/overview",
  "auth/login",
  "auth/logout",
  "diagnostics/status",
  "diagnostics/memory",
  "diagnostics/doctor",
  "diagnostics/hooks",
  "diagnostics/diff",
  "diagnostics/advanced",
  "diagnostics/cleanup_child_sessions",
  "diagnostics/last_request",
  "diagnostics/pre_user_instructions",
] as const;

/**
 * Experimental client request methods, in canonical order. A client calls
 * them only after declaring `experimental_methods`.
 */
export const EXPERIMENTAL_METHODS = [
  "session/acp_load_preflight",
  "session/acp_load_setup",
  "session/acp_resume_setup",
  "session/acp_delete",
  "session/acp_close",
  "session/control_state",
  "session/set_permission_mode",
  "session/permission_presets",
  "session/set_permission_preset",
  "session/set_model",
  "session/set_effort",
  "session/goal/get",
  "session/goal/set",
  "session/goal/clear",
  "session/goal/continue",
  "background/create",
  "background/list",
  "background/detail",
  "background/cancel",
  "background/log",
  "background/events",
  "background/list_summary",
  "background/subscribe",
  "background/cancel_async",
  "workflow/list",
  "workflow/start",
  "workflow/start_dynamic",
  "workflow/resume",
] as const;

/**
 * The experimental methods that additionally need `persistent_goals`.
 */
export const PERSISTENT_GOAL_METHODS = [
  "session/goal/get",
  "session/goal/set",
  "session/goal/clear",
  "session/goal/continue",
] as const;

/**
 * Server notification methods.
 */
export const SERVER_NOTIFICATION_METHODS = ["stream/event"] as const;

/**
 * Server-initiated request methods, in canonical order.
 */
export const SERVER_REQUEST_METHODS = ["permission/request", "mcp_trust/request", "ask_user/request"] as const;

/**
 * A stable client request method name.
 */
export type StableMethod = (typeof STABLE_METHODS)[number];

/**
 * An experimental client request method name.
 */
export type ExperimentalMethod = (typeof EXPERIMENTAL_METHODS)[number];

/**
 * A client request method name.
 */
export type ClientMethod = StableMethod | ExperimentalMethod;

/**
 * A server notification method name.
 */
export type ServerNotificationMethod = (typeof SERVER_NOTIFICATION_METHODS)[number];

/**
 * A server-initiated request method name.
 */
export type ServerRequestMethod = (typeof SERVER_REQUEST_METHODS)[number];

/**
 * Any method name of protocol 1.0.
 */
export type ProtocolMethod = ClientMethod | ServerNotificationMethod | ServerRequestMethod;

/**
 * The types a method's params and answer must have, named as in `schemas/`.
 */
export interface MethodContract {
  /**
   * Name of the params type.
   */
  params: ContractTypeName;
  /**
   * Name of the type of the answer: the success `data` of a request's
   * response. `null` for notifications, which get no answer.
   */
  result: ContractTypeName | null;
}

/**
 * The params and answer types of every method whose contract is typed.
 */
export const METHOD_CONTRACTS = {
  initialize: { params: "InitializeParams", result: "InitializeResult" },
  "permission/request": { params: "PermissionRequest", result: "PermissionRequestResult" },
  "mcp_trust/request": { params: "McpTrustApprovalRequest", result: "McpTrustRequestResult" },
  "ask_user/request": { params: "AskUserQuestionRequest", result: "AskUserQuestionResponse" },
} as const satisfies { readonly [M in ProtocolMethod]?: MethodContract };

/**
 * One method of the registry.
 */
export interface MethodDescriptor {
  /**
   * The method name.
   */
  method: ProtocolMethod;
  /**
   * Who sends it and whether it is answered.
   */
  direction: MethodDirection;
  /**
   * Stable or experimental.
   */
  stability: MethodStability;
  /**
   * The capability flags a client must declare before calling it, in the
   * order the server checks them; empty when ungated.
   */
  requires: CapabilityGate[];
  /**
   * Name of the params type, or `null` when the params are not typed yet
   * (any JSON is accepted).
   */
  params: ContractTypeName | null;
  /**
   * Name of the answer type, or `null` when there is no answer or it is not
   * typed yet.
   */
  result: ContractTypeName | null;
}

/**
 * The method registry as a document: the four canonical method lists and a
 * descriptor per method. This is the content of `schemas/methods.json`.
 */
export interface MethodRegistry {
  /**
   * The protocol version the registry describes.
   */
  protocol_version: string;
  /**
   * Stable client request methods, in canonical order.
   */
  stable_methods: StableMethod[];
  /**
   * Experimental client request methods, in canonical order.
   */
  experimental_methods: ExperimentalMethod[];
  /**
   * Server notification methods.
   */
  server_notification_methods: ServerNotificationMethod[];
  /**
   * Server request methods, in canonical order.
   */
  server_request_methods: ServerRequestMethod[];
  /**
   * Every method in canonical order: stable, experimental, notifications,
   * server requests.
   */
  methods: MethodDescriptor[];
}
