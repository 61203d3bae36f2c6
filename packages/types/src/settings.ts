import type { Uint, Uint32, Uint64 } from "./integers.js";
import type { EffortLevel, ProviderIdInput } from "./records.js";

/**
 * Where a setting or a permission rule comes from: built-in defaults, the
 * user, project or local settings file, the managed policy, the command
 * line, the environment, or the session.
 */
export type SettingSource = "defaults" | "user" | "project" | "local" | "managed" | "cli" | "environment" | "session";

/**
 * The colour theme, spelled in kebab-case as the `settings/*theme` methods
 * use it. (`BootstrapState` reports the theme in a legacy PascalCase
 * spelling instead.)
 */
export type ThemeSetting = "auto" | "dark" | "light" | "dark-daltonized" | "light-daltonized" | "dark-ansi" | "light-ansi";

/**
 * The input editing mode, in lowercase as the `settings/*editor_mode`
 * methods use it. (`BootstrapState` reports it in a legacy PascalCase
 * spelling instead.)
 */
export type EditorModeSetting = "normal" | "vim";

/**
 * Params of `settings/set_theme`.
 */
export interface ThemeParams {
  /**
   * The theme to set. Required.
   */
  theme: ThemeSetting;
}

/**
 * Result of `settings/theme` and `settings/set_theme`.
 */
export interface ThemeResult {
  /**
   * The current theme. Required.
   */
  theme: ThemeSetting;
}

/**
 * Params of `settings/set_editor_mode`.
 */
export interface EditorModeParams {
  /**
   * The editor mode to set. Required.
   */
  mode: EditorModeSetting;
}

/**
 * Result of `settings/editor_mode` and `settings/set_editor_mode`.
 */
export interface EditorModeResult {
  /**
   * The current editor mode. Required.
   */
  editor_mode: EditorModeSetting;
}

/**
 * Params of `settings/set_output_style`.
 */
export interface OutputStyleParams {
  /**
   * Name of the output style to use. Required.
   */
  style: string;
}

/**
 * Result of `settings/output_style` and `settings/set_output_style`.
 */
export interface OutputStyleResult {
  /**
   * Name of the configured output style. Required.
   */
  style: string;
}

/**
 * One choice of output style.
 */
export interface OutputStyleOptionOverview {
  /**
   * The value to send in `OutputStyleParams.style`. Required.
   */
  value: string;
  /**
   * Text shown for the option. Required.
   */
  label: string;
  /**
   * Longer explanation of the style. Required.
   */
  description: string;
  /**
   * Whether this is the configured style. Required.
   */
  current: boolean;
}

/**
 * Result of `settings/output_style_options`: every output style to choose
 * from, as a JSON array.
 */
export type OutputStyleOptionsResult = OutputStyleOptionOverview[];

/**
 * Result of `settings/active_output_style`: the output style in use.
 */
export interface ActiveOutputStyleResult {
  /**
   * Name of the active output style. Required.
   */
  name: string;
  /**
   * Whether the configured name matched a known style. Required.
   */
  matched: boolean;
}

/**
 * Params of `settings/set_effort`.
 */
export interface EffortParams {
  /**
   * Session the effort applies to. Required.
   */
  session_id: string;
  /**
   * The effort level to set. Optional and nullable; absent and `null` both
   * mean no explicit level (the setting is cleared).
   */
  effort?: EffortLevel | null;
}

/**
 * Result of `settings/effort` and `settings/set_effort`.
 */
export interface EffortResult {
  /**
   * The configured effort level. Optional and nullable; absent and `null`
   * both mean no explicit level; always emitted (as `null` when unset).
   */
  effort?: EffortLevel | null;
}

/**
 * Result of `settings/model_name`.
 */
export interface ModelNameResult {
  /**
   * Name of the current model. Required.
   */
  model_name: string;
}

/**
 * One choice of model.
 */
export interface ModelOptionOverview {
  /**
   * The model id to send in `SetModelParams.model`. Optional and nullable;
   * absent and `null` both mean the provider's default model; always
   * emitted.
   */
  value?: string | null;
  /**
   * Text shown for the option. Required.
   */
  label: string;
  /**
   * Longer explanation of the model. Required.
   */
  description: string;
  /**
   * Whether this is the selected model. Required.
   */
  current: boolean;
}

/**
 * Result of `settings/model_options`: every model to choose from, as a JSON
 * array.
 */
export type ModelOptionsResult = ModelOptionOverview[];

/**
 * Params of `settings/set_model`.
 */
export interface SetModelParams {
  /**
   * The model id to select. Optional and nullable; absent and `null` both
   * mean no explicit model (the provider's default).
   */
  model?: string | null;
}

/**
 * Result of `settings/set_model`.
 */
export interface SetModelResult {
  /**
   * Display name of the model now in effect. Required.
   */
  display_name: string;
  /**
   * How the model in effect was chosen. Required.
   */
  model_selection: EffectiveModelSelection;
}

/**
 * The model in effect and how it was chosen: persisted setting, runtime
 * override, environment or provider default.
 */
export interface EffectiveModelSelection {
  /**
   * The model setting stored in the settings files. Required.
   */
  persisted: PersistedModelSetting;
  /**
   * The session's runtime override, if any. Required.
   */
  runtime_override: RuntimeModelOverride;
  /**
   * The model name that was asked for before resolution. Optional and
   * nullable; absent and `null` both mean none (the provider default
   * applies); always emitted.
   */
  requested_model?: string | null;
  /**
   * Which layer decided the model. Required.
   */
  source: ModelSelectionSource;
  /**
   * The provider that serves the model. Required.
   */
  provider: ProviderIdInput;
  /**
   * The provider's resolution of the requested model. Required.
   */
  resolution: ProviderModelSelection;
}

/**
 * The model setting stored in the settings files.
 */
export interface PersistedModelSetting {
  /**
   * The stored model name. Optional and nullable; absent and `null` both
   * mean no model is stored; always emitted.
   */
  value?: string | null;
  /**
   * The settings source that holds `value`. Optional and nullable; absent
   * and `null` both mean none; always emitted.
   */
  source?: SettingSource | null;
  /**
   * Whether the setting is locked against changes (for example by the
   * managed policy). Required.
   */
  locked: boolean;
}

/**
 * `RuntimeModelOverride` variant: no override; the persisted or
 * environment selection applies.
 */
export interface RuntimeModelOverrideInherit {
  /**
   * Tag: `"inherit"`. Required.
   */
  kind: "inherit";
}

/**
 * `RuntimeModelOverride` variant: the session uses the provider's default
 * model.
 */
export interface RuntimeModelOverrideDefault {
  /**
   * Tag: `"default"`. Required.
   */
  kind: "default";
}

/**
 * `RuntimeModelOverride` variant: the session uses the named model.
 */
export interface RuntimeModelOverrideModel {
  /**
   * Tag: `"model"`. Required.
   */
  kind: "model";
  /**
   * The model id (the adjacent content field). Required.
   */
  model: string;
}

/**
 * The session's runtime model override, adjacently tagged by `kind` with
 * its content in `model`: `{"kind":"inherit"}`, `{"kind":"default"}` or
 * `{"kind":"model","model":"<id>"}`.
 */
export type RuntimeModelOverride = RuntimeModelOverrideInherit | RuntimeModelOverrideDefault | RuntimeModelOverrideModel;

/**
 * Which layer decided the model in effect.
 */
export type ModelSelectionSource = "runtime" | "environment" | "persisted" | "provider_default";

/**
 * How the provider resolved the requested model.
 */
export interface ProviderModelSelection {
  /**
   * The model setting the resolution started from. Optional and nullable;
   * absent and `null` both mean none; always emitted.
   */
  requested_setting?: string | null;
  /**
   * The model family. Optional and nullable; absent and `null` both mean
   * unknown; always emitted.
   */
  family?: string | null;
  /**
   * The resolved model id. Required.
   */
  model: string;
  /**
   * The model name sent in provider requests. Required.
   */
  request_model: string;
  /**
   * Short label of the model. Required.
   */
  display_label: string;
  /**
   * Display name of the model. Required.
   */
  display_name: string;
  /**
   * Capabilities of the model. Required.
   */
  capabilities: string[];
}

/**
 * How one provider resolves its model.
 */
export interface ProviderResolutionOverview {
  /**
   * The provider. Required.
   */
  provider: string;
  /**
   * The resolved model id. Required.
   */
  model: string;
  /**
   * The model name sent in provider requests. Required.
   */
  request_model: string;
  /**
   * Display name of the model. Required.
   */
  display_name: string;
  /**
   * Capabilities of the model. Required.
   */
  capabilities: string[];
}

/**
 * Result of `settings/providers`: the provider configuration and each
 * provider's model resolution.
 */
export interface ProvidersResult {
  /**
   * The default provider. Required.
   */
  default_provider: string;
  /**
   * The provider used when the default fails. Optional and nullable; absent
   * and `null` both mean no fallback; always emitted.
   */
  fallback_provider?: string | null;
  /**
   * How many times a failed provider request is retried. Required.
   */
  max_retries: Uint;
  /**
   * The model resolution of each provider. Required.
   */
  resolutions: ProviderResolutionOverview[];
}

/**
 * Params of `settings/set_thinking_budget`.
 */
export interface SetThinkingBudgetParams {
  /**
   * Session the budget applies to. Required.
   */
  session_id: string;
  /**
   * Maximum thinking tokens per turn. Optional and nullable; absent and
   * `null` both clear the budget.
   */
  max_thinking_tokens?: Uint32 | null;
}

/**
 * Result of `settings/set_thinking_budget`.
 */
export interface ThinkingBudgetResult {
  /**
   * Session the budget applies to. Required.
   */
  session_id: string;
  /**
   * Maximum thinking tokens per turn. Optional and nullable; absent and
   * `null` both mean no budget; always emitted.
   */
  max_thinking_tokens?: Uint32 | null;
}

/**
 * Result of `settings/keybindings`: the keybindings file.
 */
export interface KeybindingsFileResult {
  /**
   * Path of the keybindings file. Required.
   */
  path: string;
  /**
   * Whether the file was created by this call. Required.
   */
  created: boolean;
}

/**
 * Result of `settings/load_keybindings`.
 */
export interface KeybindingsLoadResult {
  /**
   * Problems found while loading the keybindings. Required.
   */
  warnings: string[];
}

/**
 * Filesystem paths of the local sandbox settings.
 */
export interface SandboxFilesystemSettings {
  /**
   * Paths sandboxed commands may write. Required.
   */
  allow_write: string[];
  /**
   * Paths sandboxed commands may not write. Required.
   */
  deny_write: string[];
  /**
   * Paths sandboxed commands may not read. Required.
   */
  deny_read: string[];
  /**
   * Paths sandboxed commands may read. Required.
   */
  allow_read: string[];
}

/**
 * Network access of the local sandbox settings.
 */
export interface SandboxNetworkSettings {
  /**
   * Domains sandboxed commands may reach. Required.
   */
  allowed_domains: string[];
  /**
   * Unix socket paths sandboxed commands may use. Required.
   */
  allow_unix_sockets: string[];
  /**
   * Whether every Unix socket is allowed. Optional and nullable; absent and
   * `null` both mean unset; always emitted.
   */
  allow_all_unix_sockets?: boolean | null;
  /**
   * Whether sandboxed commands may bind local ports. Optional and nullable;
   * absent and `null` both mean unset; always emitted.
   */
  allow_local_binding?: boolean | null;
  /**
   * Port of the HTTP proxy. Optional and nullable; absent and `null` both
   * mean unset; always emitted.
   */
  http_proxy_port?: Uint64 | null;
  /**
   * Port of the SOCKS proxy. Optional and nullable; absent and `null` both
   * mean unset; always emitted.
   */
  socks_proxy_port?: Uint64 | null;
}

/**
 * Result of `settings/sandbox`: the sandbox section of the local settings.
 */
export interface SandboxLocalSettings {
  /**
   * Whether commands run in the sandbox. Required.
   */
  enabled: boolean;
  /**
   * Whether Bash calls are allowed without asking when they run
   * sandboxed. Required.
   */
  auto_allow_bash_if_sandboxed: boolean;
  /**
   * Whether commands may run outside the sandbox. Required.
   */
  allow_unsandboxed_commands: boolean;
  /**
   * Command patterns that never run in the sandbox. Required.
   */
  excluded_commands: string[];
  /**
   * Filesystem access. Required.
   */
  filesystem: SandboxFilesystemSettings;
  /**
   * Network access. Required.
   */
  network: SandboxNetworkSettings;
}

/**
 * Params of `settings/update_sandbox`: the switches to change; the result is
 * the path of the settings file written.
 */
export interface SandboxSettingsUpdate {
  /**
   * New value of `enabled`. Optional and nullable; absent and `null` both
   * mean unchanged.
   */
  enabled?: boolean | null;
  /**
   * New value of `auto_allow_bash_if_sandboxed`. Optional and nullable;
   * absent and `null` both mean unchanged.
   */
  auto_allow_bash_if_sandboxed?: boolean | null;
  /**
   * New value of `allow_unsandboxed_commands`. Optional and nullable;
   * absent and `null` both mean unchanged.
   */
  allow_unsandboxed_commands?: boolean | null;
}

/**
 * Params of `settings/add_sandbox_excluded`.
 */
export interface SandboxExcludedCommandParams {
  /**
   * The command to run outside the sandbox. Required.
   */
  command: string;
}

/**
 * Result of `settings/add_sandbox_excluded`.
 */
export interface SandboxExcludedCommandResult {
  /**
   * The exclusion pattern that was stored. Required.
   */
  pattern: string;
  /**
   * Path of the settings file written. Required.
   */
  path: string;
}

/**
 * Context-window settings reported at bootstrap.
 */
export interface ContextWindowOptions {
  /**
   * Whether the 1M-token context window is disabled. Required.
   */
  disable_1m_context: boolean;
  /**
   * Override of the maximum context tokens. Optional and nullable; absent
   * and `null` both mean no override; always emitted.
   */
  max_context_tokens_override?: Uint32 | null;
  /**
   * Override of the window size used for auto-compaction. Optional and
   * nullable; absent and `null` both mean no override; always emitted.
   */
  auto_compact_window_override?: Uint32 | null;
}

/**
 * Output-token settings reported at bootstrap.
 */
export interface MaxOutputTokenOptions {
  /**
   * Override of the maximum output tokens. Optional and nullable; absent and
   * `null` both mean no override; always emitted.
   */
  max_output_tokens_override?: Uint32 | null;
}

/**
 * Token-warning and auto-compaction settings reported at bootstrap.
 */
export interface TokenWarningOptions {
  /**
   * Whether the session compacts automatically. Required; its default value
   * (when nothing configures it) is `true`.
   * @default true
   */
  auto_compact_enabled: boolean;
  /**
   * Override of the context percentage at which auto-compaction starts.
   * Optional and nullable; absent and `null` both mean no override; always
   * emitted.
   */
  auto_compact_percent_override?: Uint32 | null;
  /**
   * Override of the token count at which further input is blocked.
   * Optional and nullable; absent and `null` both mean no override; always
   * emitted.
   */
  blocking_limit_override?: Uint32 | null;
}
