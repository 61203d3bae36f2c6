import type { ServerMessageRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, acceptAcpResponse, acceptServerRequest, cancelAcpSession, endAcpInput, routeQuestion, type AcpBridgeState } from "@app-server-protocol/acp";
import { acpRequestPermissionErrors } from "./support/acp-schema.js";

const sessions = [
  { id: "s1", promptActive: true },
  { id: "s2", promptActive: false },
];
const permission: ServerMessageRequest = {
  type: "request",
  id: "srv-perm-1",
  method: "permission/request",
  params: { request_id: "perm-1", session_id: "s1", tool_use_id: "toolu-1", tool_name: "Read", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false },
};
const trust: ServerMessageRequest = { type: "request", id: "srv-mcp-trust-1", method: "mcp_trust/request", params: { request_id: "trust-1", session_id: "s2", server_id: "docs", tool_name: "search" } };
const question = (id: string, params: object): ServerMessageRequest => ({ type: "request", id, method: "ask_user/request", params: { request_id: `q-${id}`, question: "Which?", options: ["A", "B"], ...params } });
const success = (id: string, data: unknown) => ({ type: "response", id, result: { status: "success", data } });

function ask(state: AcpBridgeState, request: ServerMessageRequest): AcpBridgeState {
  const step = acceptServerRequest(state, request, sessions);
  expect(step.kind).toBe("ask_editor");
  if (step.kind === "ask_editor") expect(acpRequestPermissionErrors(step.params)).toEqual([]);
  return step.state;
}

describe("session routing (spec 6.1)", () => {
  it("uses a known session_id, or the single session with an active prompt", () => {
    expect(routeQuestion("s2", sessions)).toBe("s2");
    expect(routeQuestion("s9", sessions)).toBeUndefined();
    expect(routeQuestion("", sessions)).toBe("s1");
    expect(routeQuestion(undefined, sessions)).toBe("s1");
    expect(routeQuestion(undefined, [...sessions, { id: "s3", promptActive: true }])).toBeUndefined();
    expect(routeQuestion(undefined, [{ id: "s1", promptActive: false }])).toBeUndefined();
  });

  it("answers a question for an unknown session, or with no single active prompt, at once and empty", () => {
    for (const params of [{ session_id: "s9" }, { session_id: "" }]) {
      const noSession = acceptServerRequest(EMPTY_BRIDGE, question("srv-ask-user-1", params), [{ id: "s1", promptActive: false }]);
      expect(noSession).toEqual({ kind: "answer_now", response: success("srv-ask-user-1", { request_id: "q-srv-ask-user-1" }), state: EMPTY_BRIDGE });
    }
  });

  it("answers a question ACP cannot show at once and empty", () => {
    const step = acceptServerRequest(EMPTY_BRIDGE, question("srv-ask-user-2", { options: [] }), sessions);
    expect(step).toEqual({ kind: "answer_now", response: success("srv-ask-user-2", { request_id: "q-srv-ask-user-2" }), state: EMPTY_BRIDGE });
  });

  it("leaves other methods and undecodable params alone", () => {
    expect(acceptServerRequest(EMPTY_BRIDGE, { type: "request", id: "x", method: "elicitation/request", params: {} }, sessions).kind).toBe("unsupported");
    expect(acceptServerRequest(EMPTY_BRIDGE, { ...permission, params: { request_id: "p" } }, sessions).kind).toBe("unsupported");
  });
});

describe("answers and cancellation (spec 6.3, 6.4)", () => {
  it("answers each server request from the editor's response, exactly once", () => {
    let state = ask(EMPTY_BRIDGE, permission);
    state = ask(state, trust);
    state = ask(state, question("srv-ask-user-3", { session_id: "s1" }));
    const first = acceptAcpResponse(state, "srv-ask-user-3", { outcome: { outcome: "selected", optionId: "ask_user_option_1" } });
    expect(first.responses).toEqual([success("srv-ask-user-3", { request_id: "q-srv-ask-user-3", answer: "B" })]);
    expect(acceptAcpResponse(first.state, "srv-ask-user-3", { outcome: { outcome: "cancelled" } }).responses).toEqual([]);
    const second = acceptAcpResponse(first.state, "srv-perm-1", { outcome: { outcome: "selected", optionId: "allow_once" } });
    expect(second.responses).toEqual([success("srv-perm-1", { request_id: "perm-1", decision: { decision: "approve" } })]);
    const third = acceptAcpResponse(second.state, "srv-mcp-trust-1", undefined);
    expect(third.responses).toEqual([success("srv-mcp-trust-1", "deny")]);
    expect(third.state.pending).toEqual([]);
  });

  it("answers every pending request of a cancelled or closed session with its fallback, and ignores the late response", () => {
    let state = ask(EMPTY_BRIDGE, permission);
    state = ask(state, trust);
    state = ask(state, question("srv-ask-user-4", { session_id: "s1" }));
    const cancelled = cancelAcpSession(state, "s1");
    expect(cancelled.responses).toEqual([
      success("srv-perm-1", { request_id: "perm-1", decision: { decision: "deny" } }),
      success("srv-ask-user-4", { request_id: "q-srv-ask-user-4" }),
    ]);
    expect(acceptAcpResponse(cancelled.state, "srv-perm-1", { outcome: { outcome: "selected", optionId: "allow_once" } }).responses).toEqual([]);
    expect(cancelAcpSession(cancelled.state, "s1").responses).toEqual([]);
    const ended = endAcpInput(cancelled.state);
    expect(ended.responses).toEqual([success("srv-mcp-trust-1", "deny")]);
    expect(endAcpInput(ended.state).responses).toEqual([]);
  });

  it("offers and honours allow_always when asked to", () => {
    const step = acceptServerRequest(EMPTY_BRIDGE, permission, sessions, { offerAllowAlways: true });
    expect(step.kind === "ask_editor" && step.params.options.map((option) => option.optionId)).toEqual(["allow_once", "allow_always", "reject_once"]);
    const settled = acceptAcpResponse(step.state, "srv-perm-1", { outcome: { outcome: "selected", optionId: "allow_always" } });
    expect(settled.responses).toEqual([success("srv-perm-1", { request_id: "perm-1", decision: { decision: "approve_always", rules: [] } })]);
  });

  it("denies allow_always for a request sent without it, whatever comes later", () => {
    const step = acceptServerRequest(EMPTY_BRIDGE, permission, sessions);
    const settled = acceptAcpResponse(step.state, "srv-perm-1", { outcome: { outcome: "selected", optionId: "allow_always" } });
    expect(settled.responses).toEqual([success("srv-perm-1", { request_id: "perm-1", decision: { decision: "deny" } })]);
  });

  it("keeps one pending request per envelope id, so a repeated server request is answered once", () => {
    const first = acceptServerRequest(EMPTY_BRIDGE, permission, sessions);
    const repeated = acceptServerRequest(first.state, permission, sessions, { offerAllowAlways: true });
    expect(repeated.state.pending.map((entry) => entry.id)).toEqual(["srv-perm-1"]);
    const answered = acceptAcpResponse(repeated.state, "srv-perm-1", { outcome: { outcome: "selected", optionId: "allow_always" } });
    expect(answered.responses).toEqual([success("srv-perm-1", { request_id: "perm-1", decision: { decision: "approve_always", rules: [] } })]);
    expect(endAcpInput(answered.state).responses).toEqual([]);
    expect(endAcpInput(repeated.state).responses).toHaveLength(1);
  });
});
