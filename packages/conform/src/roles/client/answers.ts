import { AppServerQuestions, QuestionRegistry, type Resolution } from "@app-server-protocol/correlation";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { validateType, type JsonValue } from "@app-server-protocol/validators";
import { excerpt, member, stringMember } from "../../support/json.js";

/** How the server takes a client's answer to one of its requests: read (what it decides), or refused (why). */
export type AnswerReading = { readonly ok: true; readonly message: string; readonly resolution?: Resolution } | { readonly ok: false; readonly message: string };

function describeOutcome(resolution: Resolution): string {
  const { outcome } = resolution;
  return outcome.outcome === "cancelled" ? `cancelled (${outcome.reason})` : outcome.outcome;
}

/**
 * An answer to an `ask_user/request`, as the server's own loop takes it: the
 * correlation's `AppServerQuestions` (decode, `request_id`, legacy
 * normalization, spec 4.3 and 4.4) on a question registered with the core
 * for this one request.
 */
function askUserReading(params: JsonValue | undefined, result: JsonValue | undefined): AnswerReading {
  const request = validateType("AskUserQuestionRequest", params);
  if (!request.ok) return { ok: false, message: `the kit's request is no AskUserQuestionRequest (${request.error.message})` };
  const registry = new QuestionRegistry();
  registry.register({ requestId: request.value.request_id, sessionId: request.value.session_id ?? "", ownerId: "conform-kit", questions: canonicalQuestions(request.value) });
  const loop = new AppServerQuestions(registry);
  const sent = loop.send(request.value, 0);
  const verdict = loop.receive({ type: "response", id: sent.id, result });
  switch (verdict.kind) {
    case "resolved":
      return { ok: true, message: `the server takes the outcome ${describeOutcome(verdict.resolution)}`, resolution: verdict.resolution };
    case "retry":
      return { ok: false, message: `the server refuses the answer with ${verdict.error.code}: ${verdict.error.message}` };
    case "refused":
      return { ok: false, message: `the core refuses the answer: ${verdict.message}` };
    default:
      return { ok: false, message: "the response has no result the server can read" };
  }
}

/** The decision types each approval request is answered with (spec 1.8, 3.3). */
const DECISIONS = new Map<string, "PermissionRequestResult" | "McpTrustRequestResult">([
  ["permission/request", "PermissionRequestResult"],
  ["mcp_trust/request", "McpTrustRequestResult"],
]);

/** An answer to a permission or MCP trust request: an error result or no data denies; data must be one of the two shapes, naming the request's `request_id` when it names one. */
function decisionReading(type: "PermissionRequestResult" | "McpTrustRequestResult", params: JsonValue | undefined, result: JsonValue | undefined): AnswerReading {
  const status = stringMember(result, "status");
  if (status === "error") return { ok: true, message: "an error result: the server denies" };
  if (status !== "success") return { ok: false, message: "the response has no result the server can read" };
  const data = member(result, "data");
  if (data === undefined || data === null) return { ok: true, message: "a success without data: the server denies" };
  const decoded = validateType(type, data);
  if (!decoded.ok) return { ok: false, message: `the data is no ${type} (${decoded.error.message})` };
  const named = member(data, "request_id");
  const asked = stringMember(params, "request_id");
  if (named !== undefined && named !== asked) return { ok: false, message: `the answer names request_id ${excerpt(named)}, not the request's ${excerpt(asked)}: the server routes it elsewhere` };
  const decision = member(data, "decision") ?? data;
  return { ok: true, message: `the server takes the decision ${excerpt(stringMember(decision, "decision") ?? decision)}` };
}

/**
 * How the server reads `response`, the client's answer to `request` (a
 * server request the kit sent): `ask_user/request` by the correlation's
 * loop, permission and MCP trust requests by their decision shapes. Never
 * throws.
 */
export function readAnswer(request: JsonValue, response: JsonValue): AnswerReading {
  const method = stringMember(request, "method") ?? "";
  const params = member(request, "params");
  const result = member(response, "result");
  if (method === "ask_user/request") return askUserReading(params, result);
  const type = DECISIONS.get(method);
  return type === undefined ? { ok: false, message: `the kit has no rule for answers to ${excerpt(method)}` } : decisionReading(type, params, result);
}
