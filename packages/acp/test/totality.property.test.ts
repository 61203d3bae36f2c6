import type { AskUserQuestionPayload, McpTrustApprovalRequest, PermissionRequest, ServerMessageRequest } from "@app-server-protocol/types";
import { validateType } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_BRIDGE,
  acceptAcpResponse,
  acceptServerRequest,
  askUserOptionId,
  askUserOptionIndex,
  askUserRepresentability,
  askUserRequestToAcp,
  askUserResponseFromAcp,
  cancelAcpSession,
  endAcpInput,
  mcpTrustDecisionFromAcp,
  mcpTrustRequestToAcp,
  permissionDecisionFromAcp,
  permissionRequestToAcp,
  permissionResponseFromAcp,
  permissionSummary,
  routeQuestion,
  selectedOption,
  toolKind,
  type AcpBridgeState,
  type AcpRequestPermissionParams,
  type AcpSession,
  type BridgeOptions,
  type ServerRequestStep,
  type Settled,
} from "@app-server-protocol/acp";
import { acpRequestPermissionErrors } from "./support/acp-schema.js";
import { anyValue, asIf, build, like, plain, type Recipe } from "./support/hostile.js";

// Every export that takes wire data never throws, whatever JavaScript value
// it gets, and answers with a value of its declared type: valid ACP, valid
// app-server messages, and nothing JSON.stringify cannot write.

const RUNS = { numRuns: 300 };
const word = fc.string({ minLength: 1, maxLength: 8 });
const permission = fc.record({
  request_id: word,
  session_id: fc.constantFrom("s1", "s2"),
  tool_use_id: word,
  tool_name: fc.constantFrom("Bash", "Read", "x"),
  tool_input: fc.oneof(fc.json(), word),
  requires_tools_permission: fc.boolean(),
  requires_network_permission: fc.boolean(),
});
const trust = fc.record({ request_id: word, session_id: fc.constantFrom("s1", "s2"), server_id: word, tool_name: word });
const question = fc.record({ session_id: fc.constantFrom("s1", "", "s9"), request_id: word, question: word, options: fc.uniqueArray(word, { maxLength: 4 }) });
const editorResponse = fc.oneof(
  plain(fc.constantFrom("allow_once", "allow_always", "trust_mcp_server", "ask_user_option_0").map((optionId) => ({ outcome: { outcome: "selected", optionId } }))),
  like(fc.constant({ outcome: { outcome: "selected", optionId: "allow_once" } }), ["outcome"]),
  like(fc.constant({ outcome: "selected", optionId: "allow_once" }), ["outcome", "optionId"]).map((outcome): Recipe => ({ fields: [["outcome", outcome]] })),
);

const permissionLike = like(permission, ["request_id", "session_id", "tool_use_id", "tool_name", "tool_input", "requires_tools_permission"]);
const trustLike = like(trust, ["request_id", "session_id", "server_id", "tool_name"]);
const questionLike = like(question, ["request_id", "session_id", "question", "options", "questions"]);

const body = fc.oneof(
  fc.tuple(fc.constant("permission/request"), permissionLike),
  fc.tuple(fc.constant("mcp_trust/request"), trustLike),
  fc.tuple(fc.constant("ask_user/request"), questionLike),
  fc.tuple(fc.string(), anyValue),
);
const serverRequest = fc.oneof(
  fc.tuple(fc.constantFrom("srv-1", "srv-2"), body).map(([id, [method, params]]): Recipe => ({ fields: [["type", { plain: "request" }], ["id", { plain: id }], ["method", { plain: method }], ["params", params]] })),
  like(fc.constant({ type: "request", id: "srv-1", method: "mcp_trust/request", params: { request_id: "m", session_id: "s1", server_id: "d", tool_name: "t" } }), ["type", "id", "method", "params"]),
);
const sessionsLike = like(
  fc.constant([
    { id: "s1", promptActive: true },
    { id: "s2", promptActive: false },
  ]),
  ["0", "1", "length"],
);
const optionsLike = like(fc.record({ offerAllowAlways: fc.boolean() }), ["offerAllowAlways"]);

/** A state with pending requests, made by the bridge. */
const madeState = fc.array(fc.tuple(fc.constantFrom("srv-1", "srv-2", "srv-3"), permission), { maxLength: 3 }).map((requests) =>
  requests.reduce<AcpBridgeState>(
    (state, [id, params]) => acceptServerRequest(state, { type: "request", id, method: "permission/request", params }, [{ id: "s1", promptActive: true }]).state,
    EMPTY_BRIDGE,
  ),
);
const stateLike = fc.oneof(plain(madeState), like(madeState.map((state) => ({ pending: [...state.pending] })), ["pending"]));
const idLike = fc.oneof(plain(fc.constantFrom("srv-1", "srv-2", "s1")), anyValue);

function expectWritable(value: unknown): void {
  expect(typeof JSON.stringify(value)).toBe("string");
}

function expectState(state: AcpBridgeState): void {
  expect(Array.isArray(state.pending)).toBe(true);
  for (const entry of state.pending) expect(typeof entry.id === "string" && typeof entry.sessionId === "string").toBe(true);
  expectWritable(state);
}

function expectAcp(params: AcpRequestPermissionParams | undefined): void {
  if (params === undefined) return;
  expect(acpRequestPermissionErrors(params)).toEqual([]);
  expectWritable(params);
}

function expectStep(step: ServerRequestStep): void {
  expect(["ask_editor", "answer_now", "unsupported"]).toContain(step.kind);
  if (step.kind === "ask_editor") expectAcp(step.params);
  if (step.kind === "answer_now") expect(validateType("ClientMessage", step.response).ok).toBe(true);
  expectState(step.state);
  expectWritable(step);
}

function expectSettled(settled: Settled): void {
  for (const response of settled.responses) expect(validateType("ClientMessage", response).ok).toBe(true);
  expectState(settled.state);
  expectWritable(settled);
}

describe("no export throws, and each answers with its declared type", () => {
  it("acceptServerRequest", () => {
    fc.assert(
      fc.property(stateLike, serverRequest, sessionsLike, optionsLike, (state, request, sessions, options) => {
        expectStep(acceptServerRequest(asIf<AcpBridgeState>(build(state)), asIf<ServerMessageRequest>(build(request)), asIf<AcpSession[]>(build(sessions)), asIf<BridgeOptions>(build(options))));
      }),
      RUNS,
    );
  });

  it("acceptAcpResponse, cancelAcpSession, endAcpInput", () => {
    fc.assert(
      fc.property(stateLike, idLike, editorResponse, (recipe, key, response) => {
        const state = asIf<AcpBridgeState>(build(recipe));
        expectSettled(acceptAcpResponse(state, asIf<string>(build(key)), build(response)));
        expectSettled(cancelAcpSession(state, asIf<string>(build(key))));
        expectSettled(endAcpInput(state));
      }),
      RUNS,
    );
  });

  it("the outbound mappings", () => {
    fc.assert(
      fc.property(permissionLike, trustLike, questionLike, optionsLike, idLike, (perm, mcp, ask, options, sessionId) => {
        expectAcp(permissionRequestToAcp(asIf<PermissionRequest>(build(perm)), asIf<BridgeOptions>(build(options))));
        expectAcp(mcpTrustRequestToAcp(asIf<McpTrustApprovalRequest>(build(mcp))));
        expectAcp(askUserRequestToAcp(asIf<AskUserQuestionPayload>(build(ask)), asIf<string>(build(sessionId))));
        expect(typeof permissionSummary(asIf<PermissionRequest>(build(perm)))).toBe("string");
        const representable = askUserRepresentability(asIf<AskUserQuestionPayload>(build(ask)));
        expect(representable.ok || typeof representable.reason === "string").toBe(true);
      }),
      RUNS,
    );
  });

  it("the inbound mappings", () => {
    fc.assert(
      fc.property(permissionLike, questionLike, editorResponse, optionsLike, (perm, ask, response, options) => {
        const data = permissionResponseFromAcp(asIf<PermissionRequest>(build(perm)), build(response), asIf<BridgeOptions>(build(options)));
        expect(validateType("PermissionResponseParams", data).ok).toBe(true);
        expect(["approve", "approve_always", "deny"]).toContain(permissionDecisionFromAcp(build(response), asIf<BridgeOptions>(build(options))).decision);
        expect(["trust", "deny"]).toContain(mcpTrustDecisionFromAcp(build(response)));
        expect(validateType("AskUserQuestionResponse", askUserResponseFromAcp(asIf<AskUserQuestionPayload>(build(ask)), build(response))).ok).toBe(true);
        const option = selectedOption(build(response));
        expect(option === undefined || typeof option === "string").toBe(true);
      }),
      RUNS,
    );
  });

  it("the helpers on names and ids", () => {
    fc.assert(
      fc.property(idLike, sessionsLike, (value, sessions) => {
        expect(typeof toolKind(asIf<string>(build(value)))).toBe("string");
        expect(typeof askUserOptionId(asIf<number>(build(value)))).toBe("string");
        const index = askUserOptionIndex(asIf<string>(build(value)));
        expect(index === undefined || Number.isSafeInteger(index)).toBe(true);
        const routed = routeQuestion(asIf<string>(build(value)), asIf<AcpSession[]>(build(sessions)));
        expect(routed === undefined || typeof routed === "string").toBe(true);
      }),
      RUNS,
    );
  });

  it("the calls the reports named", () => {
    expectStep(acceptServerRequest(EMPTY_BRIDGE, asIf<ServerMessageRequest>(null), []));
    expect(askUserRepresentability(asIf<AskUserQuestionPayload>(null))).toEqual({ ok: false, reason: "malformed request" });
    expectAcp(permissionRequestToAcp(asIf<PermissionRequest>(null)));
    const pending = acceptServerRequest(EMPTY_BRIDGE, { type: "request", id: "srv-1", method: "permission/request", params: { request_id: "p", session_id: "s1", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false } }, []);
    const throwing = Object.defineProperty({}, "outcome", {
      enumerable: true,
      get: () => {
        throw new Error("x");
      },
    });
    expect(acceptAcpResponse(pending.state, "srv-1", throwing).responses).toEqual([{ type: "response", id: "srv-1", result: { status: "success", data: { request_id: "p", decision: { decision: "deny" } } } }]);
  });
});
