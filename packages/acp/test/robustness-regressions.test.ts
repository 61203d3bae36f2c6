import type { ServerMessageRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, acceptServerRequest, endAcpInput, routeQuestion, type AcpBridgeState, type AcpSession } from "@app-server-protocol/acp";
import { asIf, elementTripwire, sparseHugeArray } from "./support/hostile.js";

// Contradictions of the README's promises that fuzzing found, each pinned by
// the input that showed it: a sparse array whose length is 2^32 - 1 (a few
// bytes, as `structuredClone` or `postMessage` can deliver) was walked index
// by index.

const question: ServerMessageRequest = { type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: "ask-1", question: "Which?", options: ["A", "B"] } };
const sessions: AcpSession[] = [{ id: "s1", promptActive: true }];

describe("a sparse array whose length is 2^32 - 1", () => {
  it("is not walked as a state's pending list, by acceptServerRequest or endAcpInput", () => {
    const pending = elementTripwire(sparseHugeArray([{ id: "x" }]), 100);
    const state = asIf<AcpBridgeState>({ pending: pending.proxy });
    expect(acceptServerRequest(state, question, sessions).kind).toBe("ask_editor");
    expect(endAcpInput(state)).toEqual({ responses: [], state: EMPTY_BRIDGE });
    expect(pending.looks()).toBeLessThanOrEqual(2);
  });

  it("is not walked as the sessions, by acceptServerRequest or routeQuestion", () => {
    const listed = elementTripwire(sparseHugeArray([{ id: "s1", promptActive: true }]), 100);
    const huge = asIf<AcpSession[]>(listed.proxy);
    expect(routeQuestion(undefined, huge)).toBeUndefined();
    expect(acceptServerRequest(EMPTY_BRIDGE, question, huge)).toMatchObject({ kind: "answer_now", response: { result: { status: "success", data: { request_id: "ask-1" } } } });
    expect(listed.looks()).toBeLessThanOrEqual(2);
  });

  it("is refused at once when it is a real one", () => {
    const state = asIf<AcpBridgeState>({ pending: sparseHugeArray() });
    expect(endAcpInput(state).responses).toEqual([]);
    expect(routeQuestion(undefined, asIf<AcpSession[]>(sparseHugeArray([{ id: "s1", promptActive: true }])))).toBeUndefined();
    const params = { request_id: "ask-1", question: "Which?", options: sparseHugeArray(["A"]) };
    expect(acceptServerRequest(EMPTY_BRIDGE, { ...question, params }, sessions).kind).toBe("unsupported");
  });
});
