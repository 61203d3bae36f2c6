import type { ServerMessageRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, acceptAcpResponse, acceptServerRequest, cancelAcpSession, endAcpInput, type AcpBridgeState } from "@app-server-protocol/acp";
import { asIf, throwingGetter, throwingProxy } from "./support/hostile.js";

// The state's `pending` list is derived on demand but looks like the plain
// `{ pending }` value it used to be; a plain value of that shape still works
// as a state, and anything else is the empty bridge.

const sessions = [
  { id: "s1", promptActive: true },
  { id: "s2", promptActive: false },
];
const permission = (id: string, session: string): ServerMessageRequest => ({
  type: "request",
  id,
  method: "permission/request",
  params: { request_id: `perm-${id}`, session_id: session, tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false },
});
const deny = (id: string) => ({ type: "response", id, result: { status: "success", data: { request_id: `perm-${id}`, decision: { decision: "deny" } } } });

function threePending(): AcpBridgeState {
  let state = EMPTY_BRIDGE;
  for (const [id, session] of [["srv-1", "s1"], ["srv-2", "s2"], ["srv-3", "s1"]] as const) state = acceptServerRequest(state, permission(id, session), sessions).state;
  return state;
}

describe("the bridge state", () => {
  it("shows its pending list as an own, enumerable, frozen property, in arrival order", () => {
    const state = threePending();
    expect(Object.keys(state)).toEqual(["pending"]);
    expect(state.pending.map((entry) => entry.id)).toEqual(["srv-1", "srv-2", "srv-3"]);
    expect(state.pending).toBe(state.pending);
    expect(state).toEqual({ pending: state.pending });
    expect({ ...state }).toEqual({ pending: state.pending });
    expect(JSON.parse(JSON.stringify(state))).toEqual({ pending: state.pending });
    expect(Object.isFrozen(state) && Object.isFrozen(state.pending)).toBe(true);
    expect(EMPTY_BRIDGE).toEqual({ pending: [] });
  });

  it("keeps each pending request as plain data, read once from the request", () => {
    let reads = 0;
    const params = { request_id: "perm-9", session_id: "s1", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false };
    const counted = Object.defineProperty({ ...params }, "tool_name", {
      enumerable: true,
      get: () => {
        reads += 1;
        return reads === 1 ? "Bash" : "Read";
      },
    });
    const step = acceptServerRequest(EMPTY_BRIDGE, { type: "request", id: "srv-9", method: "permission/request", params: counted }, sessions);
    expect(reads).toBe(1);
    expect(step.kind === "ask_editor" && step.params.toolCall.kind).toBe("execute");
    expect(step.state.pending[0]?.request.params).toEqual(params);
  });

  it("takes a plain { pending } value, such as a filtered list, as the same state", () => {
    const state = threePending();
    const plain = { pending: state.pending.filter((entry) => entry.id !== "srv-2") };
    expect(cancelAcpSession(plain, "s2").responses).toEqual([]);
    expect(cancelAcpSession(plain, "s1").responses).toEqual([deny("srv-1"), deny("srv-3")]);
    const answered = acceptAcpResponse({ pending: [...state.pending] }, "srv-2", { outcome: { outcome: "selected", optionId: "allow_once" } });
    expect(answered.responses).toEqual([{ type: "response", id: "srv-2", result: { status: "success", data: { request_id: "perm-srv-2", decision: { decision: "approve" } } } }]);
    expect(answered.state.pending.map((entry) => entry.id)).toEqual(["srv-1", "srv-3"]);
  });

  it("leaves out entries of a plain value that are not pending requests", () => {
    const [first] = threePending().pending;
    const plain = { pending: [first, null, { id: 7 }, { ...first, id: "srv-8", fallback: { type: "response" } }] };
    expect(endAcpInput(asIf<AcpBridgeState>(plain)).responses).toEqual([deny("srv-1")]);
  });

  it("reads a plain value that is not JSON data throughout, a throwing entry say, as the empty bridge", () => {
    const [first] = threePending().pending;
    expect(endAcpInput(asIf<AcpBridgeState>({ pending: [first, throwingProxy()] })).responses).toEqual([]);
  });

  it.each([
    ["null", null],
    ["a number", 5],
    ["a list", []],
    ["a pending that is not a list", { pending: "srv-1" }],
    ["a throwing proxy", throwingProxy()],
    ["a throwing pending", throwingGetter("pending")],
  ])("reads %s as the empty bridge", (_name, value) => {
    const state = asIf<AcpBridgeState>(value);
    expect(endAcpInput(state)).toEqual({ responses: [], state: EMPTY_BRIDGE });
    expect(acceptAcpResponse(state, "srv-1", undefined).responses).toEqual([]);
    expect(acceptServerRequest(state, permission("srv-1", "s1"), sessions).state.pending.map((entry) => entry.id)).toEqual(["srv-1"]);
  });
});
