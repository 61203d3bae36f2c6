import type { Int64 } from "./integers.js";

// MCP server configuration, status, trust and the MCP read methods
// (`mcp/*`). Secret-bearing input (`McpServerInput`, `McpAuth`) is only ever
// sent by clients; every read result is redacted or secret-free.

/**
 * Transport selected for an MCP server.
 */
export type McpTransport = "stdio" | "http" | "https" | "streamable_http" | "web_socket";

/**
 * Lifecycle status of an MCP server. Where a status field is optional, the
 * default is `ready`.
 */
export type McpServerStatus = "disabled" | "starting" | "ready" | "failed" | "unauthorized" | "restarting" | "stopped";

/**
 * Whether the user trusts an MCP server to run its tools. Where a trust field
 * is optional, the default is `unknown`.
 */
export type McpServerTrust = "unknown" | "trusted" | "denied";

/**
 * `McpAuth` variant: no authentication.
 */
export interface McpAuthNone {
  /**
   * Tag: `"none"`. Required.
   */
  kind: "none";
}

/**
 * `McpAuth` variant: send a bearer token read from an environment variable.
 */
export interface McpAuthBearerEnv {
  /**
   * Tag: `"bearer_env"`. Required.
   */
  kind: "bearer_env";
  /**
   * Name of the environment variable holding the token (the name, not the
   * token). Required.
   */
  env_var: string;
}

/**
 * `McpAuth` variant: send a fixed header with every request.
 */
export interface McpAuthHeader {
  /**
   * Tag: `"header"`. Required.
   */
  kind: "header";
  /**
   * Header name, for example `Authorization`. Required.
   */
  name: string;
  /**
   * Header value; a secret on this write contract. Required.
   */
  value: string;
}

/**
 * Authentication of an MCP server as clients write it (`mcp/upsert_server`,
 * bootstrap overlays), tagged by `kind`. Header values are secrets here; read
 * methods return `McpAuthOverview` instead.
 */
export type McpAuth = McpAuthNone | McpAuthBearerEnv | McpAuthHeader;

/**
 * `McpAuthOverview` variant: no authentication.
 */
export interface McpAuthOverviewNone {
  /**
   * Tag: `"none"`. Required.
   */
  kind: "none";
}

/**
 * `McpAuthOverview` variant: a bearer token read from an environment variable.
 */
export interface McpAuthOverviewBearerEnv {
  /**
   * Tag: `"bearer_env"`. Required.
   */
  kind: "bearer_env";
  /**
   * Name of the environment variable holding the token (not a secret).
   * Required.
   */
  env_var: string;
}

/**
 * `McpAuthOverview` variant: a fixed header, with its value redacted.
 */
export interface McpAuthOverviewHeader {
  /**
   * Tag: `"header"`. Required.
   */
  kind: "header";
  /**
   * Header name, for example `Authorization`. Required.
   */
  name: string;
  /**
   * Kept for protocol-1.0 shape compatibility only: the server always
   * replaces the header value with the redaction marker `<redacted>`.
   * Required.
   */
  value: string;
}

/**
 * Authentication of an MCP server as read methods report it, tagged by
 * `kind`: the same shapes as `McpAuth`, but the server always replaces a
 * header's `value` with the redaction marker `<redacted>`.
 */
export type McpAuthOverview = McpAuthOverviewNone | McpAuthOverviewBearerEnv | McpAuthOverviewHeader;

/**
 * `McpServerSource` variant: the server was contributed by a plugin.
 */
export interface McpServerSourcePlugin {
  /**
   * Tag: `"plugin"`. Required.
   */
  kind: "plugin";
  /**
   * Id of the contributing plugin. Required.
   */
  plugin_id: string;
  /**
   * Display name of the contributing plugin. Required.
   */
  plugin_name: string;
  /**
   * Name of the server inside the plugin's configuration. Required.
   */
  server_name: string;
  /**
   * Where the plugin's server definition came from. Required.
   */
  source: string;
}

/**
 * Where an MCP server's configuration came from, tagged by `kind`; `plugin`
 * is the only variant.
 */
export type McpServerSource = McpServerSourcePlugin;

/**
 * A secret-bearing MCP server configuration: the params of
 * `mcp/upsert_server` and the elements of `BootstrapParams.session_mcp_servers`.
 * Its `endpoint`, `args`, `env`, `headers`, `auth` and `error` are sensitive
 * and must not be logged.
 */
export interface McpServerInput {
  /**
   * Server id, unique among configured servers. Required.
   */
  id: string;
  /**
   * How to reach the server. Required.
   */
  transport: McpTransport;
  /**
   * The command to run (`stdio`) or the URL to connect to; may carry
   * credentials. Required.
   * @sensitive
   */
  endpoint: string;
  /**
   * Command-line arguments for a `stdio` server. Optional, defaults to `[]`
   * (`null` is not accepted); always emitted.
   * @default []
   * @sensitive
   */
  args?: string[];
  /**
   * Environment variables for a `stdio` server, name to value. Optional,
   * defaults to `{}` (`null` is not accepted); always emitted.
   * @default {}
   * @sensitive
   */
  env?: { [name: string]: string };
  /**
   * Working directory for a `stdio` server. Optional and nullable; absent and
   * `null` both mean none (always emitted, as `null` when unset).
   */
  cwd?: string | null;
  /**
   * Extra HTTP headers, name to value. Optional, defaults to `{}` (`null` is
   * not accepted); always emitted.
   * @default {}
   * @sensitive
   */
  headers?: { [name: string]: string };
  /**
   * The server is enabled. Required.
   */
  enabled: boolean;
  /**
   * Lifecycle status. Optional, defaults to `ready` (`null` is not accepted);
   * always emitted.
   * @default "ready"
   */
  status?: McpServerStatus;
  /**
   * Last error message. Optional and nullable; absent and `null` both mean
   * no error (always emitted, as `null` when unset).
   * @sensitive
   */
  error?: string | null;
  /**
   * Short human-readable description of the server. Required.
   */
  summary: string;
  /**
   * How to authenticate to the server. Required.
   * @sensitive
   */
  auth: McpAuth;
  /**
   * Whether the server is trusted. Optional, defaults to `unknown` (`null` is
   * not accepted); always emitted.
   * @default "unknown"
   */
  trust?: McpServerTrust;
  /**
   * Free-form transport-type hint carried over from the configuration;
   * informational. Omitted when absent; `null` means absent.
   */
  transport_type_hint?: string | null;
  /**
   * Where the configuration came from. Omitted when absent (a server the
   * user configured directly); `null` means absent.
   */
  source?: McpServerSource | null;
}

/**
 * A redacted MCP server configuration, the element of `McpListServersResult`.
 * Same field names as `McpServerInput`, but `args`, `env`, `headers`,
 * `status` and `trust` are required, and credential-bearing values are
 * replaced by the marker `<redacted>`: every `args` element, every `env` and
 * `headers` value (keys are kept), and the `auth` header value. In `endpoint`
 * URL userinfo and query values are replaced by the percent-encoded marker
 * `%3Credacted%3E`; a non-null `error` is replaced by a fixed text.
 */
export interface McpServerOverview {
  /**
   * Server id. Required.
   */
  id: string;
  /**
   * How the server is reached. Required.
   */
  transport: McpTransport;
  /**
   * The command or URL, with URL userinfo and query values replaced by
   * `%3Credacted%3E` (the percent-encoded `<redacted>`) and any fragment
   * dropped; a credential-looking endpoint that does not parse as a URL
   * becomes `<redacted-endpoint>`. Required.
   */
  endpoint: string;
  /**
   * Command-line arguments, each replaced by `<redacted>`. Required.
   */
  args: string[];
  /**
   * Environment variable names, each value replaced by `<redacted>`.
   * Required.
   */
  env: { [name: string]: string };
  /**
   * Working directory. Optional and nullable; absent and `null` both mean
   * none; always emitted (as `null` when unset).
   */
  cwd?: string | null;
  /**
   * Header names, each value replaced by `<redacted>`. Required.
   */
  headers: { [name: string]: string };
  /**
   * The server is enabled. Required.
   */
  enabled: boolean;
  /**
   * Lifecycle status. Required.
   */
  status: McpServerStatus;
  /**
   * Last error, redacted: the reference server sends the fixed text
   * `MCP server error (details redacted)` instead of the message. Optional
   * and nullable; absent and `null` both mean no error; always emitted (as
   * `null` when unset).
   */
  error?: string | null;
  /**
   * Short human-readable description of the server. Required.
   */
  summary: string;
  /**
   * How the server authenticates, with any header value redacted. Required.
   */
  auth: McpAuthOverview;
  /**
   * Whether the server is trusted. Required.
   */
  trust: McpServerTrust;
  /**
   * Free-form hint about the transport type. Omitted when absent; `null`
   * means absent.
   */
  transport_type_hint?: string | null;
  /**
   * Where the configuration came from. Omitted when absent; `null` means
   * absent.
   */
  source?: McpServerSource | null;
}

/**
 * Result of `mcp/list_servers`: every configured server, redacted.
 */
export type McpListServersResult = McpServerOverview[];

/**
 * Secret-free status of one configured MCP server, the element of
 * `McpStatusResult`. Endpoint, arguments, environment, headers and auth
 * values are deliberately absent.
 */
export interface McpServerStatusOverview {
  /**
   * Server id. Required.
   */
  id: string;
  /**
   * The transport in its `McpTransport` spelling, as a plain string.
   * Required.
   */
  transport: string;
  /**
   * The server is enabled. Required.
   */
  enabled: boolean;
  /**
   * The status in its `McpServerStatus` spelling, as a plain string.
   * Required.
   */
  status: string;
  /**
   * The trust in its `McpServerTrust` spelling, as a plain string. Required.
   */
  trust: string;
  /**
   * Short human-readable description of the server. Required.
   */
  summary: string;
  /**
   * Secret-free description of the authentication mode. Required.
   */
  auth_mode: string;
  /**
   * Last error message. Omitted when absent; `null` means absent.
   */
  error?: string | null;
}

/**
 * Result of `mcp/status`: the secret-free status of every configured server.
 */
export type McpStatusResult = McpServerStatusOverview[];

/**
 * Params naming one MCP server (`mcp/server_trust`, `mcp/list_tools`,
 * `mcp/diagnose`, `mcp/remove_server`, `mcp/logout_oauth_token`).
 */
export interface McpServerIdParams {
  /**
   * The server id. Required.
   */
  server_id: string;
}

/**
 * Params naming one MCP server, optionally seen from a session (whose
 * session-scoped servers then count): `mcp/list_resources`,
 * `mcp/list_prompts`.
 */
export interface McpSessionServerParams {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * Session whose view of the servers to use. Omitted when absent; `null`
   * means absent.
   */
  session_id?: string | null;
}

/**
 * Result of `mcp/server_trust`.
 */
export interface McpServerTrustResult {
  /**
   * The server's trust. Required.
   */
  trust: McpServerTrust;
}

/**
 * Params of `mcp/set_trust`.
 */
export interface McpSetTrustParams {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * The trust to record. Required.
   */
  trust: McpServerTrust;
}

/**
 * One tool an MCP server offers.
 */
export interface McpToolSpec {
  /**
   * Tool name. Required.
   */
  name: string;
  /**
   * Short description of the tool. Required.
   */
  summary: string;
}

/**
 * Result of `mcp/list_tools`.
 */
export type McpListToolsResult = McpToolSpec[];

/**
 * MCP annotations of a resource or content block. Besides `audience` and
 * `priority`, any extra keys the server sent are preserved: they are opaque,
 * any JSON value.
 */
export interface McpAnnotations {
  /**
   * Intended audiences, for example `user` or `assistant`. Omitted when
   * empty.
   * @default []
   */
  audience?: string[];
  /**
   * Importance, a floating number. Omitted when absent; `null` means absent.
   */
  priority?: number | null;
  /**
   * Opaque: any JSON value under any other key, preserved as received.
   * @opaque
   */
  [key: string]: unknown;
}

/**
 * One resource an MCP server offers.
 */
export interface McpResourceSummary {
  /**
   * Resource URI. Required.
   */
  uri: string;
  /**
   * Resource name. Required.
   */
  name: string;
  /**
   * MIME type. Required.
   */
  mime_type: string;
  /**
   * Description of the resource. Required.
   */
  description: string;
  /**
   * MCP annotations. Omitted when absent; `null` means absent.
   */
  annotations?: McpAnnotations | null;
}

/**
 * Result of `mcp/list_resources`.
 */
export type McpListResourcesResult = McpResourceSummary[];

/**
 * Params of `mcp/read_resource`.
 */
export interface McpReadResourceParams {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * URI of the resource to read. Required.
   */
  uri: string;
  /**
   * Session whose view of the servers to use. Omitted when absent; `null`
   * means absent.
   */
  session_id?: string | null;
}

/**
 * Result of `mcp/read_resource`: the content of one resource.
 */
export interface McpResourceContent {
  /**
   * Resource URI. Required.
   */
  uri: string;
  /**
   * MIME type. Required.
   */
  mime_type: string;
  /**
   * Text contents. Required.
   */
  contents: string;
  /**
   * Binary contents, as the server's encoded text (base64 in MCP). Omitted
   * when absent; `null` means absent.
   */
  blob?: string | null;
  /**
   * The resource is binary. Optional, defaults to `false` (`null` is not
   * accepted); always emitted.
   * @default false
   */
  is_binary?: boolean;
  /**
   * MCP annotations. Omitted when absent; `null` means absent.
   */
  annotations?: McpAnnotations | null;
}

/**
 * One argument of an MCP prompt.
 */
export interface McpPromptArgument {
  /**
   * Argument name. Required.
   */
  name: string;
  /**
   * Description of the argument. Required.
   */
  description: string;
  /**
   * The argument must be given. Required.
   */
  required: boolean;
}

/**
 * One prompt an MCP server offers. Besides the named fields, any extra keys
 * are preserved: extension-defined prompt metadata, opaque, any JSON value.
 */
export interface McpPrompt {
  /**
   * Prompt name. Required.
   */
  name: string;
  /**
   * Description of the prompt. Required.
   */
  description: string;
  /**
   * The prompt's arguments. Optional, defaults to `[]` (`null` is not
   * accepted); always emitted.
   * @default []
   */
  arguments?: McpPromptArgument[];
  /**
   * The prompt is exposed as a skill. Omitted when `false`.
   * @default false
   */
  skill?: boolean;
  /**
   * Opaque: any JSON value under any other key (extension-defined metadata),
   * preserved as received.
   * @opaque
   */
  [key: string]: unknown;
}

/**
 * Result of `mcp/list_prompts`.
 */
export type McpListPromptsResult = McpPrompt[];

/**
 * Params of `mcp/get_prompt`.
 */
export interface McpGetPromptParams {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * Prompt name. Required.
   */
  name: string;
  /**
   * Opaque: any JSON value, the prompt's extension-defined arguments (usually
   * an object of argument name to value). Optional, defaults to `null`;
   * always emitted.
   * @default null
   * @opaque
   */
  arguments?: unknown;
  /**
   * Session whose view of the servers to use. Omitted when absent; `null`
   * means absent.
   */
  session_id?: string | null;
}

/**
 * An MCP content block.
 */
export interface McpContent {
  /**
   * Content kind, for example `text`. Required.
   */
  kind: string;
  /**
   * Text of the block. Omitted when absent; `null` means absent.
   */
  text?: string | null;
  /**
   * Binary data of the block, as encoded text. Omitted when absent; `null`
   * means absent.
   */
  binary?: string | null;
  /**
   * The block is binary. Optional, defaults to `false` (`null` is not
   * accepted); always emitted.
   * @default false
   */
  is_binary?: boolean;
  /**
   * MIME type. Omitted when empty (defaults to `""`).
   * @default ""
   */
  mime_type?: string;
  /**
   * MCP annotations. Omitted when absent; `null` means absent.
   */
  annotations?: McpAnnotations | null;
}

/**
 * One message of a rendered MCP prompt.
 */
export interface McpPromptMessage {
  /**
   * Speaker role, for example `user` or `assistant`. Required.
   */
  role: string;
  /**
   * The message content. Required.
   */
  content: McpContent;
}

/**
 * Result of `mcp/get_prompt`: the rendered prompt.
 */
export interface McpPromptResult {
  /**
   * Description of the prompt. Required.
   */
  description: string;
  /**
   * The rendered messages, in order. Required.
   */
  messages: McpPromptMessage[];
}

/**
 * Params of `mcp/invoke_tool`. `input` is sensitive and must not be logged.
 */
export interface McpInvokeToolParams {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * Name of the tool to call. Required.
   */
  tool_name: string;
  /**
   * The tool's input as a JSON text (a string, not an object). Optional,
   * defaults to `"{}"` (`null` is not accepted); always emitted.
   * @default "{}"
   * @sensitive
   */
  input?: string;
}

/**
 * Result of `mcp/invoke_tool`.
 */
export interface McpToolResult {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * Name of the tool that ran. Required.
   */
  tool_name: string;
  /**
   * The tool's output text. Required.
   */
  output: string;
  /**
   * The tool reported an error. Optional, defaults to `false` (`null` is not
   * accepted); always emitted.
   * @default false
   */
  is_error?: boolean;
}

/**
 * Outcome of one MCP diagnostic check.
 */
export type McpDiagnosticStatus = "pass" | "warn" | "fail";

/**
 * One MCP diagnostic check of a server.
 */
export interface McpDiagnosticCheck {
  /**
   * Check name. Required.
   */
  name: string;
  /**
   * Outcome of the check. Required.
   */
  status: McpDiagnosticStatus;
  /**
   * Human-readable detail. Required.
   */
  detail: string;
}

/**
 * Result of `mcp/diagnose`.
 */
export type McpDiagnoseResult = McpDiagnosticCheck[];

/**
 * Result of `mcp/remove_server`.
 */
export interface McpRemoveServerResult {
  /**
   * A server was removed (`false` when none had that id). Required.
   */
  removed: boolean;
}

/**
 * Support for one MCP transport.
 */
export interface McpCapability {
  /**
   * The transport. Required.
   */
  transport: McpTransport;
  /**
   * The transport is available. Required.
   */
  enabled: boolean;
  /**
   * Human-readable note about the transport. Required.
   */
  note: string;
}

/**
 * Result of `mcp/capabilities`.
 */
export type McpCapabilitiesResult = McpCapability[];

/**
 * Params of `mcp/oauth_overview`.
 */
export interface McpOAuthOverviewParams {
  /**
   * Server to report on. Optional and nullable; absent and `null` both mean
   * every server.
   */
  server_id?: string | null;
}

/**
 * Secret-free OAuth token status of one MCP server.
 */
export interface McpOAuthStatusEntry {
  /**
   * The server id. Required.
   */
  server_id: string;
  /**
   * Secret-free description of where the token came from. Required.
   */
  source_summary: string;
  /**
   * The token can be used now. Required.
   */
  usable: boolean;
  /**
   * The token has expired. Required.
   */
  expired: boolean;
  /**
   * A refresh token is stored. Required.
   */
  has_refresh_token: boolean;
  /**
   * A token endpoint is known, so the token can be refreshed. Omitted when
   * `false`.
   * @default false
   */
  has_token_endpoint?: boolean;
  /**
   * When the token expires, as Unix time in seconds. Omitted when absent;
   * `null` means absent.
   */
  expires_at?: Int64 | null;
  /**
   * Granted scopes. Omitted when empty.
   * @default []
   */
  scopes?: string[];
  /**
   * When the token was last stored, as Unix time in seconds. Omitted when
   * absent; `null` means absent.
   */
  updated_at?: Int64 | null;
}

/**
 * Result of `mcp/oauth_overview`: secret-free OAuth token status.
 */
export interface McpOAuthOverview {
  /**
   * Path of the OAuth token store. Required.
   */
  store_path: string;
  /**
   * One entry per stored token. Required.
   */
  entries: McpOAuthStatusEntry[];
}

/**
 * Result of `mcp/logout_oauth_token`.
 */
export interface McpLogoutOAuthTokenResult {
  /**
   * A stored token was removed. Required.
   */
  logged_out: boolean;
}

/**
 * A server offered as a slash-command suggestion.
 */
export interface McpServerSlashSuggestion {
  /**
   * The server id. Required.
   */
  id: string;
  /**
   * Short description of the server. Required.
   */
  summary: string;
}

/**
 * A tool offered as a slash-command suggestion.
 */
export interface McpToolSlashSuggestion {
  /**
   * Id of the server offering the tool. Required.
   */
  server_id: string;
  /**
   * Tool name on its server. Required.
   */
  name: string;
  /**
   * The tool's name as the model provider sees it (for example
   * `mcp__docs__inspect`). Required.
   */
  provider_name: string;
  /**
   * Description of the tool. Required.
   */
  description: string;
}

/**
 * A resource offered as a slash-command suggestion.
 */
export interface McpResourceSlashSuggestion {
  /**
   * Id of the server offering the resource. Required.
   */
  server_id: string;
  /**
   * Resource URI. Required.
   */
  uri: string;
  /**
   * Resource name. Required.
   */
  name: string;
  /**
   * Description of the resource. Required.
   */
  description: string;
}

/**
 * MCP servers, tools and resources a client can offer as slash-command
 * suggestions: the result of `mcp/slash_suggestions` and
 * `BootstrapState.mcp_slash_suggestions`.
 */
export interface McpSlashSuggestionCatalog {
  /**
   * Suggested servers. Required.
   */
  servers: McpServerSlashSuggestion[];
  /**
   * Suggested tools. Required.
   */
  tools: McpToolSlashSuggestion[];
  /**
   * Suggested resources. Required.
   */
  resources: McpResourceSlashSuggestion[];
}
