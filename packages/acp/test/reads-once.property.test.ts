import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSnapshot } from "@app-server-protocol/validators";
import {
  EMPTY_BRIDGE,
  acceptAcpResponse,
  acceptServerRequest,
  askUserRepresentability,
  askUserRequestToAcp,
  askUserResponseFromAcp,
  endAcpInput,
  mcpTrustDecisionFromAcp,
  mcpTrustRequestToAcp,
  permissionDecisionFromAcp,
  permissionRequestToAcp,
  permissionResponseFromAcp,
  routeQuestion,
  selectedOption,
  type AcpBridgeState,
  type AcpSession,
} from "@app-server-protocol/acp";
import { anyValue, asIf, build, like, type Recipe } from "./support/hostile.js";

// The bridge reads what it takes once, into JSON data, and works on that:
// given a value that fights back (getters that answer differently each time,
// 2^32 - 1 long sparse arrays, proxies that throw, bigints), each export
// gives the answer its argument's snapshot gets, and a value with no
// snapshot reads as nothing at all.

const RUNS = { numRuns: 300 };

/** What a recipe's value reads as: its snapshot, or `undefined` for one with none. */
function read(recipe: Recipe): unknown {
  const snapshot = jsonSnapshot(build(recipe));
  return snapshot.ok ? snapshot.value : undefined;
}

const sessions = like(fc.constant([{ id: "s1", promptActive: true }]), ["0", "length"]);
const question = like(fc.constant({ session_id: "s1", request_id: "ask-1", question: "Which?", options: ["A", "B"] }), ["request_id", "session_id", "question", "options"]);
const permission = like(
  fc.constant({ request_id: "p1", session_id: "s1", tool_use_id: "t1", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false }),
  ["request_id", "session_id", "tool_name", "tool_input"],
);
const response = like(fc.constant({ outcome: { outcome: "selected", optionId: "ask_user_option_1" } }), ["outcome"]);
const options = like(fc.constant({ offerAllowAlways: true }), ["offerAllowAlways"]);
const any = fc.oneof(anyValue, question, permission, response, sessions);

describe("each export reads its arguments once (property)", () => {
  it("the readers of an editor's answer give the answer of its snapshot", () => {
    fc.assert(
      fc.property(any, any, options, (answer, request, given) => {
        expect(selectedOption(build(answer))).toEqual(selectedOption(read(answer)));
        expect(mcpTrustDecisionFromAcp(build(answer))).toEqual(mcpTrustDecisionFromAcp(read(answer)));
        expect(permissionDecisionFromAcp(build(answer), asIf(build(given)))).toEqual(permissionDecisionFromAcp(read(answer), asIf(read(given))));
        expect(permissionResponseFromAcp(asIf(build(request)), build(answer), asIf(build(given)))).toEqual(permissionResponseFromAcp(asIf(read(request)), read(answer), asIf(read(given))));
        expect(askUserResponseFromAcp(asIf(build(request)), build(answer))).toEqual(askUserResponseFromAcp(asIf(read(request)), read(answer)));
      }),
      RUNS,
    );
  });

  it("the outbound mappings and routing give the answer of their arguments' snapshots", () => {
    fc.assert(
      fc.property(any, any, options, (request, listed, given) => {
        expect(askUserRepresentability(asIf(build(request)))).toEqual(askUserRepresentability(asIf(read(request))));
        expect(askUserRequestToAcp(asIf(build(request)), "s1")).toEqual(askUserRequestToAcp(asIf(read(request)), "s1"));
        expect(permissionRequestToAcp(asIf(build(request)), asIf(build(given)))).toEqual(permissionRequestToAcp(asIf(read(request)), asIf(read(given))));
        expect(mcpTrustRequestToAcp(asIf(build(request)))).toEqual(mcpTrustRequestToAcp(asIf(read(request))));
        expect(routeQuestion(undefined, asIf<AcpSession[]>(build(listed)))).toEqual(routeQuestion(undefined, asIf<AcpSession[]>(read(listed))));
      }),
      RUNS,
    );
  });

  it("the bridge steps give the answer of their arguments' snapshots, and keep plain data", () => {
    fc.assert(
      fc.property(question, sessions, options, any, (params, listed, given, answer) => {
        const envelope = (value: unknown) => asIf<Parameters<typeof acceptServerRequest>[1]>({ type: "request", id: "srv-1", method: "ask_user/request", params: value });
        const step = acceptServerRequest(EMPTY_BRIDGE, envelope(build(params)), asIf(build(listed)), asIf(build(given)));
        const paramsRead = read(params);
        if (paramsRead !== undefined) expect(step).toEqual(acceptServerRequest(EMPTY_BRIDGE, envelope(paramsRead), asIf(read(listed)), asIf(read(given))));
        expect(jsonSnapshot(step.state.pending).ok).toBe(true);
        const answered = acceptAcpResponse(step.state, "srv-1", build(answer));
        expect(answered).toEqual(acceptAcpResponse(step.state, "srv-1", read(answer)));
        const plain = asIf<AcpBridgeState>({ pending: [...step.state.pending] });
        expect(endAcpInput(plain)).toEqual(endAcpInput(step.state));
      }),
      RUNS,
    );
  });
});
