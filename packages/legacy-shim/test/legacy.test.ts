import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { checkOutcome, checkQuestions } from "@app-server-protocol/validators";
import {
  canonicalQuestions,
  legacyFields,
  outcomeFromLegacyAnswer,
  outcomeFromResponse,
  questionsFromToolInput,
  emittedQuestion,
  emittedRequest,
} from "@app-server-protocol/legacy-shim";

const legacy = { request_id: "ask-1", session_id: "session-123", question: "Which database?", options: ["PostgreSQL", "MySQL"] };
const canonical: AskUserQuestionSpec[] = [
  { id: "database", question: "Which database?", header: "Database", options: [{ id: "postgres", label: "PostgreSQL" }], allow_free_text: false },
];

describe("canonicalQuestions (spec 4.5, legacy request)", () => {
  it("turns a legacy request into exactly one question with the reference's ids, header and flags", () => {
    expect(canonicalQuestions(legacy)).toEqual([
      {
        id: "question-1",
        question: "Which database?",
        header: "Question",
        multi_select: false,
        options: [
          { id: "option-1", label: "PostgreSQL", description: "" },
          { id: "option-2", label: "MySQL", description: "" },
        ],
        allow_free_text: true,
        allow_annotation: false,
      },
    ]);
  });

  it("keeps canonical questions and ignores the legacy fields beside them", () => {
    expect(canonicalQuestions({ ...legacy, questions: canonical })).toEqual(canonical);
  });

  it("treats an empty questions list as absent", () => {
    expect(canonicalQuestions({ ...legacy, questions: [] })[0]?.id).toBe("question-1");
  });

  it("leaves the request rules to checkQuestions", () => {
    expect(checkQuestions(canonicalQuestions({ request_id: "a" }))?.code).toBe("empty_question");
    expect(checkQuestions(canonicalQuestions({ request_id: "a", question: "Q?", options: ["a", "b", "c", "d", "e"] }))?.code).toBe("option_count");
    expect(checkQuestions(canonicalQuestions({ request_id: "a", question: "Q?", options: ["a", "a"] }))?.code).toBe("duplicate_label");
    expect(checkQuestions(canonicalQuestions({ request_id: "a", question: "Q?", options: [" "] }))?.code).toBe("empty_label");
    expect(checkQuestions(canonicalQuestions({ request_id: "a", question: "Free text only" }))).toBeNull();
  });

  it("gives a question without legacy options no options at all", () => {
    expect(canonicalQuestions({ request_id: "a", question: "Why?" })[0]).not.toHaveProperty("options");
  });
});

describe("questionsFromToolInput (spec 4.5, model tool input)", () => {
  it("maps the legacy shape with free text only when there are no options", () => {
    const withOptions = questionsFromToolInput({ question: "Which?", options: ["A", "B"] });
    expect(withOptions.ok && withOptions.questions[0]).toMatchObject({ id: "question-1", header: "Question", allow_free_text: false, options: [{ id: "option-1" }, { id: "option-2" }] });
    const withoutOptions = questionsFromToolInput({ question: "Why?" });
    expect(withoutOptions.ok && withoutOptions.questions[0]?.allow_free_text).toBe(true);
    const emptyOptions = questionsFromToolInput({ question: "Why?", options: [] });
    expect(emptyOptions.ok && emptyOptions.questions[0]?.allow_free_text).toBe(true);
  });

  it("takes a bare string as the question text", () => {
    const result = questionsFromToolInput("Deploy now?");
    expect(result.ok && result.questions[0]).toMatchObject({ question: "Deploy now?", allow_free_text: true });
  });

  it("decodes a questions key as a canonical list, whatever else the object has", () => {
    expect(questionsFromToolInput({ questions: canonical, question: "ignored" })).toEqual({ ok: true, questions: canonical });
    expect(questionsFromToolInput({ questions: [] })).toEqual({ ok: true, questions: [] });
  });

  it.each([
    ["a questions key that is not a list", { questions: { id: "q" } }, "invalid AskUserQuestion input: `questions` must be an array"],
    ["a question spec without header", { questions: [{ id: "q", question: "Q?" }] }, "invalid AskUserQuestion input: `questions/0/header` missing required field"],
    ["a null questions key", { questions: null }, "invalid AskUserQuestion input: `questions` must be an array"],
    ["options that are not strings", { question: "Q?", options: [1] }, "invalid AskUserQuestion input: `options` must be an array of strings"],
    ["options that are not a list", { question: "Q?", options: "A" }, "invalid AskUserQuestion input: `options` must be an array of strings"],
    ["a missing question", { options: ["A"] }, "invalid AskUserQuestion input: `question` must be a string"],
    ["a number", 42, "invalid AskUserQuestion input: expected an object with `questions` or `question`"],
    ["null", null, "invalid AskUserQuestion input: expected an object with `questions` or `question`"],
  ])("rejects %s as a tool input error", (_name, input, error) => {
    expect(questionsFromToolInput(input)).toEqual({ ok: false, error });
  });
});

describe("legacyFields and emittedRequest (spec 4.5, canonical to legacy)", () => {
  it("emits question and labels for exactly one single-select question", () => {
    expect(legacyFields(canonical)).toEqual({ question: "Which database?", options: ["PostgreSQL"] });
    expect(legacyFields([{ id: "q", question: "Why?", header: "" }])).toEqual({ question: "Why?", options: [] });
  });

  it("emits nothing for several questions or a multi-select question", () => {
    expect(legacyFields([...canonical, { id: "b", question: "B?", header: "" }])).toBeUndefined();
    expect(legacyFields([{ ...canonical[0]!, multi_select: true }])).toBeUndefined();
    expect(legacyFields([])).toBeUndefined();
  });

  it("sets or removes the legacy fields of a request, leaving empty ones out", () => {
    expect(emittedRequest({ request_id: "a", questions: canonical })).toEqual({ request_id: "a", questions: canonical.map(emittedQuestion), question: "Which database?", options: ["PostgreSQL"] });
    expect(emittedRequest({ request_id: "a", questions: [{ id: "q", question: "Why?", header: "" }] })).toEqual({ request_id: "a", questions: [emittedQuestion({ id: "q", question: "Why?", header: "" })], question: "Why?" });
    const two = [...canonical, { id: "b", question: "B?", header: "" }];
    expect(emittedRequest({ request_id: "a", questions: two, question: "stale", options: ["stale"] })).toEqual({ request_id: "a", questions: two.map(emittedQuestion) });
  });

  it("always emits canonical questions, normalizing a legacy-only request", () => {
    expect(emittedRequest(legacy)).toEqual({ ...legacy, questions: canonicalQuestions(legacy).map(emittedQuestion) });
  });

  it("writes each question's defaults and leaves out what the reference omits (spec 2.4)", () => {
    const sparse: AskUserQuestionSpec = { id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A", preview: null }, { id: "b", label: "B", description: "d", preview: "p" }] };
    expect(emittedQuestion(sparse)).toEqual({
      id: "q",
      question: "Q?",
      header: "",
      multi_select: false,
      options: [
        { id: "a", label: "A", description: "" },
        { id: "b", label: "B", description: "d", preview: "p" },
      ],
      allow_free_text: true,
      allow_annotation: false,
    });
    expect(emittedQuestion({ id: "q", question: "Q?", header: "", options: [], multi_select: true, allow_free_text: false, allow_annotation: true })).toEqual({
      id: "q",
      question: "Q?",
      header: "",
      multi_select: true,
      allow_free_text: false,
      allow_annotation: true,
    });
  });

  it("leaves out empty and null request fields and unknown ones, in the reference's field order", () => {
    const request = { tool_use_id: "", deadline: null, turn_id: null, session_id: "", validation_error: null, request_id: "a", questions: canonical, extra: 1 };
    const emitted = emittedRequest(request);
    expect(Object.keys(emitted)).toEqual(["request_id", "questions", "question", "options"]);
    const full = emittedRequest({ options: ["x"], questions: canonical, deadline: "2026-08-05T12:05:00Z", request_id: "a", tool_use_id: "toolu_1", turn_id: "t1", session_id: "s1", validation_error: { code: "empty_id", message: "m" } });
    expect(Object.keys(full)).toEqual(["session_id", "turn_id", "tool_use_id", "request_id", "deadline", "validation_error", "questions", "question", "options"]);
  });
});

describe("outcomeFromLegacyAnswer (spec 4.5, legacy answer)", () => {
  const questions = canonicalQuestions({ request_id: "a", question: "Which database?", options: ["PostgreSQL", "SQLite"] });

  it("follows the spec's example", () => {
    expect(outcomeFromLegacyAnswer(questions, "SQLite")).toEqual({ outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } });
  });

  it("matches an option id as well as a label, exactly", () => {
    expect(outcomeFromLegacyAnswer(questions, "option-1")).toEqual({ outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-1" } } });
    expect(outcomeFromLegacyAnswer(questions, "sqlite")).toEqual({ outcome: "answered", answers: { "question-1": { kind: "text", text: "sqlite" } } });
    expect(outcomeFromLegacyAnswer(questions, "SQLite ")).toMatchObject({ answers: { "question-1": { kind: "text" } } });
  });

  it("takes the first option that matches by id or label", () => {
    const tricky: AskUserQuestionSpec[] = [{ id: "q", question: "Q?", header: "", options: [{ id: "b", label: "a" }, { id: "a", label: "c" }] }];
    expect(outcomeFromLegacyAnswer(tricky, "a")).toEqual({ outcome: "answered", answers: { q: { kind: "selected", option_id: "b" } } });
  });

  it("reads an absent or null answer as cancelled by the client", () => {
    expect(outcomeFromLegacyAnswer(questions, undefined)).toEqual({ outcome: "cancelled", reason: "client_closed" });
    expect(outcomeFromLegacyAnswer(questions, null)).toEqual({ outcome: "cancelled", reason: "client_closed" });
  });

  it("answers only the first question, so checkOutcome decides the rest", () => {
    const two: AskUserQuestionSpec[] = [...canonical, { id: "b", question: "B?", header: "" }];
    expect(checkOutcome(two, outcomeFromLegacyAnswer(two, "PostgreSQL"))?.code).toBe("missing_answer");
    expect(checkOutcome(canonical, outcomeFromLegacyAnswer(canonical, "MariaDB"))?.code).toBe("free_text_disabled");
    const multi: AskUserQuestionSpec[] = [{ ...canonical[0]!, multi_select: true }];
    expect(checkOutcome(multi, outcomeFromLegacyAnswer(multi, "PostgreSQL"))?.code).toBe("answer_kind");
    expect(checkOutcome(questions, outcomeFromLegacyAnswer(questions, ""))?.code).toBe("missing_answer");
    expect(checkOutcome(questions, outcomeFromLegacyAnswer(questions, "SQLite"))).toBeNull();
  });
});

describe("outcomeFromResponse (spec 4.4)", () => {
  it("prefers the canonical outcome over a legacy answer", () => {
    const outcome = { outcome: "rejected" as const };
    expect(outcomeFromResponse(legacy, { request_id: "ask-1", outcome, answer: "MySQL" })).toEqual({ ok: true, outcome });
  });

  it("reads the legacy answer when the outcome is absent or null", () => {
    expect(outcomeFromResponse(legacy, { request_id: "ask-1", outcome: null, answer: "MySQL" })).toEqual({
      ok: true,
      outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } },
    });
    expect(outcomeFromResponse(legacy, { request_id: "ask-1" })).toEqual({ ok: true, outcome: { outcome: "cancelled", reason: "client_closed" } });
  });

  it("reads a legacy answer against canonical questions when the request has them", () => {
    expect(outcomeFromResponse({ request_id: "ask-2", questions: canonical }, { request_id: "ask-2", answer: "postgres" })).toEqual({
      ok: true,
      outcome: { outcome: "answered", answers: { database: { kind: "selected", option_id: "postgres" } } },
    });
  });

  it("reports data that does not decode as malformed_response", () => {
    for (const data of [undefined, null, "PostgreSQL", { answer: "x" }, { request_id: "ask-1", outcome: { outcome: "maybe" } }, { request_id: "ask-1", answer: 3 }]) {
      const result = outcomeFromResponse(legacy, data);
      expect(result.ok ? undefined : result.error.code, JSON.stringify(data)).toBe("malformed_response");
      expect(result.ok ? "" : result.error.message).toMatch(/^invalid AskUserQuestion response: /);
    }
  });

  it("reports another request's id as request_id_mismatch, before reading the answer", () => {
    expect(outcomeFromResponse(legacy, { request_id: "ask-9", outcome: { outcome: "clarify" } })).toEqual({
      ok: false,
      error: { code: "request_id_mismatch", message: "response request id `ask-9` does not match `ask-1`" },
    });
  });
});
