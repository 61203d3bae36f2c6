import type { AskUserQuestionRequest, McpTrustApprovalRequest, PermissionRequest } from "@app-server-protocol/types";
import type { RequestPermissionRequest, RequestPermissionResponse } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { validateType } from "@app-server-protocol/validators";
import {
  askUserRepresentability,
  askUserRequestToAcp,
  askUserResponseFromAcp,
  mcpTrustDecisionFromAcp,
  mcpTrustRequestToAcp,
  permissionDecisionFromAcp,
  permissionRequestToAcp,
  permissionResponseFromAcp,
  toolKind,
  type AcpRequestPermissionParams,
} from "@app-server-protocol/acp";
import { acpRequestPermissionErrors, acpRequestPermissionResponseErrors } from "./support/acp-schema.js";

const permission: PermissionRequest = {
  request_id: "perm-1",
  session_id: "session-1",
  tool_use_id: "toolu-1",
  tool_name: "Bash",
  tool_input: '{"command":"echo hi"}',
  requires_tools_permission: true,
  requires_network_permission: false,
};
const trust: McpTrustApprovalRequest = { request_id: "trust-1", session_id: "session-1", server_id: "docs-server", tool_name: "search" };
const legacy: AskUserQuestionRequest = { session_id: "session-1", request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
const selected = (optionId: string): RequestPermissionResponse => ({ outcome: { outcome: "selected", optionId } });
const cancelled: RequestPermissionResponse = { outcome: { outcome: "cancelled" } };

function expectValidAcp(params: AcpRequestPermissionParams | undefined): void {
  expect(params).toBeDefined();
  expect(acpRequestPermissionErrors(params)).toEqual([]);
}

describe("representability (spec 6.1)", () => {
  const single = { id: "q", question: "Which database?", header: "", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false };

  it("accepts a legacy request with options, and one option-only single-select question", () => {
    expect(askUserRepresentability(legacy)).toEqual({ ok: true });
    expect(askUserRepresentability({ ...legacy, questions: [single] })).toEqual({ ok: true });
  });

  it.each([
    ["no legacy options", { ...legacy, options: [] }, "no options"],
    ["no legacy options beside a representable question", { request_id: "ask-1", question: "Which database?", questions: [single] }, "no options"],
    ["several questions", { ...legacy, questions: [single, { ...single, id: "r" }] }, "several questions"],
    ["multi-select", { ...legacy, questions: [{ ...single, multi_select: true }] }, "multi-select"],
    ["free text, explicitly", { ...legacy, questions: [{ ...single, allow_free_text: true }] }, "free text"],
    ["free text, by default", { ...legacy, questions: [{ id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A" }] }] }, "free text"],
    ["annotations", { ...legacy, questions: [{ ...single, allow_annotation: true }] }, "annotations"],
    ["a question without options", { ...legacy, questions: [{ ...single, options: [] }] }, "no options"],
    ["previews", { ...legacy, questions: [{ ...single, options: [{ id: "pg", label: "PostgreSQL", preview: "x" }] }] }, "previews"],
  ])("refuses %s", (_name, request, reason) => {
    expect(askUserRepresentability(request)).toEqual({ ok: false, reason });
    expect(askUserRequestToAcp(request, "session-1")).toBeUndefined();
  });

  it("ignores a null preview", () => {
    expect(askUserRepresentability({ ...legacy, questions: [{ ...single, options: [{ id: "pg", label: "PostgreSQL", preview: null }] }] }).ok).toBe(true);
  });
});

describe("outbound mappings (spec 6.2), valid ACP", () => {
  it("maps a permission request as the table says", () => {
    const params = permissionRequestToAcp(permission);
    expect(params).toEqual({
      sessionId: "session-1",
      toolCall: { toolCallId: "toolu-1", kind: "execute", status: "pending", title: "Bash toolu-1 (tools)", rawInput: { command: "echo hi" } },
      options: [
        { optionId: "allow_once", name: "Allow once", kind: "allow_once" },
        { optionId: "reject_once", name: "Reject", kind: "reject_once" },
      ],
    });
    expectValidAcp(params);
  });

  it("summarizes the permissions needed and keeps input that is not JSON as text", () => {
    expect(permissionRequestToAcp({ ...permission, requires_network_permission: true }).toolCall.title).toBe("Bash toolu-1 (tools, network)");
    expect(permissionRequestToAcp({ ...permission, requires_tools_permission: false }).toolCall.title).toBe("Bash toolu-1");
    const text = permissionRequestToAcp({ ...permission, tool_input: "not json" });
    expect(text.toolCall.rawInput).toBe("not json");
    expectValidAcp(text);
  });

  it("derives the tool kind from the tool name", () => {
    expect(["Bash", "bash", "Read", "Edit", "Write", "MultiEdit", "Grep", "Glob", "LS", "WebFetch", "WebSearch", "Task", "TodoWrite", "Agent", "Unknown", "constructor"].map(toolKind)).toEqual([
      "execute",
      "execute",
      "read",
      "edit",
      "edit",
      "edit",
      "search",
      "search",
      "search",
      "fetch",
      "fetch",
      "think",
      "think",
      "think",
      "other",
      "other",
    ]);
  });

  it("offers allow_always only when asked to", () => {
    const params = permissionRequestToAcp(permission, { offerAllowAlways: true });
    expect(params.options.map((option) => [option.optionId, option.name, option.kind])).toEqual([
      ["allow_once", "Allow once", "allow_once"],
      ["allow_always", "Always allow", "allow_always"],
      ["reject_once", "Reject", "reject_once"],
    ]);
    expectValidAcp(params);
  });

  it("maps an MCP trust request as the table says", () => {
    const params = mcpTrustRequestToAcp(trust);
    expect(params).toEqual({
      sessionId: "session-1",
      toolCall: { toolCallId: "mcp-trust-docs-server", kind: "other", status: "pending", title: "Trust MCP server docs-server for tool search", rawInput: { server_id: "docs-server", tool_name: "search" } },
      options: [
        { optionId: "trust_mcp_server", name: "Trust server", kind: "allow_once" },
        { optionId: "reject_mcp_server", name: "Reject server", kind: "reject_once" },
      ],
    });
    expectValidAcp(params);
  });

  it("maps a representable question as the table says", () => {
    const params = askUserRequestToAcp(legacy, "session-1");
    expect(params).toEqual({
      sessionId: "session-1",
      toolCall: { toolCallId: "ask-1", kind: "other", status: "pending", title: "Which database?", rawInput: { question: "Which database?", options: ["PostgreSQL", "SQLite"] }, name: "AskUserQuestion" },
      options: [
        { optionId: "ask_user_option_0", name: "PostgreSQL", kind: "allow_once" },
        { optionId: "ask_user_option_1", name: "SQLite", kind: "allow_once" },
      ],
    });
    expectValidAcp(params);
  });

  it("is checked by a schema check that does reject malformed ACP", () => {
    const params = permissionRequestToAcp(permission);
    expect(acpRequestPermissionErrors({ ...params, options: [{ optionId: "x", name: "X", kind: "allow_sometimes" }] })).not.toEqual([]);
    expect(acpRequestPermissionErrors({ sessionId: "s", options: [] })).not.toEqual([]);
  });

  it("produces values the ACP SDK's own types accept", () => {
    const typed: RequestPermissionRequest = permissionRequestToAcp(permission);
    expect(typed.sessionId).toBe("session-1");
  });
});

describe("inbound mappings (spec 6.3)", () => {
  const answers = [selected("allow_once"), selected("reject_once"), selected("allow_always"), selected("trust_mcp_server"), selected("ask_user_option_0"), cancelled];

  it("reads responses that are valid ACP", () => {
    for (const answer of answers) expect(acpRequestPermissionResponseErrors(answer)).toEqual([]);
  });

  it("maps a permission answer: allow_once approves, anything else denies", () => {
    expect(permissionDecisionFromAcp(selected("allow_once"))).toEqual({ decision: "approve" });
    for (const other of [selected("reject_once"), selected("allow_always"), selected("trust_mcp_server"), cancelled, undefined, null, "allow_once", { outcome: "selected" }]) {
      expect(permissionDecisionFromAcp(other)).toEqual({ decision: "deny" });
    }
    expect(permissionResponseFromAcp(permission, selected("allow_once"))).toEqual({ request_id: "perm-1", decision: { decision: "approve" } });
  });

  it("maps allow_always to approve_always, rules always written (spec 2.3), only when it was offered", () => {
    expect(permissionDecisionFromAcp(selected("allow_always"), { offerAllowAlways: true })).toStrictEqual({ decision: "approve_always", rules: [] });
    expect(validateType("PermissionResponseParams", permissionResponseFromAcp(permission, selected("allow_always"), { offerAllowAlways: true })).ok).toBe(true);
    expect(permissionDecisionFromAcp(selected("allow_always"))).toEqual({ decision: "deny" });
  });

  it("maps an MCP trust answer: trust_mcp_server trusts, anything else denies", () => {
    expect(mcpTrustDecisionFromAcp(selected("trust_mcp_server"))).toBe("trust");
    for (const other of [selected("reject_mcp_server"), selected("allow_once"), cancelled, undefined]) expect(mcpTrustDecisionFromAcp(other)).toBe("deny");
  });

  it("maps a question answer to the label at the selected index, or to no answer", () => {
    expect(askUserResponseFromAcp(legacy, selected("ask_user_option_0"))).toEqual({ request_id: "ask-1", answer: "PostgreSQL" });
    expect(askUserResponseFromAcp(legacy, selected("ask_user_option_+1"))).toEqual({ request_id: "ask-1", answer: "SQLite" });
    expect(askUserResponseFromAcp(legacy, selected("ask_user_option_01"))).toEqual({ request_id: "ask-1", answer: "SQLite" });
    for (const other of [selected("ask_user_option_2"), selected("ask_user_option_-1"), selected("ask_user_option_x"), selected("ask_user_option_"), selected("allow_once"), selected("ask_user_option_99999999999999999999"), cancelled, undefined]) {
      expect(askUserResponseFromAcp(legacy, other)).toEqual({ request_id: "ask-1" });
    }
  });
});
