import type { ServerMessageRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, acceptAcpResponse, acceptServerRequest, cancelAcpSession, endAcpInput } from "@app-server-protocol/acp";

// A server request that reuses the envelope id of a pending one replaces it
// on every path, so the id is answered once: by the new request's answer,
// never also by the old one's fallback.

const sessions = [{ id: "s1", promptActive: true }];
const permission: ServerMessageRequest = {
  type: "request",
  id: "srv-1",
  method: "permission/request",
  params: { request_id: "perm-1", session_id: "s1", tool_use_id: "t1", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false },
};
const reuse = (method: string, params: unknown): ServerMessageRequest => ({ type: "request", id: "srv-1", method, params });

const reusing = [
  ["answered at once (a free-text question)", reuse("ask_user/request", { session_id: "s1", request_id: "q1", question: "Why?" }), "answer_now"],
  ["refused by the request rules", reuse("ask_user/request", { session_id: "s1", request_id: "q1", question: "", options: ["A"] }), "answer_now"],
  ["with params that do not decode", reuse("permission/request", { request_id: "p" }), "unsupported"],
  ["of another method", reuse("elicitation/request", {}), "unsupported"],
  ["for a session with no prompt", reuse("ask_user/request", { session_id: "s9", request_id: "q1", question: "Which?", options: ["A"] }), "answer_now"],
] as const;

describe("a reused envelope id", () => {
  it.each(reusing)("drops the pending request when the new one is %s", (_name, request, kind) => {
    const pending = acceptServerRequest(EMPTY_BRIDGE, permission, sessions).state;
    const step = acceptServerRequest(pending, request, sessions);
    expect(step.kind).toBe(kind);
    expect(step.state.pending).toEqual([]);
    expect(cancelAcpSession(step.state, "s1").responses).toEqual([]);
    expect(endAcpInput(step.state).responses).toEqual([]);
    expect(acceptAcpResponse(step.state, "srv-1", { outcome: { outcome: "selected", optionId: "allow_once" } }).responses).toEqual([]);
  });

  it("answers only the newest request when the new one is sent to the editor too", () => {
    const pending = acceptServerRequest(EMPTY_BRIDGE, permission, sessions).state;
    const question = reuse("ask_user/request", { session_id: "s1", request_id: "q2", question: "Which?", options: ["A", "B"] });
    const step = acceptServerRequest(pending, question, sessions);
    expect(step.kind).toBe("ask_editor");
    const cancelled = cancelAcpSession(step.state, "s1");
    expect(cancelled.responses).toEqual([{ type: "response", id: "srv-1", result: { status: "success", data: { request_id: "q2" } } }]);
    expect(endAcpInput(cancelled.state).responses).toEqual([]);
  });

  it("leaves other pending requests and their order alone", () => {
    let state = acceptServerRequest(EMPTY_BRIDGE, permission, sessions).state;
    state = acceptServerRequest(state, { ...permission, id: "srv-2" }, sessions).state;
    state = acceptServerRequest(state, { ...permission, id: "srv-3" }, sessions).state;
    state = acceptServerRequest(state, reuse("elicitation/request", {}), sessions).state;
    expect(state.pending.map((entry) => entry.id)).toEqual(["srv-2", "srv-3"]);
    state = acceptServerRequest(state, permission, sessions).state;
    expect(endAcpInput(state).responses.map((response) => response.id)).toEqual(["srv-2", "srv-3", "srv-1"]);
  });
});
