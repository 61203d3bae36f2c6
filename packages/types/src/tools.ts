import type { Uint64 } from "./integers.js";

/**
 * One tool as listed by `tools/list`.
 */
export interface ToolOverview {
  /**
   * Tool name, for example `Bash`; the AskUserQuestion tool may appear as
   * `ask-user-question` (internal) or `AskUserQuestion` (provider-facing).
   * Required.
   */
  name: string;
  /**
   * One-line description of the tool. Required.
   */
  summary: string;
  /**
   * Calling the tool needs the tools permission. Required.
   */
  requires_tools_permission: boolean;
  /**
   * Calling the tool needs the network permission. Required.
   */
  requires_network_permission: boolean;
  /**
   * The tool is not offered to the model provider. Required.
   */
  provider_hidden: boolean;
  /**
   * Why the tool cannot be used on this connection now, as a sentence (for
   * example the AskUserQuestion tool when the turn's client does not declare
   * the full `interactive_questions` capability). Optional and nullable;
   * absent and `null` both mean the tool is available; always emitted.
   */
  unavailable_reason?: string | null;
}

/**
 * Result of `tools/list`: every tool, as a JSON array. When the connection
 * declared `persistent_goals`, the persistent-goal tools are appended.
 */
export type ToolsListResult = ToolOverview[];

/**
 * Params of `tools/invoke`: run one tool directly.
 */
export interface ToolInvokeParams {
  /**
   * Name of the tool to run. Required.
   */
  name: string;
  /**
   * The tool's input as a JSON text (a string, not an object). Sensitive:
   * may carry secrets or user content; do not log. Optional, defaults to
   * `"{}"` (`null` is not accepted); always emitted.
   * @default "{}"
   * @sensitive
   */
  input?: string;
}

/**
 * Result of `tools/invoke`.
 */
export interface ToolInvokeResult {
  /**
   * Name of the tool that ran. Required.
   */
  name: string;
  /**
   * One-line summary of the call. Required.
   */
  summary: string;
  /**
   * The tool's output text. Required.
   */
  output: string;
  /**
   * Opaque: any JSON value the tool defines as its metadata; its schema is
   * intentionally unspecified. Optional and nullable; absent and `null` both
   * mean no metadata; always emitted.
   * @opaque
   */
  metadata?: unknown;
  /**
   * Paths of the files the call changed; may be empty. Required.
   */
  changed_paths: string[];
}

/**
 * Params of `tools/seed_read_state`: record that a session has already read a
 * file as of a given modification time, so that tools requiring a prior read
 * (such as edits) accept it.
 */
export interface SeedReadStateParams {
  /**
   * Session whose read state is seeded. Required.
   */
  session_id: string;
  /**
   * Path of the file that was read. Required.
   */
  path: string;
  /**
   * The file's modification time as the client observed it when reading.
   * Required.
   */
  mtime: Uint64;
}

/**
 * Result of `tools/seed_read_state`: the params echoed with the outcome.
 */
export interface SeedReadStateResult {
  /**
   * Session whose read state was seeded. Required.
   */
  session_id: string;
  /**
   * Path of the file. Required.
   */
  path: string;
  /**
   * The modification time that was recorded. Required.
   */
  mtime: Uint64;
  /**
   * The read state was recorded. Required.
   */
  seeded: boolean;
}

/**
 * Params of `tools/skills`.
 */
export interface SkillDefinitionsParams {
  /**
   * Session whose skills to list (its project's skills included). Optional
   * and nullable; absent and `null` both mean no session; always emitted.
   */
  session_id?: string | null;
}

/**
 * `SkillSource` variant data: the plugin that provides the skill.
 */
export interface SkillSourcePluginData {
  /**
   * Id of the plugin. Required.
   */
  plugin_id: string;
}

/**
 * `SkillSource` variant: a skill provided by a plugin.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface SkillSourcePlugin {
  /**
   * Tag key `Plugin`, holding the plugin's id. Required.
   */
  Plugin: SkillSourcePluginData;
}

/**
 * `SkillSource` variant data: the MCP server that provides the skill.
 */
export interface SkillSourceMcpData {
  /**
   * Id of the MCP server. Required.
   */
  server_id: string;
}

/**
 * `SkillSource` variant: a skill provided by an MCP server.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface SkillSourceMcp {
  /**
   * Tag key `Mcp`, holding the server's id. Required.
   */
  Mcp: SkillSourceMcpData;
}

/**
 * Where a skill was loaded from, externally tagged in PascalCase: the bare
 * strings `"User"` (the user's skills), `"Project"` (the project's skills)
 * and `"Bundled"` (shipped with the server), or a single-key object for a
 * plugin or an MCP server.
 */
export type SkillSource = "User" | "Project" | "Bundled" | SkillSourcePlugin | SkillSourceMcp;

/**
 * One skill as listed by `tools/skills`.
 */
export interface SkillDefinition {
  /**
   * Skill name. Required.
   */
  name: string;
  /**
   * What the skill does. Optional and nullable; absent and `null` both mean
   * no description; always emitted.
   */
  description?: string | null;
  /**
   * When the model should use the skill. Optional and nullable; absent and
   * `null` both mean no guidance; always emitted.
   */
  when_to_use?: string | null;
  /**
   * Tools the skill may use; may be empty. Required.
   */
  allowed_tools: string[];
  /**
   * Model the skill asks for. Optional and nullable; absent and `null` both
   * mean the session's model; always emitted.
   */
  model?: string | null;
  /**
   * Paths of the skill's asset files; may be empty. Required.
   */
  assets: string[];
  /**
   * Path of the skill's definition file. Required.
   */
  path: string;
  /**
   * The skill's instructions (the definition file's body). Required.
   */
  body: string;
  /**
   * Where the skill was loaded from. Required.
   */
  source: SkillSource;
}

/**
 * Result of `tools/skills`: every available skill, as a JSON array.
 */
export type SkillDefinitionsResult = SkillDefinition[];

/**
 * One agent type as listed by `tools/agents`.
 */
export interface AgentSummary {
  /**
   * Agent type name. Required.
   */
  agent_type: string;
  /**
   * What the agent is for. Required.
   */
  description: string;
}

/**
 * Result of `tools/agents`: a summary of every agent type, as a JSON array.
 */
export type AgentDefinitionsResult = AgentSummary[];

/**
 * Result of `tools/agents_with_warnings`: the full agent definitions and the
 * problems met while loading them.
 */
export interface AgentDefinitionsWithWarningsResult {
  /**
   * Every agent definition that loaded. Required.
   */
  definitions: AgentDefinition[];
  /**
   * Problems met while loading agent definitions; may be empty. Required.
   */
  warnings: AgentLoadWarning[];
}

/**
 * Permission mode an agent definition asks for (camelCase), as the server
 * emits it.
 */
export type AgentPermissionMode = "default" | "bypassPermissions" | "plan" | "auto";

/**
 * The agent permission-mode spellings a decoder accepts: every
 * `AgentPermissionMode` plus the input alias `bypass-permissions`, which
 * reads as `bypassPermissions` and is never emitted.
 * @emitted AgentPermissionMode
 */
export type AgentPermissionModeInput = AgentPermissionMode | "bypass-permissions";

/**
 * `AgentHookCommand` variant: run a shell command.
 */
export interface AgentHookCommandCommand {
  /**
   * Tag: `"command"`. Required.
   */
  type: "command";
  /**
   * The shell command to run. Required.
   */
  command: string;
  /**
   * Condition under which the hook runs, as written in the agent file.
   * Optional and nullable; absent and `null` both mean always; always
   * emitted.
   */
  if?: string | null;
  /**
   * Time limit for the command, in seconds (may be fractional). Optional and
   * nullable; absent and `null` both mean the default limit; always emitted.
   */
  timeout?: number | null;
}

/**
 * `AgentHookCommand` variant: a hook of a kind the server does not support.
 * A decoder accepts any `type` other than `"command"` here and drops the
 * other fields; the server always emits this variant as exactly
 * `{"type":"Unsupported"}`.
 */
export interface AgentHookCommandUnsupported {
  /**
   * Tag: any string except `"command"`. Emitted as `"Unsupported"`, the only
   * spelling the server writes. Required.
   * @pattern ^(?!command$)
   */
  type: string;
}

/**
 * One hook of an agent definition, tagged by `type`: `"command"` runs a
 * shell command; any other tag is a hook kind the server does not support.
 * Because the unsupported variant's tag is any other string, TypeScript
 * narrows with `"command" in hook` rather than by comparing `type`.
 */
export type AgentHookCommand = AgentHookCommandCommand | AgentHookCommandUnsupported;

/**
 * A group of agent hooks that share a matcher.
 */
export interface AgentHookMatcher {
  /**
   * Pattern the hook event's subject (for example a tool name) must match.
   * Optional and nullable; absent and `null` both mean every subject; always
   * emitted.
   */
  matcher?: string | null;
  /**
   * The hooks to run. Optional, defaults to `[]` (`null` is not accepted);
   * always emitted.
   * @default []
   */
  hooks?: AgentHookCommand[];
}

/**
 * `AgentSource` variant data: the plugin that provides the agent.
 */
export interface AgentSourcePluginData {
  /**
   * Id of the plugin. Required.
   */
  plugin_id: string;
}

/**
 * `AgentSource` variant: an agent provided by a plugin.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface AgentSourcePlugin {
  /**
   * Tag key `plugin`, holding the plugin's id. Required.
   */
  plugin: AgentSourcePluginData;
}

/**
 * Where an agent definition was loaded from, externally tagged in
 * snake_case: the bare strings `"built_in"` (shipped with the server),
 * `"user_settings"` (the user's agents) and `"project_settings"` (the
 * project's agents), or a single-key object for a plugin.
 */
export type AgentSource = "built_in" | "user_settings" | "project_settings" | AgentSourcePlugin;

/**
 * A full agent definition, as listed by `tools/agents_with_warnings`.
 */
export interface AgentDefinition {
  /**
   * Agent type name. Required.
   */
  agent_type: string;
  /**
   * What the agent is for. Required.
   */
  description: string;
  /**
   * The agent's system prompt. Required.
   */
  prompt: string;
  /**
   * Tools the agent may use. Optional and nullable; absent and `null` both
   * mean no allow-list (every tool); always emitted.
   */
  tools?: string[] | null;
  /**
   * Tools the agent may not use. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  disallowed_tools?: string[] | null;
  /**
   * Model the agent asks for. Optional and nullable; absent and `null` both
   * mean the session's model; always emitted.
   */
  model?: string | null;
  /**
   * Permission mode the agent asks for. Emitted as an `AgentPermissionMode`;
   * decoders also accept the alias `bypass-permissions`. Optional and
   * nullable; absent and `null` both mean the session's mode; always emitted.
   */
  permission_mode?: AgentPermissionModeInput | null;
  /**
   * Names of the skills the agent uses; may be empty. Required.
   */
  skills: string[];
  /**
   * Names of the MCP servers the agent may use. Optional and nullable;
   * absent and `null` both mean no restriction; always emitted.
   */
  mcp_server_names?: string[] | null;
  /**
   * The agent's hooks, keyed by hook event name (for example `PreToolUse`);
   * may be empty. Required.
   */
  hooks: { [eventName: string]: AgentHookMatcher[] };
  /**
   * Where the definition was loaded from. Required.
   */
  source: AgentSource;
  /**
   * File the definition was loaded from. Optional and nullable; absent and
   * `null` both mean it has no file (for example a built-in agent); always
   * emitted.
   */
  path?: string | null;
}

/**
 * What went wrong while loading an agent definition.
 */
export type AgentWarningKind = "missing_field" | "duplicate_name";

/**
 * A problem met while loading agent definitions.
 */
export interface AgentLoadWarning {
  /**
   * What went wrong. Required.
   */
  kind: AgentWarningKind;
  /**
   * Where the offending definition came from. Required.
   */
  source: AgentSource;
  /**
   * File of the offending definition. Optional and nullable; absent and
   * `null` both mean no file is known; always emitted.
   */
  path?: string | null;
  /**
   * Agent type of the offending definition. Optional and nullable; absent
   * and `null` both mean it is not known; always emitted.
   */
  agent_type?: string | null;
  /**
   * Human-readable explanation. Required.
   */
  message: string;
}

/**
 * Params of `tools/task_list`.
 */
export interface TaskListParams {
  /**
   * Id of the task list to read. Required.
   */
  task_list_id: string;
}

/**
 * One task of a task list.
 */
export interface TaskOverview {
  /**
   * Task id. Required.
   */
  id: string;
  /**
   * Short title of the task. Required.
   */
  subject: string;
  /**
   * What the task is about. Required.
   */
  description: string;
  /**
   * The task's status, as a free string. Required.
   */
  status: string;
}

/**
 * Result of `tools/task_list`.
 */
export interface TaskListResult {
  /**
   * Id of the task list. Required.
   */
  task_list_id: string;
  /**
   * Directory the task list is stored in. Required.
   */
  directory: string;
  /**
   * The tasks; may be empty. Required.
   */
  tasks: TaskOverview[];
}

/**
 * Result of `tools/enter_plan`: the outcome of the tool that enters plan
 * mode.
 */
export interface EnterPlanModeResult {
  /**
   * Name of the tool that ran. Required.
   */
  name: string;
  /**
   * One-line summary of the call. Required.
   */
  summary: string;
  /**
   * The tool's output text. Required.
   */
  output: string;
  /**
   * Opaque: any JSON value the tool defines as its metadata; its schema is
   * intentionally unspecified. Optional and nullable; absent and `null` both
   * mean no metadata; always emitted.
   * @opaque
   */
  metadata?: unknown;
}

/**
 * Result of `diagnostics/hooks`: every hook the server discovered, and the
 * problems met while discovering them.
 */
export interface HookDiscovery {
  /**
   * The discovered hooks; may be empty. Required.
   */
  hooks: DiscoveredHook[];
  /**
   * Problems met during discovery; may be empty. Required.
   */
  warnings: HookDiscoveryWarning[];
}

/**
 * A settings layer a hook can be configured in.
 */
export type HookLayer = "user" | "project" | "local" | "managed";

/**
 * `HookProvenance` variant: a hook from a settings file.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface HookProvenanceSettings {
  /**
   * Tag key `settings`, holding the settings layer. Required.
   */
  settings: HookLayer;
}

/**
 * `HookProvenance` variant data: the skill that declares the hook.
 */
export interface HookProvenanceSkillData {
  /**
   * Name of the skill. Required.
   */
  name: string;
}

/**
 * `HookProvenance` variant: a hook declared by a skill.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface HookProvenanceSkill {
  /**
   * Tag key `skill`, holding the skill's name. Required.
   */
  skill: HookProvenanceSkillData;
}

/**
 * `HookProvenance` variant data: the agent that declares the hook.
 */
export interface HookProvenanceAgentData {
  /**
   * Agent type name. Required.
   */
  name: string;
}

/**
 * `HookProvenance` variant: a hook declared by an agent definition.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface HookProvenanceAgent {
  /**
   * Tag key `agent`, holding the agent's name. Required.
   */
  agent: HookProvenanceAgentData;
}

/**
 * `HookProvenance` variant data: the plugin that provides the hook.
 */
export interface HookProvenancePluginData {
  /**
   * Id of the plugin. Required.
   */
  plugin_id: string;
}

/**
 * `HookProvenance` variant: a hook provided by a plugin.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface HookProvenancePlugin {
  /**
   * Tag key `plugin`, holding the plugin's id. Required.
   */
  plugin: HookProvenancePluginData;
}

/**
 * Where a hook comes from, externally tagged in snake_case: the bare string
 * `"built_in"` (shipped with the server), or a single-key object for a
 * settings layer, a skill, an agent or a plugin.
 */
export type HookProvenance =
  | "built_in"
  | HookProvenanceSettings
  | HookProvenanceSkill
  | HookProvenanceAgent
  | HookProvenancePlugin;

/**
 * `HookValidationStatus` variant: the hook is invalid.
 * Externally tagged: an object with this single key.
 * @maxProperties 1
 */
export interface HookValidationStatusInvalid {
  /**
   * Tag key `invalid`, holding why the hook is invalid. Required.
   */
  invalid: string;
}

/**
 * Whether a discovered hook is well-formed, externally tagged in snake_case:
 * the bare string `"valid"`, or `{"invalid":"<reason>"}`.
 */
export type HookValidationStatus = "valid" | HookValidationStatusInvalid;

/**
 * One hook found by discovery.
 */
export interface DiscoveredHook {
  /**
   * Hook event name, for example `PreToolUse`. Required.
   */
  event: string;
  /**
   * Where the hook comes from. Required.
   */
  provenance: HookProvenance;
  /**
   * Pattern the event's subject (for example a tool name) must match.
   * Optional and nullable; absent and `null` both mean every subject; always
   * emitted.
   */
  matcher?: string | null;
  /**
   * The command the hook runs. Required.
   */
  command: string;
  /**
   * The hook comes from a trusted source. Required.
   */
  trusted: boolean;
  /**
   * Whether the hook is well-formed. Required.
   */
  validation: HookValidationStatus;
}

/**
 * A problem met while discovering hooks.
 */
export interface HookDiscoveryWarning {
  /**
   * Where the offending hook configuration comes from. Required.
   */
  provenance: HookProvenance;
  /**
   * Hook event concerned; empty when the problem concerns no single event.
   * Required.
   */
  event: string;
  /**
   * Human-readable explanation. Required.
   */
  message: string;
}
