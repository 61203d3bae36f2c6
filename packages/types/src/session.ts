import type { Uint, Uint32, Uint64 } from "./integers.js";
import type { McpServerInput, McpSlashSuggestionCatalog } from "./mcp.js";
import type { ModelPermissionPreset, PermissionContext, PermissionModeInput } from "./permission.js";
import type { EffortLevel, ProviderIdInput, SessionRecord, SessionSummary, TokenUsage } from "./records.js";
import type {
  ContextWindowOptions,
  EditorModeSetting,
  EffectiveModelSelection,
  MaxOutputTokenOptions,
  ThemeSetting,
  TokenWarningOptions,
} from "./settings.js";
import type { StreamEvent } from "./stream-event.js";

/**
 * Params of `session/bootstrap`, `session/acp_load_setup` and
 * `session/acp_resume_setup`: open a new session or resume one.
 */
export interface BootstrapParams {
  /**
   * Session to resume. Optional and nullable; absent and `null` both mean a
   * new session; always emitted.
   */
  session_id?: string | null;
  /**
   * Working directory (a path). Optional and nullable; absent and `null` both
   * mean the server's default; always emitted.
   */
  cwd?: string | null;
  /**
   * Extra allowed root directories (paths). Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   */
  additional_directories?: string[];
  /**
   * Session-scoped MCP server overlays. Secret-bearing input: `endpoint`,
   * `args`, `env`, `headers`, `auth` and `error` must not be logged. Optional,
   * defaults to `[]` (`null` is not accepted); always emitted.
   * @default []
   */
  session_mcp_servers?: McpServerInput[];
  /**
   * Load the record for viewing only, without mutating live runtime state.
   * Optional, defaults to `false` (`null` is not accepted); always emitted.
   * @default false
   */
  read_only?: boolean;
}

/**
 * Theme spellings the server emits in `BootstrapState.theme`: the legacy
 * PascalCase names of the `ThemeSetting` values.
 */
export type BootstrapTheme = "Auto" | "Dark" | "Light" | "DarkDaltonized" | "LightDaltonized" | "DarkAnsi" | "LightAnsi";

/**
 * Editor-mode spellings the server emits in `BootstrapState.editor_mode`: the
 * legacy PascalCase names of the `EditorModeSetting` values.
 */
export type BootstrapEditorMode = "Normal" | "Vim";

/**
 * Accepted-only editor-mode alias of `BootstrapState.editor_mode`, read as
 * `Normal`; never emitted.
 */
export type BootstrapEditorModeAlias = "emacs";

/**
 * A `BootstrapState.theme` as the reference decodes it: a legacy PascalCase
 * `BootstrapTheme` spelling exactly, or a `ThemeSetting` spelling in any
 * ASCII case with surrounding whitespace (Rust's `trim()` and
 * `to_ascii_lowercase()`), so `"DARK"` and `" dark "` are accepted. The
 * server emits only the PascalCase spellings.
 * @emitted BootstrapTheme
 * @pattern ^(?:DarkDaltonized|LightDaltonized|DarkAnsi|LightAnsi|[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*(?:[Aa][Uu][Tt][Oo]|[Dd][Aa][Rr][Kk]|[Ll][Ii][Gg][Hh][Tt]|[Dd][Aa][Rr][Kk]-[Dd][Aa][Ll][Tt][Oo][Nn][Ii][Zz][Ee][Dd]|[Ll][Ii][Gg][Hh][Tt]-[Dd][Aa][Ll][Tt][Oo][Nn][Ii][Zz][Ee][Dd]|[Dd][Aa][Rr][Kk]-[Aa][Nn][Ss][Ii]|[Ll][Ii][Gg][Hh][Tt]-[Aa][Nn][Ss][Ii])[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*)$
 */
export type BootstrapThemeInput = string;

/**
 * A `BootstrapState.editor_mode` as the reference decodes it: an
 * `EditorModeSetting` spelling or `emacs` (read as `Normal`) in any ASCII
 * case with surrounding whitespace, which covers the PascalCase
 * `BootstrapEditorMode` spellings; `"VIM"` and `"Emacs"` are accepted. The
 * server emits only the PascalCase spellings.
 * @emitted BootstrapEditorMode
 * @pattern ^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*(?:[Nn][Oo][Rr][Mm][Aa][Ll]|[Vv][Ii][Mm]|[Ee][Mm][Aa][Cc][Ss])[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$
 */
export type BootstrapEditorModeInput = string;

/**
 * Result of `session/bootstrap`, `session/clear`, `session/rewind`,
 * `session/acp_load_setup` and `session/acp_resume_setup`: everything a
 * client needs to show a session. `theme` and `editor_mode` are the
 * flattened client preferences, `statusline_command` and
 * `statusline_refresh_interval_secs` the flattened statusline configuration.
 */
export interface BootstrapState {
  /**
   * The full session record. Required.
   */
  session: SessionRecord;
  /**
   * The event that opened the session: a `session_started` or a
   * `session_loaded` event. Required.
   */
  bootstrap_event: StreamEvent;
  /**
   * Earlier prompts, for input history. Required.
   */
  prompt_history: string[];
  /**
   * Number of tools available to the session. Required.
   */
  available_tool_count: Uint;
  /**
   * Number of configured MCP servers. Required.
   */
  configured_mcp_server_count: Uint;
  /**
   * Number of enabled MCP capabilities. Required.
   */
  enabled_mcp_capability_count: Uint;
  /**
   * The user's home directory (a path). Required.
   */
  home_dir: string;
  /**
   * The session's working directory (a path). Required.
   */
  cwd: string;
  /**
   * Display name of the active model. Required.
   */
  model_display_name: string;
  /**
   * Context-window settings. Required.
   */
  context_window_options: ContextWindowOptions;
  /**
   * Output-token limit settings. Required.
   */
  max_output_token_options: MaxOutputTokenOptions;
  /**
   * Token-warning and auto-compact settings. Required.
   */
  token_warning_options: TokenWarningOptions;
  /**
   * Client theme preference. Emitted in the legacy PascalCase spelling
   * (`BootstrapTheme`); the decoder also accepts the canonical kebab-case
   * `ThemeSetting` spellings, ignoring their ASCII case and surrounding
   * whitespace. Required.
   */
  theme: BootstrapThemeInput;
  /**
   * Client editor-mode preference. Emitted in the legacy PascalCase spelling
   * (`BootstrapEditorMode`); the decoder also accepts the canonical lowercase
   * `EditorModeSetting` spellings and `emacs` (read as `Normal`), ignoring
   * their ASCII case and surrounding whitespace. Required.
   */
  editor_mode: BootstrapEditorModeInput;
  /**
   * The default provider. Required.
   */
  default_provider: ProviderIdInput;
  /**
   * The fallback provider. Optional and nullable; absent and `null` both mean
   * none; always emitted.
   */
  fallback_provider?: ProviderIdInput | null;
  /**
   * Provider retry limit. Required.
   */
  max_retries: Uint;
  /**
   * The effective permission context. Required.
   */
  permissions: PermissionContext;
  /**
   * MCP servers, tools and resources to offer as slash-command suggestions.
   * Required.
   */
  mcp_slash_suggestions: McpSlashSuggestionCatalog;
  /**
   * Statusline command for the client to run; the server never executes it.
   * Optional and nullable; absent and `null` both mean no statusline command;
   * always emitted.
   */
  statusline_command?: string | null;
  /**
   * How often the client should refresh the statusline, in seconds. Required.
   */
  statusline_refresh_interval_secs: Uint64;
}

/**
 * Params of `session/rename`.
 */
export interface SessionRenameParams {
  /**
   * Session to rename. Required.
   */
  session_id: string;
  /**
   * The new title. Required.
   */
  new_title: string;
}

/**
 * Params of `session/fork`: copy a session into a new one.
 */
export interface SessionForkParams {
  /**
   * Session to fork. Required.
   */
  session_id: string;
  /**
   * Title of the new session. Optional and nullable; absent and `null` both
   * mean no title is given; always emitted.
   */
  title?: string | null;
  /**
   * Note recorded with the fork. Optional and nullable; absent and `null` both
   * mean no note; always emitted.
   */
  note?: string | null;
}

/**
 * Result of `session/fork`: the record of the new session.
 */
export type SessionForkResult = SessionRecord;

/**
 * Result of `session/list`: the stored sessions.
 */
export type SessionListResult = SessionSummary[];

/**
 * Params of `session/rewind`: drop the later messages of a session.
 */
export interface SessionRewindParams {
  /**
   * Session to rewind. Required.
   */
  session_id: string;
  /**
   * How many messages to keep from the start of the transcript. Required.
   */
  keep_messages: Uint;
}

/**
 * Params of `session/record_message`: append a message to a session's
 * transcript.
 */
export interface SessionRecordMessageParams {
  /**
   * Session to record into. Required.
   */
  session_id: string;
  /**
   * The message text (user content). Required.
   * @sensitive
   */
  message: string;
}

/**
 * Params of `session/find_by_title`.
 */
export interface SessionFindByTitleParams {
  /**
   * Title to look for. Required.
   */
  title: string;
}

/**
 * Result of `session/find_by_title`.
 */
export interface SessionFindByTitleResult {
  /**
   * The matching session. Optional and nullable; absent and `null` both mean
   * no session has that title; always emitted.
   */
  session_id?: string | null;
}

/**
 * Params of `session/acp_delete`.
 */
export interface AcpDeleteSessionParams {
  /**
   * Session to delete. Required.
   */
  session_id: string;
  /**
   * Working directory of the session (a path). Required.
   */
  cwd: string;
}

/**
 * Result of `session/acp_load_preflight`: whether a stored session can be
 * replayed for an ACP `session/load`.
 */
export interface AcpLoadReplayPreflight {
  /**
   * The stored session record. Required.
   */
  session: SessionRecord;
  /**
   * Whether the transcript can be replayed. Required.
   */
  replay_allowed: boolean;
  /**
   * Why replay is not allowed; empty when it is. Required.
   */
  blockers: string[];
}

/**
 * Result of `session/compact`.
 */
export interface CompactSessionResult {
  /**
   * The session record after compaction. Required.
   */
  session: SessionRecord;
  /**
   * Number of messages before compaction. Required.
   */
  original_message_count: Uint;
  /**
   * Number of messages after compaction. Required.
   */
  compacted_message_count: Uint;
  /**
   * Whether the provider wrote the summary (`false` means the local
   * fallback). Required.
   */
  provider_generated: boolean;
  /**
   * Why the local fallback was used. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  fallback_reason?: string | null;
  /**
   * Token usage of the summarizing request. Optional and nullable; absent and
   * `null` both mean none; always emitted.
   */
  usage?: TokenUsage | null;
}

/**
 * Data of the `NeedsConfirmation` variant of `CompactDecision`.
 */
export interface CompactDecisionNeedsConfirmationData {
  /**
   * Percentage of the context window in use. Required.
   */
  context_percent_used: Uint32;
  /**
   * The auto-compact threshold, in percent. Required.
   */
  threshold_percent: Uint32;
}

/**
 * `CompactDecision` variant: compaction needs the user's confirmation.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface CompactDecisionNeedsConfirmation {
  /**
   * The variant's data. Required.
   */
  NeedsConfirmation: CompactDecisionNeedsConfirmationData;
}

/**
 * Data of the `SkippedRecentManual` variant of `CompactDecision`.
 */
export interface CompactDecisionSkippedRecentManualData {
  /**
   * Turns since the last compaction. Required.
   */
  turns_since_compact: Uint;
}

/**
 * `CompactDecision` variant: skipped because the session was compacted
 * manually a short time ago.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface CompactDecisionSkippedRecentManual {
  /**
   * The variant's data. Required.
   */
  SkippedRecentManual: CompactDecisionSkippedRecentManualData;
}

/**
 * Result of `session/compact_decision`, externally tagged in PascalCase: the
 * string `"Proceed"` (compact now), or an object with the single key
 * `NeedsConfirmation` or `SkippedRecentManual`.
 */
export type CompactDecision = "Proceed" | CompactDecisionNeedsConfirmation | CompactDecisionSkippedRecentManual;

/**
 * One model choice of a session.
 */
export interface SessionModelOption {
  /**
   * Model id to pass as `SetSessionModelParams.model`. Optional and nullable;
   * absent and `null` both mean the provider default; always emitted.
   */
  value?: string | null;
  /**
   * Short display label. Required.
   */
  label: string;
  /**
   * Longer description. Required.
   */
  description: string;
  /**
   * Whether this is the session's current choice. Required.
   */
  current: boolean;
}

/**
 * One permission preset choice of a session.
 */
export interface PermissionPresetOption {
  /**
   * The preset. Required.
   */
  value: ModelPermissionPreset;
  /**
   * Short display label. Required.
   */
  label: string;
  /**
   * Longer description. Required.
   */
  description: string;
  /**
   * Whether this is the session's active preset. Required.
   */
  current: boolean;
  /**
   * Why the preset cannot be chosen. Optional and nullable; absent and `null`
   * both mean it can be chosen; always emitted.
   */
  disabled_reason?: string | null;
}

/**
 * Session-scoped controls, resolved by the server: result of
 * `session/control_state` and of every `session/set_*` method (a change
 * while a turn is active is rejected and keeps the old value).
 */
export interface SessionControlState {
  /**
   * The session. Required.
   */
  session_id: string;
  /**
   * The session's permission mode. Emitted as a `PermissionMode` value; the
   * decoder also accepts the input alias `bypass-permissions`. Required.
   */
  permission_mode: PermissionModeInput;
  /**
   * The active permission preset. Optional and nullable; absent and `null`
   * both mean no preset is active; always emitted.
   */
  active_permission_preset?: ModelPermissionPreset | null;
  /**
   * The permission presets to offer. Required.
   */
  permission_presets: PermissionPresetOption[];
  /**
   * How the session's model is chosen. Required.
   */
  model_selection: EffectiveModelSelection;
  /**
   * The models to offer. Required.
   */
  model_options: SessionModelOption[];
  /**
   * The session's effort level. Optional and nullable; absent and `null` both
   * mean no per-session effort; always emitted.
   */
  effort_level?: EffortLevel | null;
  /**
   * The effort levels to offer. Required.
   */
  effort_options: EffortLevel[];
}

/**
 * Params of `session/set_permission_mode`.
 */
export interface SetSessionPermissionModeParams {
  /**
   * Session to change. Required.
   */
  session_id: string;
  /**
   * The new permission mode; `bypass-permissions` is accepted as an alias of
   * `bypassPermissions`. Required.
   */
  mode: PermissionModeInput;
}

/**
 * Params of `session/set_permission_preset`.
 */
export interface SetSessionPermissionPresetParams {
  /**
   * Session to change. Required.
   */
  session_id: string;
  /**
   * The preset to apply. Required.
   */
  preset: ModelPermissionPreset;
}

/**
 * Result of `session/permission_presets`.
 */
export interface PermissionPresetsResult {
  /**
   * The session. Required.
   */
  session_id: string;
  /**
   * The active preset. Optional and nullable; absent and `null` both mean no
   * preset is active; always emitted.
   */
  active_preset?: ModelPermissionPreset | null;
  /**
   * The presets to offer. Required.
   */
  options: PermissionPresetOption[];
}

/**
 * Params of `session/set_model`. `inherit` and `model` together select the
 * session's runtime model override:
 *
 * - `inherit: true`, `model: null`: clear the override and resume the
 *   environment or persisted selection (override `inherit`).
 *
 * - `inherit` absent or `false`, `model: null`: use the provider default
 *   (override `default`).
 *
 * - `inherit` absent or `false`, `model: "<id>"`: use that model (override
 *   `model`).
 *
 * - `inherit: true` with a non-null `model`: rejected with the message
 *   "`inherit` cannot be true when `model` is non-null".
 */
export interface SetSessionModelParams {
  /**
   * Session to change. Required.
   */
  session_id: string;
  /**
   * The model id, or `null` for the provider default or, with `inherit`, no
   * override. Optional and nullable; absent and `null` both mean no model;
   * always emitted, also as `null`.
   */
  model?: string | null;
  /**
   * Clear the session's override instead of setting one; only valid with a
   * `null` model. Omitted when `false`.
   * @default false
   */
  inherit?: boolean;
}

/**
 * Params of `session/set_effort`.
 */
export interface SetSessionEffortParams {
  /**
   * Session to change. Required.
   */
  session_id: string;
  /**
   * The session's effort level. Optional and nullable; absent and `null` both
   * remove the per-session override; always emitted.
   */
  effort?: EffortLevel | null;
}
