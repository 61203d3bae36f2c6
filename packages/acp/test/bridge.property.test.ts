import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { outcomeFromResponse } from "@app-server-protocol/legacy-shim";
import { checkOutcome, validateType } from "@app-server-protocol/validators";
import {
  askUserRepresentability,
  askUserRequestToAcp,
  askUserResponseFromAcp,
  mcpTrustDecisionFromAcp,
  mcpTrustRequestToAcp,
  permissionRequestToAcp,
  permissionResponseFromAcp,
  selectedOption,
} from "@app-server-protocol/acp";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { acpRequestPermissionErrors, acpRequestPermissionResponseErrors } from "./support/acp-schema.js";

const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== "");
const labels = fc.uniqueArray(text, { minLength: 1, maxLength: 4 });
const representable = fc.oneof(
  fc.record({ request_id: fc.uuid(), session_id: fc.constant("s1"), question: text, options: labels }),
  fc.tuple(fc.uuid(), text, labels).map(([request_id, question, options]) => ({
    request_id,
    session_id: "s1",
    question,
    options,
    questions: [{ id: "q1", question, header: "", options: options.map((label, index) => ({ id: `o${index}`, label })), allow_free_text: false }],
  })),
);
const anyResponse = fc.oneof(
  fc.record({ outcome: fc.oneof(fc.constant({ outcome: "cancelled" }), fc.record({ outcome: fc.constant("selected"), optionId: fc.oneof(fc.string(), fc.nat({ max: 6 }).map((n) => `ask_user_option_${n}`), fc.constantFrom("allow_once", "allow_always", "reject_once", "trust_mcp_server")) })) }),
  fc.anything(),
);

describe("ACP bridge, property-based", () => {
  it("maps every representable question to valid ACP, and every selection back to an answer the validators accept", () => {
    fc.assert(
      fc.property(representable, fc.nat(), (request, pick) => {
        expect(askUserRepresentability(request)).toEqual({ ok: true });
        const params = askUserRequestToAcp(request, "s1");
        expect(acpRequestPermissionErrors(params)).toEqual([]);
        const option = params?.options[pick % (params?.options.length ?? 1)];
        const selected = { outcome: { outcome: "selected", optionId: option?.optionId } };
        expect(acpRequestPermissionResponseErrors(selected)).toEqual([]);
        const answer = askUserResponseFromAcp(request, selected);
        expect(answer.answer).toBe(option?.name);
        const outcome = outcomeFromResponse(request, answer);
        expect(outcome.ok && checkOutcome(canonicalQuestions(request), outcome.outcome)).toBeNull();
        expect(outcome.ok && outcome.outcome.outcome).toBe("answered");
      }),
    );
  });

  it("turns any editor response, however malformed, into a valid app-server answer", () => {
    const permission = { request_id: "p", session_id: "s1", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: true };
    fc.assert(
      fc.property(representable, anyResponse, fc.boolean(), (request, response, offerAllowAlways) => {
        expect(validateType("AskUserQuestionResponse", askUserResponseFromAcp(request, response)).ok).toBe(true);
        expect(validateType("PermissionResponseParams", permissionResponseFromAcp(permission, response, { offerAllowAlways })).ok).toBe(true);
        expect(validateType("McpTrustRequestResult", mcpTrustDecisionFromAcp(response)).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("maps any permission and MCP trust request to valid ACP", () => {
    const permission = fc.record({
      request_id: text,
      session_id: text,
      tool_use_id: text,
      tool_name: fc.oneof(fc.constantFrom("Bash", "Read", "Edit", "WebFetch", "Task"), text),
      tool_input: fc.oneof(fc.json(), text),
      requires_tools_permission: fc.boolean(),
      requires_network_permission: fc.boolean(),
    });
    const trust = fc.record({ request_id: text, session_id: text, server_id: text, tool_name: text });
    fc.assert(
      fc.property(permission, trust, fc.boolean(), (perm, mcp, offerAllowAlways) => {
        expect(acpRequestPermissionErrors(permissionRequestToAcp(perm, { offerAllowAlways }))).toEqual([]);
        expect(acpRequestPermissionErrors(mcpTrustRequestToAcp(mcp))).toEqual([]);
      }),
    );
  });

  it("answers allow_always with approve_always and its rules written out as [] exactly when opted in (spec 2.3)", () => {
    const permission = { request_id: "p", session_id: "s1", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false };
    fc.assert(
      fc.property(anyResponse, fc.boolean(), (response, offerAllowAlways) => {
        const { decision } = permissionResponseFromAcp(permission, response, { offerAllowAlways });
        const allowAlways = offerAllowAlways && selectedOption(response) === "allow_always";
        expect(decision.decision === "approve_always").toBe(allowAlways);
        if (decision.decision === "approve_always") expect(JSON.stringify(decision)).toBe('{"decision":"approve_always","rules":[]}');
        else expect(Object.keys(decision)).toEqual(["decision"]);
      }),
      { numRuns: 300 },
    );
  });

  it("answers a question ACP cannot show so that the server reads cancelled/client_closed", () => {
    fc.assert(
      fc.property(fc.record({ request_id: fc.uuid(), question: text, options: fc.constant<string[]>([]) }), (request) => {
        expect(askUserRequestToAcp(request, "s1")).toBeUndefined();
        expect(outcomeFromResponse(request, { request_id: request.request_id })).toEqual({ ok: true, outcome: { outcome: "cancelled", reason: "client_closed" } });
      }),
    );
  });
});
