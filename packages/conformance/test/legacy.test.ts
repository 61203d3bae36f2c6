import { AppServerQuestions, QuestionRegistry, type AnswerVerdict } from "@app-server-protocol/correlation";
import { canonicalQuestions, emittedRequest, outcomeFromLegacyAnswer, outcomeFromResponse, questionsFromToolInput } from "@app-server-protocol/legacy-shim";
import type { AskUserOption, AskUserQuestionRequest, AskUserQuestionSpec, AskUserValidationCode } from "@app-server-protocol/types";
import { checkOutcome, checkQuestions, validateType, type MessageTypeName, type ProtocolTypes } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ALL_CODES } from "./codes.js";
import { casesOf, suiteFiles } from "./vectors.js";

// The TypeScript runner of the legacy vectors: the legacy shim normalizes,
// then checkQuestions / checkOutcome judge the result, as the reference does
// right after normalizing. A `response` case is read by the app-server answer
// loop (spec 4.9), which uses the shim to decode and normalize and also
// handles a success without data; the shim shows the outcome the loop
// refused. Each kind's observed result is compared whole with the fields the
// case expects.

type VectorCase = Record<string, unknown>;

/** The codes spec 4.4 and 4.5 name for the legacy paths; each needs a case. */
const NAMED_FOR_LEGACY_PATHS = [
  "empty_question",
  "option_count",
  "duplicate_label",
  "missing_answer",
  "free_text_disabled",
  "answer_kind",
  "malformed_response",
  "request_id_mismatch",
] as const satisfies readonly AskUserValidationCode[];

function decoded<K extends MessageTypeName>(name: K, value: unknown): ProtocolTypes[K] {
  const result = validateType(name, value);
  if (!result.ok) throw new Error(`the vector's value is not a ${name}: ${result.error.message}`);
  return result.value;
}

/** Questions with every default written, so that equal questions compare equal however they were spelled. */
function withDefaults(questions: readonly AskUserQuestionSpec[]): AskUserQuestionSpec[] {
  return questions.map((question) => ({
    ...question,
    multi_select: question.multi_select ?? false,
    options: (question.options ?? []).map((option): AskUserOption => ({ ...option, description: option.description ?? "", preview: option.preview ?? null })),
    allow_free_text: question.allow_free_text ?? true,
    allow_annotation: question.allow_annotation ?? false,
  }));
}

function legacyAnswerOf(entry: VectorCase): string | null | undefined {
  const { answer } = entry;
  if (answer === undefined || answer === null || typeof answer === "string") return answer;
  throw new Error("the vector's answer is not a string or null");
}

function questionsCode(questions: unknown): AskUserValidationCode | null {
  return checkQuestions(questions)?.code ?? null;
}

function outcomeCode(questions: unknown, outcome: unknown): AskUserValidationCode | null {
  return checkOutcome(questions, outcome)?.code ?? null;
}

/** The app-server loop's verdict on a success result with `data` (none when undefined) for `request`. */
function answerLoopVerdict(request: AskUserQuestionRequest, data: unknown): AnswerVerdict {
  const registry = new QuestionRegistry();
  registry.register({ requestId: request.request_id, sessionId: request.session_id ?? "", ownerId: "conformance", questions: canonicalQuestions(request) });
  const loop = new AppServerQuestions(registry);
  const sent = loop.send(request, 0);
  return loop.receive({ type: "response", id: sent.id, result: data === undefined ? { status: "success" } : { status: "success", data } });
}

/** What the implementation makes of a case, in the fields the case's kind expects. */
function observe(entry: VectorCase): VectorCase {
  switch (entry.kind) {
    case "legacy_request": {
      const questions = canonicalQuestions(decoded("AskUserQuestionRequest", entry.request));
      return { questions: withDefaults(questions), error: questionsCode(questions) };
    }
    case "emitted_fields": {
      const { question, options } = emittedRequest({ request_id: "conformance", questions: decoded("AskUserQuestionList", entry.questions) });
      return { legacy: { ...(question === undefined ? {} : { question }), ...(options === undefined ? {} : { options }) } };
    }
    case "legacy_answer": {
      const questions = decoded("AskUserQuestionList", entry.questions);
      const outcome = outcomeFromLegacyAnswer(questions, legacyAnswerOf(entry));
      return { outcome, error: outcomeCode(questions, outcome) };
    }
    case "response": {
      const request = decoded("AskUserQuestionRequest", entry.request);
      const verdict = answerLoopVerdict(request, entry.data);
      if (verdict.kind === "resolved") return { outcome: verdict.resolution.outcome, error: null };
      if (verdict.kind !== "retry") return { verdict: verdict.kind };
      const read = outcomeFromResponse(request, entry.data);
      return { ...(read.ok ? { outcome: read.outcome } : {}), error: verdict.error.code };
    }
    case "tool_input": {
      const read = questionsFromToolInput(entry.input);
      if (!read.ok) return { input_error: true };
      return { questions: withDefaults(read.questions), error: questionsCode(read.questions) };
    }
    default:
      throw new Error(`unknown case kind ${String(entry.kind)}`);
  }
}

/** The fields of a case its kind expects, questions with their defaults written. */
function expected(entry: VectorCase): VectorCase {
  switch (entry.kind) {
    case "legacy_request":
      return { questions: withDefaults(decoded("AskUserQuestionList", entry.questions)), error: entry.error };
    case "emitted_fields":
      return { legacy: entry.legacy };
    case "legacy_answer":
      return { outcome: entry.outcome, error: entry.error };
    case "response":
      return { ...(entry.outcome === undefined ? {} : { outcome: entry.outcome }), error: entry.error };
    case "tool_input":
      return entry.input_error === true ? { input_error: true } : { questions: withDefaults(decoded("AskUserQuestionList", entry.questions)), error: entry.error };
    default:
      throw new Error(`unknown case kind ${String(entry.kind)}`);
  }
}

const files = suiteFiles("legacy");
const allCases = files.flatMap(({ document }) => casesOf(document));

describe.each(files.map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [`${String(entry.kind)}: ${String(entry.name)}`, entry] as const))("%s", (_name, entry) => {
    expect(observe(entry)).toStrictEqual(expected(entry));
  });
});

describe("legacy suite", () => {
  it("has a case of every kind", () => {
    expect([...new Set(allCases.map((entry) => entry.kind))].sort()).toEqual(["emitted_fields", "legacy_answer", "legacy_request", "response", "tool_input"]);
  });

  it("has a case for every code spec 4.4 and 4.5 name for the legacy paths", () => {
    const reported = new Set(allCases.map((entry) => entry.error));
    expect(NAMED_FOR_LEGACY_PATHS.filter((code) => !reported.has(code))).toEqual([]);
  });

  it("with the question and outcome suites, has a case for every AskUserValidationCode", () => {
    const reported = new Set(["questions", "outcomes", "legacy"].flatMap((suite) => suiteFiles(suite).flatMap(({ document }) => casesOf(document).map((entry) => entry.error))));
    expect(ALL_CODES.filter((code) => !reported.has(code))).toEqual([]);
  });
});

const legacyCases = (kind: string) => allCases.filter((entry) => entry.kind === kind);

describe("legacy suite, property-based", () => {
  it("reads an answer that is no option's id or label as free text on the first question (spec 4.5)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...legacyCases("legacy_answer")), fc.string(), (entry, answer) => {
        const questions = decoded("AskUserQuestionList", entry.questions);
        const [first] = questions;
        if (first === undefined || (first.options ?? []).some((option) => option.id === answer || option.label === answer)) return;
        expect(outcomeFromLegacyAnswer(questions, answer)).toStrictEqual({ outcome: "answered", answers: { [first.id]: { kind: "text", text: answer } } });
      }),
    );
  });

  it("lets a response's outcome win over any legacy answer (spec 4.5)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...legacyCases("response").filter((entry) => entry.outcome !== undefined)), fc.option(fc.string()), (entry, answer) => {
        const request = decoded("AskUserQuestionRequest", entry.request);
        const outcome = { outcome: "clarify" };
        expect(outcomeFromResponse(request, { request_id: request.request_id, outcome, answer })).toStrictEqual({ ok: true, outcome });
      }),
    );
  });
});
