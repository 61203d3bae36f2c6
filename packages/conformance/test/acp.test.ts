import { join } from "node:path";
import {
  EMPTY_BRIDGE,
  acceptAcpResponse,
  acceptServerRequest,
  askUserRepresentability,
  askUserRequestToAcp,
  askUserResponseFromAcp,
  cancelAcpSession,
  endAcpInput,
  mcpTrustDecisionFromAcp,
  mcpTrustRequestToAcp,
  permissionRequestToAcp,
  permissionResponseFromAcp,
  type AcpBridgeState,
  type AcpRequestPermissionParams,
  type AcpSession,
  type BridgeOptions,
  type Settled,
} from "@app-server-protocol/acp";
import { outcomeFromResponse } from "@app-server-protocol/legacy-shim";
import type { AskUserQuestionRequest, ServerMessageRequest } from "@app-server-protocol/types";
import { isServerMessage, validateType, type MessageTypeName, type ProtocolTypes } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORMAT_DIR, casesOf, listOf, objectOf, readJson, suiteFiles, text } from "./vectors.js";

// The TypeScript runner of the ACP mapping vectors (spec 6):
// @app-server-protocol/acp must give every case's expected output.

type Case = Record<string, unknown>;

const SUITE = "acp";
const FORMAT = objectOf(readJson(join(FORMAT_DIR, `${SUITE}.schema.json`)));

function decoded<K extends MessageTypeName>(name: K, value: unknown): ProtocolTypes[K] {
  const result = validateType(name, value);
  if (!result.ok) throw new Error(`not a ${name}: ${result.error.message}`);
  return result.value;
}

function serverRequestOf(value: unknown): ServerMessageRequest {
  if (!isServerMessage(value) || value.type !== "request") throw new Error("not a server request envelope");
  return value;
}

function optionsOf(entry: Case): BridgeOptions {
  return { offerAllowAlways: entry.offer_allow_always === true };
}

/** The editor's answer as the bridge takes it: `null` in a vector is a transport error. */
function editorAnswer(value: unknown): unknown {
  return value === null ? undefined : value;
}

/** ACP params as the format matches them: `sessionId` when listed, `options` exactly, and each listed `toolCall` field. */
function checkParams(actual: AcpRequestPermissionParams | undefined, expected: unknown): void {
  if (expected === null) {
    expect(actual).toBeUndefined();
    return;
  }
  const want = objectOf(expected, "params");
  if (actual === undefined) throw new Error("no session/request_permission params were produced");
  if ("sessionId" in want) expect(actual.sessionId).toBe(want.sessionId);
  expect(actual.options).toStrictEqual(want.options);
  const toolCall = objectOf(actual.toolCall, "toolCall");
  for (const [field, value] of Object.entries(objectOf(want.toolCall, "toolCall"))) expect(toolCall[field], `toolCall.${field}`).toStrictEqual(value);
}

/** Messages compared in any order. */
function unordered(messages: readonly unknown[]): unknown[] {
  return [...messages].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function runBridge(entry: Case): void {
  const options = optionsOf(entry);
  const sessions: AcpSession[] = listOf(entry.sessions, "sessions").map((value) => {
    const session = objectOf(value, "session");
    return { id: text(session.id, "session.id"), promptActive: session.prompt_active === true };
  });
  let state: AcpBridgeState = EMPTY_BRIDGE;
  listOf(entry.steps, "steps").forEach((value, index) => {
    const step = objectOf(value, "step");
    const want = objectOf(step.expect, "expect");
    const where = `step ${index} (${String(step.step)})`;
    let settled: Settled;
    if (step.step === "server_request") {
      const next = acceptServerRequest(state, serverRequestOf(step.message), sessions, options);
      expect(next.kind, where).not.toBe("unsupported");
      checkParams(next.kind === "ask_editor" ? next.params : undefined, want.editor);
      settled = { responses: next.kind === "answer_now" ? [next.response] : [], state: next.state };
    } else if (step.step === "editor_response") {
      settled = acceptAcpResponse(state, text(step.id, "id"), editorAnswer(step.acp_response));
    } else if (step.step === "session_cancel" || step.step === "session_close") {
      settled = cancelAcpSession(state, text(step.session_id, "session_id"));
    } else if (step.step === "stdin_eof") {
      settled = endAcpInput(state);
    } else {
      throw new Error(`unknown bridge step ${String(step.step)}`);
    }
    expect(unordered(settled.responses), where).toStrictEqual(unordered(listOf(want.server, "server")));
    state = settled.state;
  });
}

function runAskUserFromAcp(entry: Case): void {
  const want = objectOf(entry.expect, "expect");
  const request: AskUserQuestionRequest = decoded("AskUserQuestionRequest", entry.request);
  const data = askUserResponseFromAcp(request, editorAnswer(entry.acp_response));
  expect(data).toStrictEqual(want.data);
  expect(outcomeFromResponse(request, data)).toStrictEqual({ ok: true, outcome: want.server_outcome });
}

const RUNNERS: { readonly [kind: string]: (entry: Case) => void } = {
  representability: (entry) => {
    const representable = askUserRepresentability(decoded("AskUserQuestionRequest", entry.request)).ok;
    expect(representable).toBe(objectOf(entry.expect).representable);
  },
  ask_user_to_acp: (entry) => {
    const params = askUserRequestToAcp(decoded("AskUserQuestionRequest", entry.request), text(entry.session_id, "session_id"));
    checkParams(params, objectOf(entry.expect).params);
  },
  permission_to_acp: (entry) => {
    checkParams(permissionRequestToAcp(decoded("PermissionRequest", entry.request), optionsOf(entry)), objectOf(entry.expect).params);
  },
  mcp_trust_to_acp: (entry) => {
    checkParams(mcpTrustRequestToAcp(decoded("McpTrustApprovalRequest", entry.request)), objectOf(entry.expect).params);
  },
  ask_user_from_acp: runAskUserFromAcp,
  permission_from_acp: (entry) => {
    const data = permissionResponseFromAcp(decoded("PermissionRequest", entry.request), editorAnswer(entry.acp_response), optionsOf(entry));
    expect(data).toStrictEqual(objectOf(entry.expect).data);
  },
  mcp_trust_from_acp: (entry) => {
    decoded("McpTrustApprovalRequest", entry.request);
    expect(mcpTrustDecisionFromAcp(editorAnswer(entry.acp_response))).toBe(objectOf(entry.expect).data);
  },
  bridge: runBridge,
};

/** The `kind` of every case definition the format lists. */
function caseKinds(): unknown[] {
  const items = objectOf(objectOf(objectOf(FORMAT.properties).cases).items);
  return listOf(items.oneOf, "cases.items.oneOf").map((ref) => {
    const definition = objectOf(FORMAT.$defs)[text(objectOf(ref).$ref, "$ref").replace("#/$defs/", "")];
    return objectOf(objectOf(objectOf(definition).properties).kind).const;
  });
}

const FILES = suiteFiles(SUITE);
const ALL_CASES = FILES.flatMap(({ document }) => casesOf(document));
const ofKind = (kind: string) => ALL_CASES.filter((entry) => entry.kind === kind);

describe.each(FILES.map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    const run = RUNNERS[String(entry.kind)];
    if (run === undefined) throw new Error(`no runner for kind ${String(entry.kind)}`);
    run(entry);
  });
});

describe("acp coverage", () => {
  const expects = ALL_CASES.map((entry) => objectOf(entry.expect ?? {}, "expect"));
  const bridgeSteps = ofKind("bridge").flatMap((entry) => listOf(entry.steps, "steps").map((step) => objectOf(step)));

  it("has a case of every mapping kind the format defines", () => {
    const kinds = caseKinds();
    expect(kinds.length).toBe(Object.keys(RUNNERS).length);
    expect(new Set(ALL_CASES.map((entry) => entry.kind))).toStrictEqual(new Set(kinds));
  });

  it("has questions ACP can and cannot show", () => {
    expect(new Set(expects.map((want) => want.representable).filter((value) => value !== undefined))).toStrictEqual(new Set([true, false]));
    expect(ofKind("ask_user_to_acp").some((entry) => objectOf(entry.expect).params === null)).toBe(true);
  });

  it("maps back to every decision and to both question results", () => {
    const decisions = ofKind("permission_from_acp").map((entry) => objectOf(objectOf(objectOf(entry.expect).data).decision).decision);
    expect(new Set(decisions)).toStrictEqual(new Set(["approve", "deny", "approve_always"]));
    expect(new Set(ofKind("mcp_trust_from_acp").map((entry) => objectOf(entry.expect).data))).toStrictEqual(new Set(["trust", "deny"]));
    const outcomes = ofKind("ask_user_from_acp").map((entry) => objectOf(objectOf(entry.expect).server_outcome).outcome);
    expect(new Set(outcomes)).toStrictEqual(new Set(["answered", "cancelled"]));
  });

  it("expects only protocol values to reach the app-server", () => {
    for (const entry of ofKind("permission_from_acp")) expect(validateType("PermissionResponseParams", objectOf(entry.expect).data).ok).toBe(true);
    for (const entry of ofKind("ask_user_from_acp")) expect(validateType("AskUserQuestionResponse", objectOf(entry.expect).data).ok).toBe(true);
    const messages = bridgeSteps.flatMap((step) => listOf(objectOf(step.expect).server, "server"));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(validateType("ClientMessage", message).ok, JSON.stringify(message)).toBe(true);
  });

  it("runs every bridge step, for all three server requests", () => {
    expect(new Set(bridgeSteps.map((step) => step.step))).toStrictEqual(new Set(["server_request", "editor_response", "session_cancel", "session_close", "stdin_eof"]));
    const methods = bridgeSteps.flatMap((step) => (step.step === "server_request" ? [objectOf(step.message).method] : []));
    expect(new Set(methods)).toStrictEqual(new Set(["ask_user/request", "permission/request", "mcp_trust/request"]));
  });
});

describe("acp properties", () => {
  const shown = ofKind("ask_user_to_acp").filter((entry) => objectOf(entry.expect).params !== null);

  it("answers any offered option of a shown question with its label, and any other id with no answer (spec 6.3)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...shown), fc.nat(), fc.string(), (entry, pick, stray) => {
        const request = decoded("AskUserQuestionRequest", entry.request);
        const params = askUserRequestToAcp(request, text(entry.session_id, "session_id"));
        if (params === undefined) throw new Error("a shown question was not mapped");
        const index = pick % params.options.length;
        const option = params.options[index];
        const selected = (optionId: string) => askUserResponseFromAcp(request, { outcome: { outcome: "selected", optionId } });
        expect(selected(option?.optionId ?? "")).toStrictEqual({ request_id: request.request_id, answer: request.options?.[index] });
        fc.pre(!params.options.some((offered) => offered.optionId === stray) && !/^ask_user_option_\+?[0-9]+$/.test(stray));
        expect(selected(stray)).toStrictEqual({ request_id: request.request_id });
      }),
    );
  });
});
