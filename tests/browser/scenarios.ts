import { acceptAcpResponse, acceptServerRequest, askUserRepresentability, cancelAcpSession, EMPTY_BRIDGE } from "@app-server-protocol/acp";
import { AppServerQuestions, QuestionRegistry } from "@app-server-protocol/correlation";
import { canonicalQuestions, checkAnswer, outcomeFromLegacyAnswer } from "@app-server-protocol/legacy-shim";
import type { AskUserQuestionRequest, AskUserQuestionSpec, AskUserResponseOutcome, ServerMessageRequest } from "@app-server-protocol/types";
import {
  checkOutcome,
  checkQuestions,
  isAskUserQuestionRequest,
  parseClientMessage,
  utf8Length,
  validateClientMessage,
  validateServerMessage,
  type ValidationResult,
} from "@app-server-protocol/validators";

// The same calls run on the page (from the built packages, bundled for the
// browser) and in Node (from the packages vitest resolves); the test compares
// the two and checks the values it expects. Results are plain JSON data, so
// they survive the trip through the page's DOM unchanged.

/** The outcome of every scenario, by name. */
export type ScenarioResults = { [scenario: string]: unknown };

const DATABASE: AskUserQuestionSpec = {
  id: "db",
  question: "Which database?",
  header: "Database",
  options: [
    { id: "pg", label: "PostgreSQL" },
    { id: "lite", label: "SQLite" },
  ],
  allow_free_text: false,
};
const REASON: AskUserQuestionSpec = { id: "why", question: "Why?", header: "🎉".repeat(12) };
const QUESTIONS = [DATABASE, REASON];
const CANONICAL: AskUserQuestionRequest = { session_id: "s1", request_id: "ask-1", questions: QUESTIONS };
const LEGACY: AskUserQuestionRequest = { session_id: "s1", request_id: "ask-2", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
const ANSWERED: AskUserResponseOutcome = { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" }, why: { kind: "text", text: "It is already running" } } };

function askUser(id: string, params: AskUserQuestionRequest): ServerMessageRequest {
  return { type: "request", id, method: "ask_user/request", params };
}

function answer(id: string, data: unknown) {
  return { type: "response", id, result: { status: "success", data } };
}

function verdict(result: ValidationResult<unknown>) {
  return result.ok ? { ok: true } : { ok: false, code: result.error.code, path: result.error.path };
}

const answersAskUser = { methodOf: () => "ask_user/request" };

function validatorScenarios(): ScenarioResults {
  const unlabelled = { ...CANONICAL, questions: [{ ...DATABASE, options: [{ id: "pg" }] }] };
  const unanswered = answer("srv-ask-user-1", { request_id: "ask-1", outcome: { outcome: "answered" } });
  return {
    serverRequest: verdict(validateServerMessage(askUser("srv-ask-user-1", CANONICAL))),
    serverRequestWithoutLabel: verdict(validateServerMessage({ ...askUser("srv-ask-user-1", CANONICAL), params: unlabelled })),
    serverUnknownMethod: verdict(validateServerMessage({ ...askUser("srv-ask-user-1", CANONICAL), method: "ask_user/teleport" })),
    clientAnswer: verdict(validateClientMessage(answer("srv-ask-user-1", { request_id: "ask-1", outcome: ANSWERED }), answersAskUser)),
    clientAnswerWithoutAnswers: verdict(validateClientMessage(unanswered, answersAskUser)),
    clientAnswerUnknownKind: verdict(validateClientMessage(answer("srv-ask-user-1", { request_id: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "maybe" } } } }), answersAskUser)),
    clientStrictUnknownField: verdict(validateClientMessage({ type: "request", id: "1", method: "session/list", trace: "abc" }, { strict: true })),
    textNotJson: verdict(parseClientMessage('{"type":')),
    textTooLarge: verdict(parseClientMessage(JSON.stringify({ type: "request", id: "1", method: "session/list", pad: "é".repeat(40) }), { maxBytes: 64 })),
    questions: checkQuestions(QUESTIONS),
    questionsDuplicateId: checkQuestions([DATABASE, { ...REASON, id: "db" }]),
    questionsLongHeader: checkQuestions([{ ...REASON, header: "🎉".repeat(13) }]),
    outcome: checkOutcome(QUESTIONS, ANSWERED),
    outcomeFreeText: checkOutcome(QUESTIONS, { outcome: "answered", answers: { db: { kind: "text", text: "MariaDB" }, why: { kind: "text", text: "habit" } } }),
    outcomeUnknownOption: checkOutcome(QUESTIONS, { outcome: "answered", answers: { db: { kind: "selected", option_id: "oracle" }, why: { kind: "text", text: "habit" } } }),
    outcomeMissingAnswer: checkOutcome(QUESTIONS, { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } }),
    utf8Length: utf8Length("é🎉"),
  };
}

function legacyScenarios(): ScenarioResults {
  const questions = canonicalQuestions(LEGACY);
  const selected = outcomeFromLegacyAnswer(questions, "SQLite");
  const freeText = outcomeFromLegacyAnswer(questions, "MariaDB");
  return {
    legacyRequest: verdict(validateServerMessage(askUser("srv-ask-user-2", LEGACY))),
    legacyQuestions: questions,
    legacySelected: selected,
    legacySelectedCheck: checkOutcome(questions, selected),
    legacyFreeText: freeText,
    legacyFreeTextCheck: checkOutcome(questions, freeText),
    legacyMismatch: checkAnswer(LEGACY, { request_id: "ask-9", answer: "SQLite" }),
  };
}

function correlationScenarios(): ScenarioResults {
  const registry = new QuestionRegistry();
  const connection = new AppServerQuestions(registry);
  const registered = registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "conn-1", questions: canonicalQuestions(CANONICAL), deadline: 300_000 });
  const duplicate = registry.register({ requestId: "ask-1", sessionId: "s1", ownerId: "conn-1", questions: canonicalQuestions(CANONICAL) });
  const sent = connection.send(CANONICAL, 0);
  const envelopeId = sent.type === "request" ? sent.id : "";
  const freeText: AskUserResponseOutcome = { outcome: "answered", answers: { db: { kind: "text", text: "MySQL" }, why: { kind: "text", text: "habit" } } };
  const retry = connection.receive(answer(envelopeId, { request_id: "ask-1", outcome: freeText }));
  const refusedByCore = registry.resolve("ask-1", freeText, "s1");
  const otherSession = registry.resolve("ask-1", ANSWERED, "s2");
  const stillPending = registry.pending().map((question) => ({ requestId: question.requestId, validationError: question.validationError }));
  const resolved = connection.receive(answer(envelopeId, { request_id: "ask-1", outcome: ANSWERED }));
  const late = connection.receive(answer(envelopeId, { request_id: "ask-1", outcome: ANSWERED }));
  return {
    registered,
    duplicate,
    sentId: envelopeId,
    retryKind: retry.kind,
    retryError: retry.kind === "retry" ? retry.error : null,
    retryValidationError: retry.kind === "retry" && isAskUserQuestionRequest(retry.message.params) ? retry.message.params.validation_error : null,
    retryMessage: retry.kind === "retry" ? verdict(validateServerMessage(retry.message)) : null,
    refusedByCore,
    otherSession,
    stillPending,
    resolved,
    late,
    pendingAtEnd: registry.size,
  };
}

function acpScenarios(): ScenarioResults {
  const sessions = [{ id: "s1", promptActive: true }];
  const asked = acceptServerRequest(EMPTY_BRIDGE, askUser("srv-ask-user-2", LEGACY), sessions);
  const answered = asked.kind === "ask_editor" ? acceptAcpResponse(asked.state, "srv-ask-user-2", { outcome: { outcome: "selected", optionId: "ask_user_option_1" } }) : undefined;
  const reply = answered?.responses[0];
  const unshowable = acceptServerRequest(EMPTY_BRIDGE, askUser("srv-ask-user-1", CANONICAL), sessions);
  const abandoned = acceptServerRequest(EMPTY_BRIDGE, askUser("srv-ask-user-3", { ...LEGACY, request_id: "ask-3" }), sessions);
  return {
    acpStep: asked.kind,
    acpParams: asked.kind === "ask_editor" ? asked.params : null,
    acpReply: reply ?? null,
    acpReplyValid: reply === undefined ? null : verdict(validateClientMessage(reply, answersAskUser)),
    acpReplyAnswer: reply?.result.status === "success" ? checkAnswer(LEGACY, reply.result.data) : null,
    acpRepresentability: askUserRepresentability(CANONICAL),
    acpUnshowable: unshowable.kind === "answer_now" ? unshowable.response : unshowable.kind,
    acpCancelled: cancelAcpSession(abandoned.state, "s1").responses,
  };
}

/** Runs every scenario; never throws for the inputs above. */
export function runScenarios(): ScenarioResults {
  return { ...validatorScenarios(), ...legacyScenarios(), ...correlationScenarios(), ...acpScenarios() };
}
