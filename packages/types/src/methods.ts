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
 * The params and answer types of every method, as the reference's method
 * contract inventory names them (spec 3.2, 3.3).
 */
export const METHOD_CONTRACTS = {
  initialize: { params: "InitializeParams", result: "InitializeResult" },
  "session/bootstrap": { params: "BootstrapParams", result: "BootstrapState" },
  "session/list": { params: "EmptyParams", result: "SessionListResult" },
  "session/rename": { params: "SessionRenameParams", result: "NoData" },
  "session/fork": { params: "SessionForkParams", result: "SessionForkResult" },
  "session/clear": { params: "SessionIdParams", result: "BootstrapState" },
  "session/rewind": { params: "SessionRewindParams", result: "BootstrapState" },
  "session/record_message": { params: "SessionRecordMessageParams", result: "NoData" },
  "session/compact": { params: "SessionIdParams", result: "CompactSessionResult" },
  "session/compact_decision": { params: "SessionIdParams", result: "CompactDecision" },
  "session/find_by_title": { params: "SessionFindByTitleParams", result: "SessionFindByTitleResult" },
  "turn/submit": { params: "TurnSubmitParams", result: "TurnSubmitResult" },
  "turn/steer": { params: "TurnSubmitParams", result: "NoData" },
  "turn/cancel": { params: "SessionIdParams", result: "TurnCancelResult" },
  "turn/interrupt": { params: "SessionIdParams", result: "TurnInterruptResult" },
  "permission/respond": { params: "PermissionResponseParams", result: "SentResult" },
  "permission/overview": { params: "EmptyParams", result: "PermissionOverview" },
  "permission/mode": { params: "EmptyParams", result: "PermissionModeResult" },
  "permission/set_mode": { params: "PermissionSetModeParams", result: "NoData" },
  "permission/add_rule": { params: "PermissionRuleParams", result: "PermissionRuleUpdateResult" },
  "permission/remove_rule": { params: "PermissionRuleParams", result: "PermissionRuleUpdateResult" },
  "permission/add_session_rule": { params: "SessionPermissionRuleParams", result: "PermissionRuleUpdateResult" },
  "permission/remove_session_rule": { params: "SessionPermissionRuleParams", result: "PermissionRuleUpdateResult" },
  "permission/add_directory": { params: "AddDirectoryParams", result: "AddedDirectory" },
  "permission/validate_directory": { params: "ValidateDirectoryParams", result: "AddDirectoryCandidate" },
  "settings/model_name": { params: "EmptyParams", result: "ModelNameResult" },
  "settings/model_options": { params: "EmptyParams", result: "ModelOptionsResult" },
  "settings/set_model": { params: "SetModelParams", result: "SetModelResult" },
  "settings/set_thinking_budget": { params: "SetThinkingBudgetParams", result: "ThinkingBudgetResult" },
  "settings/providers": { params: "EmptyParams", result: "ProvidersResult" },
  "settings/theme": { params: "EmptyParams", result: "ThemeResult" },
  "settings/set_theme": { params: "ThemeParams", result: "ThemeResult" },
  "settings/effort": { params: "EmptyParams", result: "EffortResult" },
  "settings/set_effort": { params: "EffortParams", result: "EffortResult" },
  "settings/output_style": { params: "EmptyParams", result: "OutputStyleResult" },
  "settings/set_output_style": { params: "OutputStyleParams", result: "OutputStyleResult" },
  "settings/sandbox": { params: "EmptyParams", result: "SandboxLocalSettings" },
  "settings/update_sandbox": { params: "SandboxSettingsUpdate", result: "PathResult" },
  "settings/keybindings": { params: "EmptyParams", result: "KeybindingsFileResult" },
  "settings/load_keybindings": { params: "EmptyParams", result: "KeybindingsLoadResult" },
  "settings/editor_mode": { params: "EmptyParams", result: "EditorModeResult" },
  "settings/set_editor_mode": { params: "EditorModeParams", result: "EditorModeResult" },
  "settings/output_style_options": { params: "EmptyParams", result: "OutputStyleOptionsResult" },
  "settings/active_output_style": { params: "EmptyParams", result: "ActiveOutputStyleResult" },
  "settings/is_locked": { params: "SettingKeyParams", result: "SettingLockedResult" },
  "settings/set_auto_memory": { params: "EnabledParams", result: "EnabledResult" },
  "settings/ensure_memory_file": { params: "StringPathParams", result: "PathResult" },
  "settings/add_sandbox_excluded": { params: "SandboxExcludedCommandParams", result: "SandboxExcludedCommandResult" },
  "context/preview": { params: "EmptyParams", result: "TurnContext" },
  "context/overview": { params: "SessionIdParams", result: "ContextOverview" },
  "usage/overview": { params: "SessionIdParams", result: "UsageOverview" },
  "usage/cost": { params: "SessionIdParams", result: "CostOverview" },
  "usage/stats": { params: "EmptyParams", result: "StatsOverview" },
  "mcp/list_servers": { params: "EmptyParams", result: "McpListServersResult" },
  "mcp/status": { params: "EmptyParams", result: "McpStatusResult" },
  "mcp/server_trust": { params: "McpServerIdParams", result: "McpServerTrustResult" },
  "mcp/set_trust": { params: "McpSetTrustParams", result: "NoData" },
  "mcp/list_tools": { params: "McpServerIdParams", result: "McpListToolsResult" },
  "mcp/list_resources": { params: "McpSessionServerParams", result: "McpListResourcesResult" },
  "mcp/read_resource": { params: "McpReadResourceParams", result: "McpResourceContent" },
  "mcp/list_prompts": { params: "McpSessionServerParams", result: "McpListPromptsResult" },
  "mcp/get_prompt": { params: "McpGetPromptParams", result: "McpPromptResult" },
  "mcp/invoke_tool": { params: "McpInvokeToolParams", result: "McpToolResult" },
  "mcp/diagnose": { params: "McpServerIdParams", result: "McpDiagnoseResult" },
  "mcp/upsert_server": { params: "McpServerInput", result: "NoData" },
  "mcp/remove_server": { params: "McpServerIdParams", result: "McpRemoveServerResult" },
  "mcp/capabilities": { params: "EmptyParams", result: "McpCapabilitiesResult" },
  "mcp/slash_suggestions": { params: "EmptyParams", result: "McpSlashSuggestionCatalog" },
  "mcp/oauth_overview": { params: "McpOAuthOverviewParams", result: "McpOAuthOverview" },
  "mcp/logout_oauth_token": { params: "McpServerIdParams", result: "McpLogoutOAuthTokenResult" },
  "tools/list": { params: "EmptyParams", result: "ToolsListResult" },
  "tools/invoke": { params: "ToolInvokeParams", result: "ToolInvokeResult" },
  "tools/skills": { params: "SkillDefinitionsParams", result: "SkillDefinitionsResult" },
  "tools/agents": { params: "EmptyParams", result: "AgentDefinitionsResult" },
  "tools/plan": { params: "EmptyParams", result: "PlanOverview" },
  "tools/task_list": { params: "TaskListParams", result: "TaskListResult" },
  "tools/enter_plan": { params: "EmptyParams", result: "EnterPlanModeResult" },
  "tools/agents_with_warnings": { params: "EmptyParams", result: "AgentDefinitionsWithWarningsResult" },
  "tools/seed_read_state": { params: "SeedReadStateParams", result: "SeedReadStateResult" },
  "auth/overview": { params: "EmptyParams", result: "AuthOverview" },
  "auth/login": { params: "AuthLoginParams", result: "AuthLoginResult" },
  "auth/logout": { params: "AuthLogoutParams", result: "AuthLogoutResult" },
  "diagnostics/status": { params: "SessionIdParams", result: "StatusOverview" },
  "diagnostics/memory": { params: "EmptyParams", result: "MemoryOverview" },
  "diagnostics/doctor": { params: "EmptyParams", result: "DoctorReport" },
  "diagnostics/hooks": { params: "EmptyParams", result: "HookDiscovery" },
  "diagnostics/diff": { params: "EmptyParams", result: "WorkspaceDiff" },
  "diagnostics/advanced": { params: "EmptyParams", result: "AdvancedCapabilitiesResult" },
  "diagnostics/cleanup_child_sessions": { params: "DiagnosticsCleanupChildSessionsParams", result: "ChildSessionOrphanCleanupResult" },
  "diagnostics/last_request": { params: "EmptyParams", result: "LastProviderRequestResult" },
  "diagnostics/pre_user_instructions": { params: "SessionIdParams", result: "PreUserInstructionsResult" },
  "session/acp_load_preflight": { params: "SessionIdParams", result: "AcpLoadReplayPreflight" },
  "session/acp_load_setup": { params: "BootstrapParams", result: "BootstrapState" },
  "session/acp_resume_setup": { params: "BootstrapParams", result: "BootstrapState" },
  "session/acp_delete": { params: "AcpDeleteSessionParams", result: "NoData" },
  "session/acp_close": { params: "SessionIdParams", result: "NoData" },
  "session/control_state": { params: "SessionIdParams", result: "SessionControlState" },
  "session/set_permission_mode": { params: "SetSessionPermissionModeParams", result: "SessionControlState" },
  "session/permission_presets": { params: "SessionIdParams", result: "PermissionPresetsResult" },
  "session/set_permission_preset": { params: "SetSessionPermissionPresetParams", result: "SessionControlState" },
  "session/set_model": { params: "SetSessionModelParams", result: "SessionControlState" },
  "session/set_effort": { params: "SetSessionEffortParams", result: "SessionControlState" },
  "session/goal/get": { params: "SessionIdParams", result: "SessionGoalGetResult" },
  "session/goal/set": { params: "SessionGoalSetParams", result: "SessionGoalSetResult" },
  "session/goal/clear": { params: "SessionIdParams", result: "SessionGoalClearResult" },
  "session/goal/continue": { params: "SessionGoalContinueParams", result: "SessionGoalContinueResult" },
  "background/create": { params: "BackgroundCreateParams", result: "BackgroundCreateResult" },
  "background/list": { params: "EmptyParams", result: "BackgroundTaskListResult" },
  "background/detail": { params: "BackgroundJobParams", result: "BackgroundTaskView" },
  "background/cancel": { params: "BackgroundJobParams", result: "BackgroundCancelResult" },
  "background/log": { params: "BackgroundJobParams", result: "BackgroundLogResult" },
  "background/events": { params: "BackgroundJobParams", result: "BackgroundEventsResult" },
  "background/list_summary": { params: "EmptyParams", result: "BackgroundTaskListResult" },
  "background/subscribe": { params: "BackgroundSubscribeParams", result: "BackgroundSubscribeResult" },
  "background/cancel_async": { params: "CancelAsyncTaskParams", result: "CancelAsyncTaskResult" },
  "workflow/list": { params: "EmptyParams", result: "WorkflowListResult" },
  "workflow/start": { params: "WorkflowStartParams", result: "WorkflowTaskResult" },
  "workflow/start_dynamic": { params: "WorkflowStartDynamicParams", result: "WorkflowTaskResult" },
  "workflow/resume": { params: "WorkflowResumeParams", result: "WorkflowTaskResult" },
  "stream/event": { params: "StreamEventNotification", result: null },
  "permission/request": { params: "PermissionRequest", result: "PermissionRequestResult" },
  "mcp_trust/request": { params: "McpTrustApprovalRequest", result: "McpTrustRequestResult" },
  "ask_user/request": { params: "AskUserQuestionRequest", result: "AskUserQuestionResponse" },
} as const satisfies { readonly [M in ProtocolMethod]: MethodContract };

/**
 * The fields of one method's messages that the reference's method contract
 * inventory marks, as paths: a request path is bare (`prompt`), a response
 * path starts with `result` (`result.goal.objective`); `[*]` stands for
 * every item of an array, and `extra` for the flattened extra keys of an
 * object that keeps unknown keys.
 */
export interface MethodFieldMarks {
  /**
   * Paths whose content the protocol leaves unschematized.
   */
  opaque?: string[];
  /**
   * Paths that may carry secrets or user content and must not be logged.
   */
  sensitive?: string[];
}

/**
 * The opaque and sensitive fields of each client method (spec 3.2), as the
 * reference's inventory lists them; the fields themselves carry
 * `x-opaque` and `x-sensitive` in their schemas. Methods not listed mark none.
 */
export const METHOD_FIELD_MARKS: { readonly [M in ClientMethod]?: MethodFieldMarks } = {
  "session/bootstrap": { sensitive: ["session_mcp_servers[*].endpoint", "session_mcp_servers[*].args", "session_mcp_servers[*].env", "session_mcp_servers[*].headers", "session_mcp_servers[*].auth", "session_mcp_servers[*].error"] },
  "session/record_message": { sensitive: ["message"] },
  "turn/submit": { sensitive: ["prompt"] },
  "turn/steer": { sensitive: ["prompt"] },
  "mcp/list_prompts": { opaque: ["result[*].extra"] },
  "mcp/get_prompt": { opaque: ["arguments", "result.messages[*].content.annotations.extra"] },
  "mcp/invoke_tool": { sensitive: ["input"] },
  "mcp/upsert_server": { sensitive: ["endpoint", "args", "env", "headers", "auth", "error"] },
  "tools/invoke": { opaque: ["result.metadata"], sensitive: ["input"] },
  "tools/enter_plan": { opaque: ["result.metadata"] },
  "auth/login": { sensitive: ["token"] },
  "diagnostics/last_request": { sensitive: ["result.body_json", "result.recent_activity_json", "result.previous_turn_json"] },
  "diagnostics/pre_user_instructions": { sensitive: ["result.preview"] },
  "session/acp_load_setup": { sensitive: ["session_mcp_servers[*].endpoint", "session_mcp_servers[*].args", "session_mcp_servers[*].env", "session_mcp_servers[*].headers", "session_mcp_servers[*].auth"] },
  "session/acp_resume_setup": { sensitive: ["session_mcp_servers[*].endpoint", "session_mcp_servers[*].args", "session_mcp_servers[*].env", "session_mcp_servers[*].headers", "session_mcp_servers[*].auth"] },
  "session/goal/get": { sensitive: ["result.goal.objective"] },
  "session/goal/set": { sensitive: ["objective", "result.goal.objective"] },
  "session/goal/continue": { sensitive: ["result.goal.objective"] },
  "background/create": { sensitive: ["prompt"] },
  "background/log": { sensitive: ["result.log"] },
  "background/events": { sensitive: ["result.events"] },
  "workflow/start": { sensitive: ["arguments"] },
  "workflow/start_dynamic": { opaque: ["spec"], sensitive: ["arguments"] },
};

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
   * Name of the params type.
   */
  params: ContractTypeName;
  /**
   * Name of the type of the answer (the success `data` of the response), or
   * `null` for a notification, which gets no answer.
   */
  result: ContractTypeName | null;
  /**
   * Paths of the fields whose content the protocol leaves unschematized
   * (`METHOD_FIELD_MARKS`); empty when none.
   */
  opaque_fields: string[];
  /**
   * Paths of the fields that may carry secrets or user content and must not
   * be logged (`METHOD_FIELD_MARKS`); empty when none.
   */
  sensitive_fields: string[];
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
