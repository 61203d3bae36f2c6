import type { AskUserQuestionPayload, McpTrustApprovalRequest, PermissionRequest } from "@app-server-protocol/types";
import type { AcpRequestPermissionParams, AcpToolCallUpdate, AcpToolKind } from "./acp-types.js";
import { MCP_TRUST_OPTIONS, askUserOptionId, permissionOptions } from "./options.js";
import { askUserRepresentability } from "./representable.js";

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

/** The ACP tool kind the reference gives a tool, `other` for tools it does not know. */
export function toolKind(toolName: string): AcpToolKind {
  return Object.hasOwn(TOOL_KINDS, toolName) ? (TOOL_KINDS[toolName] ?? "other") : "other";
}

/** A tool's input as JSON: the parsed text, or the text itself when it is not JSON. */
function rawInput(text: string): unknown {
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

/** The one-line summary of a permission request: `<tool> <tool_use_id>`, then the permissions it needs. */
export function permissionSummary(request: PermissionRequest): string {
  const needs = [request.requires_tools_permission ? "tools" : "", request.requires_network_permission ? "network" : ""].filter(Boolean);
  const base = `${request.tool_name} ${request.tool_use_id}`;
  return needs.length === 0 ? base : `${base} (${needs.join(", ")})`;
}

/**
 * A `permission/request` as ACP `session/request_permission` params (spec
 * 6.2): the tool call is the tool use (kind from the tool, input parsed), and
 * the options are "Allow once" and "Reject" (plus "Always allow" with
 * `offerAllowAlways`).
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
  return {
    sessionId: request.session_id,
    toolCall: toolCall(request.tool_use_id, permissionSummary(request), request.tool_name, rawInput(request.tool_input)),
    options: permissionOptions(options.offerAllowAlways === true),
  };
}

/**
 * An `mcp_trust/request` as ACP `session/request_permission` params (spec
 * 6.2): tool call `mcp-trust-<server_id>`, options "Trust server" and
 * "Reject server".
 *
 * @example
 * ```ts
 * import { mcpTrustRequestToAcp } from "@app-server-protocol/acp";
 *
 * mcpTrustRequestToAcp({ request_id: "trust-1", session_id: "s1", server_id: "docs", tool_name: "search" }).toolCall; // => { toolCallId: "mcp-trust-docs", kind: "other", status: "pending", title: "Trust MCP server docs for tool search", rawInput: { server_id: "docs", tool_name: "search" } }
 * ```
 */
export function mcpTrustRequestToAcp(request: McpTrustApprovalRequest): AcpRequestPermissionParams {
  return {
    sessionId: request.session_id,
    toolCall: toolCall(`mcp-trust-${request.server_id}`, `Trust MCP server ${request.server_id} for tool ${request.tool_name}`, "mcp_trust", {
      server_id: request.server_id,
      tool_name: request.tool_name,
    }),
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
 * `askUserRepresentability`).
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
  if (!askUserRepresentability(request).ok) return undefined;
  const question = request.question ?? "";
  const labels = request.options ?? [];
  return {
    sessionId,
    toolCall: { ...toolCall(request.request_id, question, ASK_USER_TOOL, { question, options: [...labels] }), name: ASK_USER_TOOL },
    options: labels.map((label, index) => ({ optionId: askUserOptionId(index), name: label, kind: "allow_once" as const })),
  };
}
