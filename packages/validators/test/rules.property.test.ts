import type { AskUserAnswerValue, AskUserOutcomeAnswered, AskUserQuestionSpec, AskUserValidationCode } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, checkQuestions, questionsJsonLength } from "@app-server-protocol/validators";
import { answeredCase, anyText, blankText, solidText, validQuestions } from "./support/arbitraries.js";

const RUNS = { numRuns: 300 };
const clone = <T>(value: T): T => structuredClone(value);
const oversized = (limit: number) => fc.constantFrom("a", "é", "日", "😀").map((unit) => unit.repeat(Math.ceil((limit + 1) / new TextEncoder().encode(unit).length)));

type QuestionMutation = (questions: AskUserQuestionSpec[], index: number) => AskUserValidationCode | undefined;

/** Breaks one rule in question `index` (earlier questions stay valid) and names the code that must result. */
const questionMutations: { [name: string]: fc.Arbitrary<QuestionMutation> } = {
  "blank id": blankText.map((blank) => (qs, i) => ((qs[i] = { ...qs[i]!, id: blank }), "empty_id")),
  "oversized id": oversized(128).map((id) => (qs, i) => ((qs[i] = { ...qs[i]!, id }), "field_too_large")),
  "repeated id": fc.constant((qs, i) => {
    if (i === 0) return undefined;
    qs[i] = { ...qs[i]!, id: qs[0]!.id };
    return "duplicate_id";
  }),
  "blank question": blankText.map((blank) => (qs, i) => ((qs[i] = { ...qs[i]!, question: blank }), "empty_question")),
  "oversized question": oversized(4096).map((question) => (qs, i) => ((qs[i] = { ...qs[i]!, question }), "field_too_large")),
  "long header": fc.string({ unit: "grapheme-composite", minLength: 13, maxLength: 20 }).filter((h) => [...h].length > 12).map((header) => (qs, i) => ((qs[i] = { ...qs[i]!, header }), "header_too_long")),
  "five options": fc.constant((qs, i) => {
    qs[i] = { ...qs[i]!, options: [0, 1, 2, 3, 4].map((n) => ({ id: `x${n}`, label: `X${n}` })) };
    return "option_count";
  }),
  "blank option id": blankText.map((blank) => (qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: blank, label: "L" }] }), "empty_id")),
  "oversized option id": oversized(128).map((id) => (qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id, label: "L" }] }), "field_too_large")),
  "repeated option id": fc.constant((qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: "o", label: "A" }, { id: "o", label: "B" }] }), "duplicate_id")),
  "blank label": blankText.map((blank) => (qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: "o", label: blank }] }), "empty_label")),
  "repeated label": fc.constant((qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: "a", label: "Same" }, { id: "b", label: "Same" }] }), "duplicate_label")),
  "oversized label": oversized(256).map((label) => (qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: "o", label }] }), "field_too_large")),
  "oversized description": oversized(1024).map((description) => (qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: "o", label: "L", description }] }), "field_too_large")),
  "oversized preview": oversized(16384).map((preview) => (qs, i) => ((qs[i] = { ...qs[i]!, options: [{ id: "o", label: "L", preview }] }), "field_too_large")),
};

type OutcomeMutation = (questions: AskUserQuestionSpec[], outcome: AskUserOutcomeAnswered, index: number) => AskUserValidationCode | undefined;

const setAnswer = (outcome: AskUserOutcomeAnswered, id: string, answer: AskUserAnswerValue) => {
  outcome.answers[id] = answer;
};

/** Breaks one outcome rule at question `index` (earlier answers stay valid) and names the resulting code. */
const outcomeMutations: { [name: string]: fc.Arbitrary<OutcomeMutation> } = {
  "dropped answer": fc.constant((qs, o, i) => {
    delete o.answers[qs[i]!.id];
    return "missing_answer";
  }),
  "answer under an unknown key": fc.constant((qs, o, i) => {
    const answer = o.answers[qs[i]!.id]!;
    delete o.answers[qs[i]!.id];
    o.answers[`${qs[i]!.id}-unknown`] = answer;
    return "unknown_question";
  }),
  "annotation under an unknown key": fc.constant((qs, o, i) => {
    o.annotations = { ...o.annotations, [`${qs[i]!.id}-unknown`]: "note" };
    return "unknown_question";
  }),
  "text without free text": solidText(10).map((text) => (qs, o, i) => {
    qs[i] = { ...qs[i]!, allow_free_text: false };
    setAnswer(o, qs[i]!.id, { kind: "text", text });
    return "free_text_disabled";
  }),
  "blank text": blankText.map((text) => (qs, o, i) => {
    qs[i] = { ...qs[i]!, allow_free_text: true };
    setAnswer(o, qs[i]!.id, { kind: "text", text });
    return "missing_answer";
  }),
  "oversized text": oversized(4096).map((text) => (qs, o, i) => {
    qs[i] = { ...qs[i]!, allow_free_text: true };
    setAnswer(o, qs[i]!.id, { kind: "text", text });
    return "field_too_large";
  }),
  "selected on multi-select": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, multi_select: true };
    setAnswer(o, qs[i]!.id, { kind: "selected", option_id: "any" });
    return "answer_kind";
  }),
  "selected unknown option": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, multi_select: false };
    setAnswer(o, qs[i]!.id, { kind: "selected", option_id: "no-such-option" });
    return "unknown_option";
  }),
  "selected_many on single-select": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, multi_select: false };
    setAnswer(o, qs[i]!.id, { kind: "selected_many", option_ids: ["any"] });
    return "answer_kind";
  }),
  "empty selected_many": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, multi_select: true };
    setAnswer(o, qs[i]!.id, { kind: "selected_many", option_ids: [] });
    return "answer_kind";
  }),
  "repeated selected_many id": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, multi_select: true, options: [{ id: "m1", label: "M1" }] };
    setAnswer(o, qs[i]!.id, { kind: "selected_many", option_ids: ["m1", "m1"] });
    return "duplicate_id";
  }),
  "unknown selected_many id": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, multi_select: true, options: [{ id: "m1", label: "M1" }] };
    setAnswer(o, qs[i]!.id, { kind: "selected_many", option_ids: ["m1", "m2"] });
    return "unknown_option";
  }),
  "annotation not allowed": fc.constant((qs, o, i) => {
    qs[i] = { ...qs[i]!, allow_annotation: false };
    o.annotations = { ...o.annotations, [qs[i]!.id]: "note" };
    return "annotation_disabled";
  }),
  "oversized annotation": oversized(4096).map((note) => (qs, o, i) => {
    qs[i] = { ...qs[i]!, allow_annotation: true };
    o.annotations = { ...o.annotations, [qs[i]!.id]: note };
    return "field_too_large";
  }),
};

/** Makes every question after `index` trivially valid and answered, so only the mutation can fail. */
function laterQuestionsHarmless(questions: AskUserQuestionSpec[], outcome: AskUserOutcomeAnswered, index: number): void {
  for (let later = index + 1; later < questions.length; later += 1) {
    const question = questions[later]!;
    questions[later] = { ...question, allow_free_text: true, allow_annotation: true };
    setAnswer(outcome, question.id, { kind: "text", text: "fine" });
  }
}

describe("interactive-question rules, property-based", () => {
  it("accept every generated valid question list", () => {
    fc.assert(fc.property(validQuestions, (questions) => checkQuestions(questions) === null), RUNS);
  });

  it("accept every generated valid answered outcome", () => {
    fc.assert(
      fc.property(answeredCase, ({ questions, outcome }) => {
        expect(checkOutcome(questions, outcome)).toBeNull();
      }),
      RUNS,
    );
  });

  it.each(Object.keys(questionMutations))("question mutation: %s yields its code", (name) => {
    const mutation = questionMutations[name]!;
    fc.assert(
      fc.property(validQuestions, mutation, fc.nat(), (generated, mutate, pick) => {
        const questions = clone(generated);
        const index = pick % questions.length;
        const expected = mutate(questions, index);
        fc.pre(expected !== undefined);
        expect(checkQuestions(questions)?.code).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it.each(Object.keys(outcomeMutations))("outcome mutation: %s yields its code", (name) => {
    const mutation = outcomeMutations[name]!;
    fc.assert(
      fc.property(answeredCase, mutation, fc.nat(), (generated, mutate, pick) => {
        const { questions, outcome } = clone(generated);
        const index = pick % questions.length;
        laterQuestionsHarmless(questions, outcome, index);
        const expected = mutate(questions, outcome, index);
        fc.pre(expected !== undefined);
        expect(checkOutcome(questions, outcome)?.code).toBe(expected);
      }),
      { numRuns: 100 },
    );
  });

  it("never throw, whatever they are given", () => {
    const hostile = fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withMap: true, withSet: true, withTypedArray: true });
    const junkQuestions = fc.oneof(hostile, fc.array(hostile), validQuestions.map((qs) => qs as unknown));
    fc.assert(
      fc.property(junkQuestions, hostile, (questions, outcome) => {
        const requestVerdict = checkQuestions(questions);
        const outcomeVerdict = checkOutcome(questions, outcome);
        for (const verdict of [requestVerdict, outcomeVerdict]) {
          if (verdict !== null) expect(verdict).toEqual({ code: expect.any(String), message: expect.any(String) });
        }
      }),
      { numRuns: 500 },
    );
  });

  it("measure the questions array exactly as its compact JSON", () => {
    const wild = fc.record(
      {
        id: anyText(10),
        question: fc.string({ unit: fc.oneof(fc.constantFrom("\ud800", "\udfff", "\u0001", "\u001f", '"', "\\", "\b", "\u007f", "\u2028"), fc.string({ unit: "binary", minLength: 1, maxLength: 1 })), maxLength: 30 }),
        header: anyText(5),
        multi_select: fc.boolean(),
        allow_free_text: fc.boolean(),
        allow_annotation: fc.boolean(),
        options: fc.array(
          fc.record(
            { id: anyText(5), label: fc.string({ unit: "binary", maxLength: 10 }), description: fc.string({ unit: "binary", maxLength: 10 }), preview: fc.oneof(fc.string({ unit: "binary", maxLength: 10 }), fc.constant(null)) },
            { requiredKeys: ["id", "label"] },
          ),
          { maxLength: 4 },
        ),
      },
      { requiredKeys: ["id", "question", "header"] },
    );
    fc.assert(
      fc.property(fc.array(wild, { maxLength: 4 }), (questions) => {
        const reference = questions.map((q) => ({
          id: q.id,
          question: q.question,
          header: q.header,
          multi_select: q.multi_select ?? false,
          ...((q.options ?? []).length > 0
            ? { options: (q.options ?? []).map((o) => ({ id: o.id, label: o.label, description: o.description ?? "", ...(o.preview == null ? {} : { preview: o.preview }) })) }
            : {}),
          allow_free_text: q.allow_free_text ?? true,
          allow_annotation: q.allow_annotation ?? false,
        }));
        expect(questionsJsonLength(questions)).toBe(new TextEncoder().encode(JSON.stringify(reference)).length);
      }),
      RUNS,
    );
  });
});
