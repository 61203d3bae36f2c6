import type { SettingSource } from "./settings.js";

/**
 * How the session decides on tool calls, spelled in camelCase: `default`
 * (ask when the rules require it), `bypassPermissions` (never ask), `plan`
 * (plan mode) or `auto`. This is the set the server emits. The input-only
 * alias `bypass-permissions` is in `PermissionModeInput`. `acceptEdits` and
 * `dontAsk` are not part of the wire: the reference snapshot rejects them
 * (older snapshots accepted and emitted them; the `acceptEdits` -> `default`
 * and `dontAsk` -> `bypassPermissions` aliases of the reference's docs apply
 * to CLI flags and settings, not to this enum).
 */
export type PermissionMode = "default" | "bypassPermissions" | "plan" | "auto";

/**
 * A permission mode as params accept it: every `PermissionMode` plus the
 * input alias `bypass-permissions`, which decodes as `bypassPermissions`.
 * Servers never emit the alias. `acceptEdits` and `dontAsk` are rejected.
 * @emitted PermissionMode
 */
export type PermissionModeInput = PermissionMode | "bypass-permissions";

/**
 * A named permission preset; each maps to a complete runtime policy.
 * `ask_for_approval`: workspace-write sandbox, no network, approval asked
 * on boundary requests, with the user as reviewer. `approve_for_me`: the
 * same policy, but boundary requests are reviewed automatically instead of
 * by the user. `full_access`: danger-full-access sandbox, network on, never
 * ask.
 */
export type ModelPermissionPreset = "ask_for_approval" | "approve_for_me" | "full_access";

/**
 * Result of `permission/mode`: the current permission mode.
 */
export interface PermissionModeResult {
  /**
   * The current mode. Servers emit only the `PermissionMode` spellings; a
   * decoder also accepts the input alias `bypass-permissions`. Required.
   */
  mode: PermissionModeInput;
}

/**
 * Params of `permission/set_mode`.
 */
export interface PermissionSetModeParams {
  /**
   * The mode to switch to; the alias `bypass-permissions` is accepted for
   * `bypassPermissions`. Required.
   */
  mode: PermissionModeInput;
}

/**
 * The list a permission rule is added to or removed from.
 */
export type PermissionRuleKind = "allow" | "deny";

/**
 * Where a permission rule change is stored: the settings file or the
 * session.
 */
export type PermissionRuleTargetScope = "settings" | "session";

/**
 * The effect of a matching permission rule.
 */
export type PermissionRuleEffect = "deny" | "ask" | "allow";

/**
 * Params of `permission/add_rule` and `permission/remove_rule`: a rule
 * change stored in the settings.
 */
export interface PermissionRuleParams {
  /**
   * Which list the rule belongs to. Required.
   */
  kind: PermissionRuleKind;
  /**
   * The rule in rule syntax, for example `Bash(npm test)`. Required.
   */
  rule: string;
}

/**
 * Params of `permission/add_session_rule` and
 * `permission/remove_session_rule`: a rule change stored in the session.
 */
export interface SessionPermissionRuleParams {
  /**
   * Session whose rules change. Required.
   */
  session_id: string;
  /**
   * Which list the rule belongs to. Required.
   */
  kind: PermissionRuleKind;
  /**
   * The rule in rule syntax, for example `Bash(npm test)`. Required.
   */
  rule: string;
}

/**
 * Result of the `permission/*_rule` methods: what changed and the rules now
 * in effect.
 */
export interface PermissionRuleUpdateResult {
  /**
   * Path of the file the change was written to. Required.
   */
  path: string;
  /**
   * The rule as stored. Required.
   */
  rule: string;
  /**
   * Whether the rule list actually changed (`false` when the rule was
   * already present, or already absent on removal). Required.
   */
  changed: boolean;
  /**
   * Which list the rule belongs to. Required.
   */
  kind: PermissionRuleKind;
  /**
   * Whether the change went to the settings or to the session. Required.
   */
  target: PermissionRuleTargetScope;
  /**
   * The settings source that holds the changed rule. Required.
   */
  source: SettingSource;
  /**
   * Every permission rule in effect after the change. Required.
   */
  effective_rules: EffectivePermissionRules;
}

/**
 * Permission rules grouped by effect.
 */
export interface PermissionRuleGroup {
  /**
   * Rules that allow a call without asking. Required.
   */
  allow: string[];
  /**
   * Rules that refuse a call. Required.
   */
  deny: string[];
  /**
   * Rules that make the server ask the user. Required.
   */
  ask: string[];
}

/**
 * The permission rules of one settings source.
 */
export interface SourcedPermissionRuleGroup {
  /**
   * The settings source the rules come from. Required.
   */
  source: SettingSource;
  /**
   * Whether the rules of this source currently apply. Required.
   */
  active: boolean;
  /**
   * Whether rules of this source may be changed through the protocol.
   * Required.
   */
  mutable: boolean;
  /**
   * The rules of this source. Required.
   */
  rules: PermissionRuleGroup;
}

/**
 * Every permission rule in effect, grouped by where it comes from, with the
 * order in which effects are checked.
 */
export interface EffectivePermissionRules {
  /**
   * Rules of the managed (administrator) policy. Required.
   */
  managed: PermissionRuleGroup;
  /**
   * Rules given at startup (for example on the command line). Required.
   */
  startup: PermissionRuleGroup;
  /**
   * Rules stored in the session. Required.
   */
  session: PermissionRuleGroup;
  /**
   * Rules added at run time. Required.
   */
  runtime_added: PermissionRuleGroup;
  /**
   * Rules remembered from earlier approvals (`approve_always`). Required.
   */
  remembered: PermissionRuleGroup;
  /**
   * Rules of each settings source. Required.
   */
  settings: SourcedPermissionRuleGroup[];
  /**
   * Whether the settings rules are locked against changes. Required.
   */
  settings_locked: boolean;
  /**
   * Whether only the managed policy's permission rules apply. Required.
   */
  allow_managed_permission_rules_only: boolean;
  /**
   * The order in which effects are checked, normally
   * `["deny","ask","allow"]`. Empty means there is no projection and readers
   * use the legacy lists of `PermissionOverview`. Required.
   */
  precedence: PermissionRuleEffect[];
}

/**
 * One permission rule split into its parts.
 */
export interface PermissionRuleOverview {
  /**
   * The rule as written, for example `Bash(npm test)`. Required.
   */
  raw: string;
  /**
   * The tool the rule applies to, for example `Bash`. Required.
   */
  tool_name: string;
  /**
   * The part in parentheses, for example `npm test`. Optional and nullable;
   * absent and `null` both mean the rule covers the whole tool; always
   * emitted.
   */
  rule_content?: string | null;
}

/**
 * The permission state of the runtime: network and tool switches, the rule
 * lists and the allowed directories.
 */
export interface PermissionContext {
  /**
   * Working directory. Required.
   */
  cwd: string;
  /**
   * Whether the network permission is granted. Required.
   */
  allow_network: boolean;
  /**
   * Whether network access is allowed by the provider's configuration.
   * Required.
   */
  provider_allow_network: boolean;
  /**
   * Whether the tools permission is granted. Required.
   */
  allow_tools: boolean;
  /**
   * Rules that allow calls. Required.
   */
  allowed_rules: PermissionRuleOverview[];
  /**
   * Rules that refuse calls. Required.
   */
  denied_rules: PermissionRuleOverview[];
  /**
   * Rules that make the server ask. Required.
   */
  ask_rules: PermissionRuleOverview[];
  /**
   * Extra directories the session may access besides `cwd`. Required.
   */
  additional_directories: string[];
}

/**
 * Result of `permission/overview`: the permission context, the rules in
 * effect and the legacy per-origin rule lists.
 */
export interface PermissionOverview {
  /**
   * The permission state of the runtime. Required.
   */
  permissions: PermissionContext;
  /**
   * Every rule in effect, grouped by origin. Optional on input, defaults to
   * empty groups with an empty `precedence` (`null` is not accepted); always
   * emitted. An empty `precedence` means there is no projection: use the
   * legacy lists.
   * @default {
   *   "managed": { "allow": [], "deny": [], "ask": [] },
   *   "startup": { "allow": [], "deny": [], "ask": [] },
   *   "session": { "allow": [], "deny": [], "ask": [] },
   *   "runtime_added": { "allow": [], "deny": [], "ask": [] },
   *   "remembered": { "allow": [], "deny": [], "ask": [] },
   *   "settings": [],
   *   "settings_locked": false,
   *   "allow_managed_permission_rules_only": false,
   *   "precedence": []
   * }
   */
  effective_rules?: EffectivePermissionRules;
  /**
   * Legacy list: allow rules from the settings files. Required.
   */
  settings_allowed_rules: string[];
  /**
   * Legacy list: deny rules from the settings files. Required.
   */
  settings_denied_rules: string[];
  /**
   * Legacy list: allow rules given at startup. Required.
   */
  startup_allowed_rules: string[];
  /**
   * Legacy list: deny rules given at startup. Required.
   */
  startup_denied_rules: string[];
  /**
   * Legacy list: allow rules edited during the run. Required.
   */
  edited_allowed_rules: string[];
  /**
   * Legacy list: deny rules edited during the run. Required.
   */
  edited_denied_rules: string[];
  /**
   * Legacy list: allow rules added at run time. Required.
   */
  runtime_allowed_rules: string[];
  /**
   * Legacy list: deny rules added at run time. Required.
   */
  runtime_denied_rules: string[];
  /**
   * Legacy list: additional directories from the configuration. Required.
   */
  configured_additional_directories: string[];
  /**
   * Legacy list: additional directories added in the session. Required.
   */
  session_additional_directories: string[];
}

/**
 * Params of `permission/add_directory`.
 */
export interface AddDirectoryParams {
  /**
   * Session that gains access to the directory. Required.
   */
  session_id: string;
  /**
   * The directory to add. Required.
   */
  directory: string;
}

/**
 * Params of `permission/validate_directory`.
 */
export interface ValidateDirectoryParams {
  /**
   * The directory to check. Required.
   */
  path: string;
}

/**
 * Result of `permission/add_directory`: the directory that was added.
 */
export interface AddedDirectory {
  /**
   * Path of the added directory. Required.
   */
  path: string;
}

/**
 * Result of `permission/validate_directory`: a directory that may be added.
 */
export interface AddDirectoryCandidate {
  /**
   * Path of the directory as it would be added. Required.
   */
  path: string;
}
