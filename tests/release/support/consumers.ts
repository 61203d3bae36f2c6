// A consumer program per published package: what a user's code does with
// it first. The packaging test compiles each under every module resolution
// against the packed tarballs; the release test runs them against the
// packages installed from a registry.

export interface Published {
  dir: string;
  name: string;
  /** A consumer module that must compile and run against the installed package. */
  consumer: string;
  /** Packages that must not be installed alongside it (its build-time tools). */
  absent?: string[];
}

export const PUBLISHED: Published[] = [
  {
    dir: "packages/types",
    name: "@app-server-protocol/types",
    consumer: [
      'import { PROTOCOL_VERSION, findMethod, type AskUserQuestionRequest, type ServerRequestParams } from "@app-server-protocol/types";',
      'const request: AskUserQuestionRequest = { request_id: "ask-1", question: "Which database?", options: ["PostgreSQL"] };',
      'const params: ServerRequestParams<"ask_user/request"> = request;',
      'if (PROTOCOL_VERSION !== "1.0" || findMethod("initialize")?.stability !== "stable" || params.request_id !== "ask-1") throw new Error("wrong exports");',
    ].join("\n"),
  },
  {
    dir: "packages/validators",
    name: "@app-server-protocol/validators",
    absent: ["ajv"],
    consumer: [
      'import { checkQuestions, isAskUserQuestionRequest, validateServerMessage } from "@app-server-protocol/validators";',
      'import { readResponse } from "@app-server-protocol/validators/all";',
      'const params = { request_id: "ask-1", questions: [{ id: "q1", question: "Proceed?", header: "" }] };',
      'const message = { type: "request", id: "srv-ask-user-1", method: "ask_user/request", params };',
      "const result = validateServerMessage(message);",
      'if (!result.ok || !isAskUserQuestionRequest(params) || checkQuestions(params.questions) !== null) throw new Error("validation failed");',
      'if (validateServerMessage({ ...message, params: { request_id: 1 } }).ok) throw new Error("accepted a bad message");',
      'const reading = readResponse("turn/submit", { type: "response", id: "req-1", result: { status: "success", data: { subscription_id: "sub-1" } } });',
      'const subscription: string | undefined = reading.ok ? reading.data.subscription_id : undefined;',
      'if (subscription !== "sub-1") throw new Error("wrong typed result");',
    ].join("\n"),
  },
  {
    dir: "packages/legacy-shim",
    name: "@app-server-protocol/legacy-shim",
    consumer: [
      'import { canonicalQuestions, outcomeFromLegacyAnswer } from "@app-server-protocol/legacy-shim";',
      'const questions = canonicalQuestions({ request_id: "ask-1", question: "Which?", options: ["A", "B"] });',
      'const outcome = outcomeFromLegacyAnswer(questions, "B");',
      'if (outcome.outcome !== "answered" || outcome.answers["question-1"]?.kind !== "selected") throw new Error("wrong outcome");',
    ].join("\n"),
  },
  {
    dir: "packages/correlation",
    name: "@app-server-protocol/correlation",
    consumer: [
      'import { QuestionRegistry, StreamJsonQuestions } from "@app-server-protocol/correlation";',
      "const registry = new QuestionRegistry();",
      'registry.register({ requestId: "a", sessionId: "s", ownerId: "o", questions: [{ id: "q", question: "Go?", header: "" }] });',
      'if (registry.cancelAll("shutdown").length !== 1) throw new Error("not cancelled");',
      'if (new StreamJsonQuestions().receive("{").class !== "invalid_json") throw new Error("wrong class");',
    ].join("\n"),
  },
  {
    dir: "packages/acp",
    name: "@app-server-protocol/acp",
    consumer: [
      'import { askUserRequestToAcp, askUserResponseFromAcp } from "@app-server-protocol/acp";',
      'const request = { request_id: "ask-1", question: "Which?", options: ["A", "B"] };',
      'const params = askUserRequestToAcp(request, "s1");',
      'if (params?.options[1]?.optionId !== "ask_user_option_1") throw new Error("wrong options");',
      'if (askUserResponseFromAcp(request, { outcome: { outcome: "selected", optionId: "ask_user_option_1" } }).answer !== "B") throw new Error("wrong answer");',
    ].join("\n"),
  },
  {
    dir: "packages/conform",
    name: "@app-server-protocol/conform",
    consumer: [
      'import { listConformance, parseBaseline, REQUIREMENTS, type ConformanceReport } from "@app-server-protocol/conform";',
      'const listing = listConformance("server");',
      'const empty: ConformanceReport = { checks: [], summary: { role: "server", scenarios: 0, checks: 0, passed: 0, failed: 0, skipped: 0, expected_failures: 0, stale: 0, advisory_failures: 0 } };',
      'if (!listing.scenarios.some((scenario) => scenario.id === "server.dispatch.before-initialize") || REQUIREMENTS.length === 0 || empty.checks.length !== 0) throw new Error("no scenarios");',
      'if (parseBaseline(\'{"expected_failures":[]}\', "b.json").entries.length !== 0) throw new Error("wrong baseline");',
    ].join("\n"),
  },
  {
    dir: "packages/cli",
    name: "@app-server-protocol/cli",
    consumer: [
      'import { main } from "@app-server-protocol/cli";',
      "const printed: string[] = [];",
      "const sink = { write: (text: string) => printed.push(text) > 0 };",
      'const transcript = [\'{"type":"request","id":"r1","method":"session/list"}\\n\', \'{"type":"response","id":"r1","result":{"status":"success","data":[]}}\\n\'];',
      'void main(["validate"], { stdin: transcript, stdout: sink, stderr: sink }).then((code) => {',
      '  if (code !== 0 || !printed.join("").includes("0 errors")) throw new Error(`exit ${code}: ${printed.join("")}`);',
      "});",
    ].join("\n"),
  },
  {
    dir: "packages/schemas",
    name: "@app-server-protocol/schemas",
    consumer: [
      'import { schemaFor, schemaId, schemaNames } from "@app-server-protocol/schemas";',
      'const id: string = schemaId("AskUserQuestionRequest");',
      'if (id !== "https://app-server-protocol.dev/schemas/1.0/AskUserQuestionRequest.json" || schemaFor("AskUserQuestionRequest")?.$id !== id) throw new Error("wrong schema id");',
      'if (!schemaNames().includes("ClientMessage")) throw new Error("no ClientMessage schema");',
    ].join("\n"),
  },
  {
    dir: "packages/zod",
    name: "@app-server-protocol/zod",
    consumer: [
      'import { parseClientMessage, type ClientMessage } from "@app-server-protocol/zod";',
      'const verdict = parseClientMessage({ type: "request", id: "req-1", method: "session/list" });',
      'const message: ClientMessage | undefined = verdict.ok ? verdict.value : undefined;',
      'if (message?.id !== "req-1") throw new Error("rejected a valid message");',
      'if (parseClientMessage({ type: "request", id: 1, method: "session/list" }).ok) throw new Error("accepted a bad message");',
    ].join("\n"),
  },
];
