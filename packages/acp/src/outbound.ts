import type { AskUserQuestionPayload, McpTrustApprovalRequest, PermissionRequest } from "@app-server-protocol/types";
import type { AcpRequestPermissionParams, AcpToolCallUpdate, AcpToolKind } from "./acp-types.js";
import { decode } from "./decode.js";
import { MAX_JSON_DEPTH, readField, readJson, readString } from "./json-data.js";
import { jsonTextNestsDeeperThan } from "./json-text-depth.js";
import { MCP_TRUST_OPTIONS, askUserOptionId, permissionOptions } from "./options.js";
import { representability } from "./representable.js";

/** Options of the outbound mappings. */
export interface BridgeOptions {
  /**
   * Offer ACP's `allow_always` on permission requests, answered as
   * `{"decision":"approve_always","rules":[]}`, so the user's "always" choice is kept.
   * Off by default, where the options are exactly the reference's.
   */
  readonly offerAllowAlways?: boolean;
}

const TOOL_KINDS: { readonly [tool: string]: AcpToolKind } = {
  Bash: "execute",
  bash: "execute",
  Read: "read",
  Write: "edit",
  Edit: "edit",
  MultiEdit: "edit",
  Glob: "search",
  Grep: "search",
  LS: "search",
  WebFetch: "fetch",
  WebSearch: "fetch",
  TodoWrite: "think",
  Task: "think",
  Agent: "think",
};

/** The ACP tool kind the reference gives a tool, `other` for tools it does not know (and for a name that is not a string). */
export function toolKind(toolName: string): AcpToolKind {
  return typeof toolName === "string" && Object.hasOwn(TOOL_KINDS, toolName) ? (TOOL_KINDS[toolName] ?? "other") : "other";
}

/**
 * A tool's input as JSON: the parsed text, or the text itself when it is not
 * JSON or nests deeper than `MAX_JSON_DEPTH`, so the params can always be
 * written with JSON.stringify.
 */
function rawInput(text: string): unknown {
  if (jsonTextNestsDeeperThan(text, MAX_JSON_DEPTH)) return text;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return text;
  }
}

function toolCall(toolCallId: string, title: string, toolName: string, input: unknown): AcpToolCallUpdate {
  return { toolCallId, kind: toolKind(toolName), status: "pending", title, rawInput: input };
}

/** The tool name a question's tool call carries (spec 6.2). */
const ASK_USER_TOOL = "AskUserQuestion";

/**
 * The fields of a permission request, read once into JSON data; a field
 * that is missing or of another type (every field of a request with no
 * snapshot) reads as `""` or `false`, so any value maps to well-formed (if
 * empty) output.
 */
function permissionFields(given: unknown): PermissionRequest {
  const request = readJson(given);
  return {
    request_id: readString(request, "request_id"),
    session_id: readString(request, "session_id"),
    tool_use_id: readString(request, "tool_use_id"),
    tool_name: readString(request, "tool_name"),
    tool_input: readString(request, "tool_input"),
    requires_tools_permission: readField(request, "requires_tools_permission") === true,
    requires_network_permission: readField(request, "requires_network_permission") === true,
  };
}

function summaryOf(request: PermissionRequest): string {
  const needs = [request.requires_tools_permission ? "tools" : "", request.requires_network_permission ? "network" : ""].filter(Boolean);
  const base = `${request.tool_name} ${request.tool_use_id}`;
  return needs.length === 0 ? base : `${base} (${needs.join(", ")})`;
}

/**
 * The one-line summary of a permission request: `<tool> <tool_use_id>`, then
 * the permissions it needs. Fields missing from a value that is not a
 * `PermissionRequest` read as empty.
 */
export function permissionSummary(request: PermissionRequest): string {
  return summaryOf(permissionFields(request));
}

/**
 * A `permission/request` as ACP `session/request_permission` params (spec
 * 6.2): the tool call is the tool use (kind from the tool, input parsed), and
 * the options are "Allow once" and "Reject" (plus "Always allow" with
 * `offerAllowAlways`). `tool_input` that is not JSON, or nests deeper than
 * `MAX_JSON_DEPTH`, stays text. Takes a `PermissionRequest` (check it with
 * `isPermissionRequest`); from any other value it never throws and reads
 * the fields it lacks as `""` or `false`.
 *
 * @example
 * ```ts
 * import { permissionRequestToAcp } from "@app-server-protocol/acp";
 *
 * const params = permissionRequestToAcp({ request_id: "perm-1", session_id: "s1", tool_use_id: "toolu_1", tool_name: "Bash", tool_input: '{"command":"npm test"}', requires_tools_permission: true, requires_network_permission: false });
 * params.toolCall; // => { toolCallId: "toolu_1", kind: "execute", status: "pending", title: "Bash toolu_1 (tools)", rawInput: { command: "npm test" } }
 * params.options.map((option) => option.optionId); // => ["allow_once", "reject_once"]
 * ```
 */
export function permissionRequestToAcp(request: PermissionRequest, options: BridgeOptions = {}): AcpRequestPermissionParams {
  const fields = permissionFields(request);
  return {
    sessionId: fields.session_id,
    toolCall: toolCall(fields.tool_use_id, summaryOf(fields), fields.tool_name, rawInput(fields.tool_input)),
    options: permissionOptions(readField(readJson(options), "offerAllowAlways") === true),
  };
}

/**
 * An `mcp_trust/request` as ACP `session/request_permission` params (spec
 * 6.2): tool call `mcp-trust-<server_id>`, options "Trust server" and
 * "Reject server". Takes an `McpTrustApprovalRequest`; from any other value
 * it never throws and reads the fields it lacks as `""`.
 *
 * @example
 * ```ts
 * import { mcpTrustRequestToAcp } from "@app-server-protocol/acp";
 *
 * mcpTrustRequestToAcp({ request_id: "trust-1", session_id: "s1", server_id: "docs", tool_name: "search" }).toolCall; // => { toolCallId: "mcp-trust-docs", kind: "other", status: "pending", title: "Trust MCP server docs for tool search", rawInput: { server_id: "docs", tool_name: "search" } }
 * ```
 */
export function mcpTrustRequestToAcp(request: McpTrustApprovalRequest): AcpRequestPermissionParams {
  const read = readJson(request);
  const serverId = readString(read, "server_id");
  const toolName = readString(read, "tool_name");
  return {
    sessionId: readString(read, "session_id"),
    toolCall: toolCall(`mcp-trust-${serverId}`, `Trust MCP server ${serverId} for tool ${toolName}`, "mcp_trust", { server_id: serverId, tool_name: toolName }),
    options: MCP_TRUST_OPTIONS.map((option) => ({ ...option })),
  };
}

/**
 * A representable `ask_user/request` as ACP `session/request_permission`
 * params in session `sessionId` (spec 6.2): the tool call is the question
 * (id `request_id`, titled with the legacy question text, tool name
 * `AskUserQuestion`), and there is one
 * `allow_once` option per legacy label, `ask_user_option_<index>`.
 * `undefined` for a request ACP cannot represent (see
 * `askUserRepresentability`), for any value that is not an
 * `AskUserQuestionRequest`, and for a `sessionId` that is not a string. It
 * maps the request as it is: `acceptServerRequest` also applies the request
 * rules (spec 4.2) first.
 *
 * @example
 * ```ts
 * import { askUserRequestToAcp } from "@app-server-protocol/acp";
 *
 * const params = askUserRequestToAcp({ request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] }, "s1");
 * params?.toolCall; // => { toolCallId: "ask-1", kind: "other", status: "pending", title: "Which database?", rawInput: { question: "Which database?", options: ["PostgreSQL", "SQLite"] }, name: "AskUserQuestion" }
 * params?.options; // => [{ optionId: "ask_user_option_0", name: "PostgreSQL", kind: "allow_once" }, { optionId: "ask_user_option_1", name: "SQLite", kind: "allow_once" }]
 * ```
 */
export function askUserRequestToAcp(request: AskUserQuestionPayload, sessionId: string): AcpRequestPermissionParams | undefined {
  const decoded = decode("AskUserQuestionRequest", request);
  if (decoded === undefined || typeof sessionId !== "string" || !representability(decoded).ok) return undefined;
  return askUserParams(decoded, sessionId);
}

/** The params of a decoded, representable question. */
export function askUserParams(request: AskUserQuestionPayload, sessionId: string): AcpRequestPermissionParams {
  const question = request.question ?? "";
  const labels = request.options ?? [];
  return {
    sessionId,
    toolCall: { ...toolCall(request.request_id, question, ASK_USER_TOOL, { question, options: [...labels] }), name: ASK_USER_TOOL },
    options: labels.map((label, index) => ({ optionId: askUserOptionId(index), name: label, kind: "allow_once" as const })),
  };
}
