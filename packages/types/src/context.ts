import type { StatusAuthOverview } from "./auth.js";
import type { Int64, Uint, Uint32, Uint64 } from "./integers.js";
import type { ModelPermissionPreset, PermissionOverview } from "./permission.js";
import type { EffortLevel, MemorySourceStatus, ProviderIdInput, TokenUsage, TurnContext } from "./records.js";

/**
 * Where `ContextUsageOverview.estimated_tokens` comes from. PascalCase on the
 * wire.
 */
export type ContextTokenSource = "ProviderCountTokens" | "RoughEstimateFallback";

/**
 * Estimated tokens of the next provider request, split by what they are for.
 */
export interface ContextCategoryBreakdown {
  /**
   * Tokens of the system prompt. Required.
   */
  system_prompt: Uint32;
  /**
   * Tokens of the built-in tool schemas. Required.
   */
  system_tools: Uint32;
  /**
   * Tokens of the MCP tool schemas. Required.
   */
  mcp_tools: Uint32;
  /**
   * Tokens of the loaded memory files. Required.
   */
  memory: Uint32;
  /**
   * Tokens of the skill listings. Required.
   */
  skills: Uint32;
  /**
   * Tokens of the conversation messages. Required.
   */
  conversation: Uint32;
  /**
   * Tokens of attachments; reserved, the reference reports `0`. Required.
   */
  attachments: Uint32;
  /**
   * Tokens no other category accounts for. Required.
   */
  uncategorized: Uint32;
}

/**
 * How full the model's context window is for a session, with the thresholds
 * that trigger warnings, auto-compaction and blocking.
 */
export interface ContextUsageOverview {
  /**
   * Model the figures are computed for. Required.
   */
  model: string;
  /**
   * Estimated tokens of the next provider request. Required.
   */
  estimated_tokens: Uint32;
  /**
   * Whether `estimated_tokens` was counted by the provider or estimated
   * locally. Required.
   */
  token_source: ContextTokenSource;
  /**
   * The estimate split by category. Required.
   */
  categories: ContextCategoryBreakdown;
  /**
   * Tokens of the system overhead (system prompt, tools, memory, skills and
   * uncategorized), at most `estimated_tokens`. Required.
   */
  system_tools_tokens: Uint32;
  /**
   * Tokens of the messages: `estimated_tokens` minus `system_tools_tokens`.
   * Required.
   */
  message_tokens: Uint32;
  /**
   * The model's context window in tokens, after overrides. Required.
   */
  context_window: Uint32;
  /**
   * Tokens reserved for the model's output. Required.
   */
  reserved_output_tokens: Uint32;
  /**
   * Tokens kept free as a compaction buffer. Required.
   */
  reserved_buffer_tokens: Uint32;
  /**
   * Reserved tokens counted against the context window (the buffer, at most
   * `context_window`). Required.
   */
  reserved_context_tokens: Uint32;
  /**
   * Tokens still free: the context window minus the estimate and the reserved
   * tokens. Required.
   */
  free_space_tokens: Uint32;
  /**
   * The context window minus the output reservation. Required.
   */
  effective_context_window: Uint32;
  /**
   * Token count at which auto-compaction starts. Required.
   */
  auto_compact_threshold: Uint32;
  /**
   * Token count at which a warning is shown. Required.
   */
  warning_threshold: Uint32;
  /**
   * Token count at which an error is shown. Required.
   */
  error_threshold: Uint32;
  /**
   * Token count at which new requests are blocked. Required.
   */
  blocking_limit: Uint32;
  /**
   * Percentage of the context window still available. Required.
   */
  percent_left: Uint32;
  /**
   * The estimate has passed `warning_threshold`. Required.
   */
  is_above_warning_threshold: boolean;
  /**
   * The estimate has passed `error_threshold`. Required.
   */
  is_above_error_threshold: boolean;
  /**
   * The estimate has passed `auto_compact_threshold`. Required.
   */
  is_above_auto_compact_threshold: boolean;
  /**
   * The estimate has reached `blocking_limit`. Required.
   */
  is_at_blocking_limit: boolean;
}

/**
 * What a context diagnostics section describes. PascalCase on the wire.
 */
export type ContextDiagnosticCategory =
  | "SystemPrompt"
  | "Settings"
  | "Tools"
  | "Mcp"
  | "Git"
  | "AddDir"
  | "Exclusions"
  | "Memory";

/**
 * The state of a context diagnostics section. PascalCase on the wire.
 */
export type ContextDiagnosticStatus = "Loaded" | "Configured" | "Empty" | "Skipped";

/**
 * One section of a `ContextDiagnosticsReport`.
 */
export interface ContextDiagnosticSection {
  /**
   * What the section describes. Required.
   */
  category: ContextDiagnosticCategory;
  /**
   * Whether that part of the context is loaded, configured, empty or skipped.
   * Required.
   */
  status: ContextDiagnosticStatus;
  /**
   * One-line human-readable summary. Required.
   */
  summary: string;
  /**
   * Human-readable detail lines; may be empty. Required.
   */
  details: string[];
  /**
   * Estimated tokens this section adds to the request; `0` when not counted.
   * Required.
   */
  token_estimate: Uint32;
}

/**
 * Per-category diagnostics of what goes into the model's context.
 */
export interface ContextDiagnosticsReport {
  /**
   * The sections, in the server's order. Required.
   */
  sections: ContextDiagnosticSection[];
}

/**
 * Result of `context/overview`: the turn context of a session, its context
 * window usage and diagnostics.
 */
export interface ContextOverview {
  /**
   * The turn context the next request would carry. Required.
   */
  context: TurnContext;
  /**
   * Context window usage and thresholds. Required.
   */
  usage: ContextUsageOverview;
  /**
   * Per-category diagnostics. Required.
   */
  report: ContextDiagnosticsReport;
  /**
   * The session's thinking-token budget. Optional and nullable (a missing key
   * reads as `null`; always emitted); `null` means no budget is set.
   */
  max_thinking_tokens?: Uint32 | null;
}

/**
 * How usage is paid for.
 */
export type BillingBasis = "api" | "subscription" | "mixed";

/**
 * Token usage and cost of one model within a session.
 */
export interface ModelUsage {
  /**
   * Input tokens. Required.
   */
  input_tokens: Uint64;
  /**
   * Output tokens. Required.
   */
  output_tokens: Uint64;
  /**
   * Input tokens read from the prompt cache. Required.
   */
  cache_read_input_tokens: Uint64;
  /**
   * Input tokens written to the prompt cache. Required.
   */
  cache_creation_input_tokens: Uint64;
  /**
   * Web search requests made by the provider. Required.
   */
  web_search_requests: Uint64;
  /**
   * API-priced cost in US dollars; `0` for subscription usage. Required.
   */
  cost_usd: number;
  /**
   * The model's context window in tokens. Required.
   */
  context_window: Uint32;
  /**
   * The model's maximum output tokens. Required.
   */
  max_output_tokens: Uint32;
  /**
   * How this model's usage is paid for. Optional, defaults to `"api"`; always
   * emitted.
   * @default "api"
   */
  billing_basis?: BillingBasis;
}

/**
 * The cost of a session, in total and per model.
 */
export interface CostSummary {
  /**
   * Total API-priced cost in US dollars. Required.
   */
  total_cost_usd: number;
  /**
   * Usage per model, keyed by canonical model name; empty when no usage was
   * recorded. Required.
   */
  model_usage: { [modelName: string]: ModelUsage };
  /**
   * Some usage came from a model without known pricing, so the total
   * understates the cost. Required.
   */
  has_unknown_model_cost: boolean;
  /**
   * How the session's usage is paid for; `mixed` when both API and
   * subscription usage occurred. Optional, defaults to `"api"`; always
   * emitted.
   * @default "api"
   */
  billing_basis?: BillingBasis;
}

/**
 * Result of `usage/overview`: message counts, token usage and cost of a
 * session.
 */
export interface UsageOverview {
  /**
   * The session. Required.
   */
  session_id: string;
  /**
   * The session's current model. Required.
   */
  model: string;
  /**
   * The session's current provider. Required.
   */
  provider: ProviderIdInput;
  /**
   * Messages in the transcript. Required.
   */
  message_count: Uint;
  /**
   * Assistant messages in the transcript. Required.
   */
  assistant_message_count: Uint;
  /**
   * Messages that carry token usage. Required.
   */
  usage_message_count: Uint;
  /**
   * Token usage summed over the transcript. Required.
   */
  total_usage: TokenUsage;
  /**
   * Cost of the session. Required.
   */
  cost: CostSummary;
}

/**
 * Result of `usage/cost`: the cost of a session.
 */
export interface CostOverview {
  /**
   * The session. Required.
   */
  session_id: string;
  /**
   * The session's current model. Required.
   */
  model: string;
  /**
   * The session's current provider. Required.
   */
  provider: ProviderIdInput;
  /**
   * Cost of the session. Required.
   */
  cost: CostSummary;
}

/**
 * Message count of one calendar day in `StatsOverview`.
 */
export interface StatsActivityDay {
  /**
   * The local calendar day, `YYYY-MM-DD`. Required.
   */
  date: string;
  /**
   * Messages created that day across all sessions. Required.
   */
  message_count: Uint;
}

/**
 * Result of `usage/stats`: message activity over recent days.
 */
export interface StatsOverview {
  /**
   * Number of days covered, at least 1. Required.
   */
  window_days: Uint;
  /**
   * Messages in the window, the sum over `activity_days`. Required.
   */
  message_count: Uint;
  /**
   * One entry per day of the window, oldest first. Required.
   */
  activity_days: StatsActivityDay[];
}

/**
 * A conflict between managed policy and another settings source.
 */
export interface PolicyConflictOverview {
  /**
   * Settings source the conflict comes from. Required.
   */
  source: string;
  /**
   * Path of that source's file. Required.
   */
  source_path: string;
  /**
   * Human-readable description of the conflict. Required.
   */
  message: string;
}

/**
 * One settings source and its state.
 */
export interface PolicySourceOverview {
  /**
   * Name of the settings source. Required.
   */
  source: string;
  /**
   * Path of the source's main file. Required.
   */
  primary_path: string;
  /**
   * The source's file exists. Required.
   */
  present: boolean;
  /**
   * The source cannot be written from the client. Required.
   */
  read_only: boolean;
  /**
   * Number of errors found while reading the source. Required.
   */
  error_count: Uint;
}

/**
 * Managed policy in effect and the state of every settings source.
 */
export interface PolicyOverview {
  /**
   * Where the managed policy comes from. Optional and nullable (a missing key
   * reads as `null`; always emitted); `null` means no managed policy.
   */
  managed_origin?: string | null;
  /**
   * Paths of the managed policy files; may be empty. Required.
   */
  managed_paths: string[];
  /**
   * Models the policy allows. Optional and nullable (a missing key reads as
   * `null`; always emitted); `null` means no restriction.
   */
  available_models?: string[] | null;
  /**
   * Number of MCP servers on the policy's allow list. Optional and nullable (a
   * missing key reads as `null`; always emitted); `null` means no allow list.
   */
  allowed_mcp_servers?: Uint | null;
  /**
   * Number of MCP servers on the policy's deny list. Required.
   */
  denied_mcp_servers: Uint;
  /**
   * Only managed hooks run. Required.
   */
  allow_managed_hooks_only: boolean;
  /**
   * Only managed permission rules apply. Required.
   */
  allow_managed_permission_rules_only: boolean;
  /**
   * Only managed MCP servers may be used. Required.
   */
  allow_managed_mcp_servers_only: boolean;
  /**
   * The bypass-permissions mode is disabled. Required.
   */
  disable_bypass_permissions_mode: boolean;
  /**
   * The policy's strict plugin-only customization setting. Optional and
   * nullable (a missing key reads as `null`; always emitted); `null` means not
   * set.
   */
  strict_plugin_only_customization?: string | null;
  /**
   * Login method the policy forces. Optional and nullable (a missing key reads
   * as `null`; always emitted); `null` means not set.
   */
  force_login_method?: string | null;
  /**
   * Where the effective model setting comes from. Optional and nullable (a
   * missing key reads as `null`; always emitted); `null` means unknown.
   */
  effective_model_source?: string | null;
  /**
   * Conflicts between managed policy and other sources; may be empty.
   * Required.
   */
  conflicts: PolicyConflictOverview[];
  /**
   * Every settings source and its state. Required.
   */
  settings_sources: PolicySourceOverview[];
}

/**
 * Result of `diagnostics/status`: the state of a session and its runtime.
 */
export interface StatusOverview {
  /**
   * The session. Required.
   */
  session_id: string;
  /**
   * The permission preset in effect. Optional and nullable (a missing key reads
   * as `null`; always emitted); `null` means no preset (legacy permission
   * settings).
   */
  active_permission_preset?: ModelPermissionPreset | null;
  /**
   * Working directory. Required.
   */
  cwd: string;
  /**
   * The user's home directory. Required.
   */
  home_dir: string;
  /**
   * Display name of the current model. Required.
   */
  model_display_name: string;
  /**
   * Id of the current model. Required.
   */
  model_name: string;
  /**
   * Capabilities of the current model; may be empty. Required.
   */
  model_capabilities: string[];
  /**
   * Display name of the small, fast model. Required.
   */
  small_fast_model_display_name: string;
  /**
   * Effort level in effect. Optional and nullable (a missing key reads as
   * `null`; always emitted); `null` means the default (automatic).
   */
  effort_level?: EffortLevel | null;
  /**
   * The session's thinking-token budget. Optional and nullable (a missing key
   * reads as `null`; always emitted); `null` means no budget is set.
   */
  max_thinking_tokens?: Uint32 | null;
  /**
   * Default provider. Required.
   */
  default_provider: ProviderIdInput;
  /**
   * Fallback provider, spelled like `default_provider`. Optional and nullable
   * (a missing key reads as `null`; always emitted); `null` means none.
   */
  fallback_provider?: ProviderIdInput | null;
  /**
   * Provider retries before giving up. Required.
   */
  max_retries: Uint;
  /**
   * The sandbox mode, as a display string. Required.
   */
  sandbox_mode: string;
  /**
   * The sandbox allows network access. Required.
   */
  sandbox_allow_network: boolean;
  /**
   * Permission context and rules. Required.
   */
  permissions: PermissionOverview;
  /**
   * Credentials, with their update times. Required.
   */
  auth: StatusAuthOverview;
  /**
   * Sessions persisted for this project. Required.
   */
  persisted_session_count: Uint;
  /**
   * Background jobs. Required.
   */
  background_job_count: Uint;
  /**
   * Tools available to the model. Required.
   */
  available_tool_count: Uint;
  /**
   * Configured MCP servers. Required.
   */
  configured_mcp_server_count: Uint;
  /**
   * Enabled MCP transports. Required.
   */
  enabled_mcp_capability_count: Uint;
  /**
   * Managed policy and settings sources. Required.
   */
  policy: PolicyOverview;
}

/**
 * One memory file (for example a `CLAUDE.md`) and its state.
 */
export interface MemoryFileOverview {
  /**
   * Display label of the file. Required.
   */
  label: string;
  /**
   * Path of the file. Required.
   */
  path: string;
  /**
   * The file exists. Required.
   */
  exists: boolean;
  /**
   * The file's content. Optional and nullable (a missing key reads as `null`;
   * always emitted); `null` means not loaded.
   */
  content?: string | null;
  /**
   * Whether the file was loaded, empty, missing or skipped. Required.
   */
  status: MemorySourceStatus;
  /**
   * The file may be edited. Required.
   */
  writable: boolean;
  /**
   * The trust boundary the file belongs to. Optional and nullable (a missing
   * key reads as `null`; always emitted); `null` means none.
   */
  trust_boundary?: string | null;
  /**
   * The scope the file applies to. Optional and nullable (a missing key reads
   * as `null`; always emitted); `null` means none.
   */
  scope?: string | null;
  /**
   * Why the file was skipped. Optional and nullable (a missing key reads as
   * `null`; always emitted); `null` unless `status` is `skipped`.
   */
  skipped_reason?: string | null;
}

/**
 * Result of `diagnostics/memory`: the user and project memory files.
 */
export interface MemoryOverview {
  /**
   * The user's memory file. Required.
   */
  user_memory: MemoryFileOverview;
  /**
   * The project's memory files; may be empty. Required.
   */
  project_memories: MemoryFileOverview[];
  /**
   * Auto-memory is enabled. Required.
   */
  auto_memory_enabled: boolean;
  /**
   * Directory auto-memory writes to. Required.
   */
  auto_memory_dir: string;
}

/**
 * Result of `diagnostics/diff`: the git changes of the working directory.
 */
export interface WorkspaceDiff {
  /**
   * Working directory. Required.
   */
  cwd: string;
  /**
   * Short git status output; empty when clean. Required.
   */
  status: string;
  /**
   * Diff of the staged changes; may be empty. Required.
   */
  staged_diff: string;
  /**
   * Diff of the unstaged changes; may be empty. Required.
   */
  unstaged_diff: string;
  /**
   * Paths of the untracked files; may be empty. Required.
   */
  untracked_files: string[];
}

/**
 * Result of `tools/plan`: the current plan and plan mode.
 */
export interface PlanOverview {
  /**
   * Path of the plan file. Required.
   */
  plan_file: string;
  /**
   * Path of the plan-mode state file. Required.
   */
  state_file: string;
  /**
   * Plan mode is active. Required.
   */
  in_plan_mode: boolean;
  /**
   * The plan text; empty when no plan is written. Required.
   */
  plan: string;
}

/**
 * Outcome of one doctor check. PascalCase on the wire.
 */
export type DoctorStatus = "Pass" | "Warn" | "Fail";

/**
 * One check of a `DoctorReport`.
 */
export interface DoctorCheck {
  /**
   * Name of the check. Required.
   */
  name: string;
  /**
   * Outcome of the check. Required.
   */
  status: DoctorStatus;
  /**
   * Human-readable detail. Required.
   */
  detail: string;
}

/**
 * Result of `diagnostics/doctor`: installation and configuration checks.
 */
export interface DoctorReport {
  /**
   * The checks, in the server's order. Required.
   */
  checks: DoctorCheck[];
}

/**
 * One advanced capability and its state.
 */
export interface AdvancedCapabilityOverview {
  /**
   * Name of the capability. Required.
   */
  name: string;
  /**
   * Human-readable summary. Required.
   */
  summary: string;
  /**
   * The capability's state, as a display string. Required.
   */
  status: string;
}

/**
 * Result of `diagnostics/advanced`: a JSON array of capabilities.
 */
export type AdvancedCapabilitiesResult = AdvancedCapabilityOverview[];

/**
 * Params of `diagnostics/cleanup_child_sessions`: remove the metadata and
 * transcripts of child sessions whose parent session no longer exists.
 */
export interface DiagnosticsCleanupChildSessionsParams {
  /**
   * Only report what would be removed. Optional, defaults to `true` (`null`
   * is not accepted); absent means a dry run.
   * @default true
   */
  dry_run?: boolean;
  /**
   * Unix time in milliseconds: an orphan child session still marked running
   * whose last activity is older counts as stale and is eligible for removal.
   * Optional and nullable; absent and `null` both mean running child sessions
   * are always skipped.
   */
  stale_running_cutoff_ms?: Int64 | null;
}

/**
 * Result of `diagnostics/cleanup_child_sessions`.
 */
export interface ChildSessionOrphanCleanupResult {
  /**
   * Nothing was removed (echo of the params). Required.
   */
  dry_run: boolean;
  /**
   * Working directories searched (the project and its git worktrees), sorted.
   * Required.
   */
  scoped_cwds: string[];
  /**
   * Child sessions inspected in those directories. Required.
   */
  inspected_metadata: Uint;
  /**
   * Inspected child sessions whose parent session no longer exists. Required.
   */
  orphan_metadata: Uint;
  /**
   * Orphans eligible for removal. Required.
   */
  eligible_metadata: Uint;
  /**
   * Eligible orphans still marked running but older than the cutoff.
   * Required.
   */
  stale_running_metadata: Uint;
  /**
   * Orphans skipped because they are still running. Required.
   */
  skipped_running_metadata: Uint;
  /**
   * Metadata files removed; `0` on a dry run. Required.
   */
  removed_metadata: Uint;
  /**
   * Transcript files removed; `0` on a dry run. Required.
   */
  removed_transcripts: Uint;
  /**
   * Ids of the eligible orphan child sessions. Required.
   */
  orphan_child_session_ids: string[];
}

/**
 * The last provider request captured for debugging. The three `*_json`
 * fields are sensitive: they may hold secrets and user content and must not
 * be logged.
 */
export interface ProviderRequestDebugOverview {
  /**
   * Provider the request went to. Required.
   */
  provider: string;
  /**
   * What sent the request. Required.
   */
  source: string;
  /**
   * Session of the request. Required.
   */
  session_id: string;
  /**
   * Model requested. Required.
   */
  model: string;
  /**
   * Base URL of the provider endpoint. Required.
   */
  base_url: string;
  /**
   * When the request was captured. Required.
   */
  captured_at: string;
  /**
   * Recent activity, as a JSON text. Sensitive. Required.
   * @sensitive
   */
  recent_activity_json: string;
  /**
   * The previous turn, as a JSON text. Sensitive. Required.
   * @sensitive
   */
  previous_turn_json: string;
  /**
   * The request body, as a JSON text. Sensitive. Required.
   * @sensitive
   */
  body_json: string;
}

/**
 * Result of `diagnostics/last_request`: the captured request, or `null` when
 * none was captured.
 */
export type LastProviderRequestResult = ProviderRequestDebugOverview | null;

/**
 * Result of `diagnostics/pre_user_instructions`.
 */
export interface PreUserInstructionsResult {
  /**
   * The instructions sent before the user's first message. Sensitive: may
   * hold user content and must not be logged. Required.
   * @sensitive
   */
  preview: string;
}
