import { ASK_USER_LIMITS, type AskUserOutcomeAnswered, type AskUserQuestionSpec } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, validatedQuestions } from "@app-server-protocol/validators";
import { isAcceptedAnswered } from "../src/ask-user/answered-one-pass.js";
import { outcomeRules } from "../src/ask-user/outcome.js";
import { questionsOfValidatedSet } from "../src/ask-user/question-set.js";
import { structuredOutcome } from "../src/ask-user/structure.js";
import { answeredCase } from "./support/arbitraries.js";
import { mutationOf } from "./support/mutations.js";

// An answered outcome is read once, each field's type checked as the rules
// read it, and accepted in that one pass; anything else goes to the
// structure check and then the rules. The one pass must never accept what
// that exact path refuses.

/** The exact path's verdict on an outcome to questions that passed their rules: the structure check, then the rules. */
function exactVerdict(questions: readonly AskUserQuestionSpec[], outcome: unknown) {
  const typed = structuredOutcome(outcome);
  return typed.ok ? outcomeRules(questions, typed.value) : typed.error;
}

/** `outcome` with the keys of its answers in the reverse order. */
function answersReversed(outcome: { readonly answers: { readonly [id: string]: unknown } }) {
  return { ...outcome, answers: Object.fromEntries(Object.entries(outcome.answers).reverse()) };
}

const samples = fc.sample(answeredCase, { numRuns: 40, seed: 11 });
const NAMES = ["outcome", "answered", "answers", "annotations", "kind", "text", "selected", "option_id", "selected_many", "option_ids", "reason"];
const names = [...NAMES, ...samples.flatMap(({ questions }) => questions.map((question) => question.id))];

const TOO_LONG_TEXT = "x".repeat(ASK_USER_LIMITS.maxAnswerTextBytes + 1);
const TOO_LONG_NOTE = "x".repeat(ASK_USER_LIMITS.maxAnnotationBytes + 1);

/** Answers and annotations that break a rule for some question (a structure of the right types, each). */
const RULE_BREAKERS: readonly ((question: AskUserQuestionSpec) => { answer?: unknown; annotation?: string })[] = [
  () => ({ answer: { kind: "text", text: " \u3000" } }),
  () => ({ answer: { kind: "text", text: TOO_LONG_TEXT } }),
  () => ({ answer: { kind: "text", text: "free" } }),
  (question) => ({ answer: { kind: "selected", option_id: question.options?.[0]?.id ?? "none" } }),
  () => ({ answer: { kind: "selected", option_id: "no-such-option" } }),
  (question) => ({ answer: { kind: "selected_many", option_ids: (question.options ?? []).slice(0, 1).map((option) => option.id) } }),
  (question) => ({ answer: { kind: "selected_many", option_ids: [question.options?.[0]?.id ?? "none", question.options?.[0]?.id ?? "none"] } }),
  () => ({ answer: { kind: "selected_many", option_ids: [] } }),
  () => ({ annotation: "a note" }),
  () => ({ annotation: TOO_LONG_NOTE }),
];

/** `outcome` with the answer or the annotation of question `index` replaced by what `breaker` gives for it. */
function withBroken(questions: readonly AskUserQuestionSpec[], outcome: AskUserOutcomeAnswered, index: number, breaker: (typeof RULE_BREAKERS)[number]) {
  const question = questions[index % questions.length];
  if (question === undefined) return outcome;
  const { answer, annotation } = breaker(question);
  return {
    ...outcome,
    answers: answer === undefined ? outcome.answers : { ...outcome.answers, [question.id]: answer },
    ...(annotation === undefined ? {} : { annotations: { ...outcome.annotations, [question.id]: annotation } }),
  };
}

/** A valid case's questions with an outcome near its own: mutated once, one answer or annotation against a rule, its answers reordered, or anything at all. */
const nearCase = fc.constantFrom(...samples).chain(({ questions, outcome }) =>
  fc.record({
    questions: fc.constant(questions),
    outcome: fc.oneof(
      mutationOf([outcome], names),
      fc.tuple(fc.nat(), fc.constantFrom(...RULE_BREAKERS)).map(([index, breaker]) => withBroken(questions, outcome, index, breaker)),
      fc.constant(answersReversed(outcome)),
      fc.anything(),
    ),
  }),
);

describe("the answered outcome's one pass", () => {
  it("accepts every valid answer whose keys follow the questions, against the list and against its validated set (property)", () => {
    fc.assert(
      fc.property(answeredCase, ({ questions, outcome }) => {
        expect(isAcceptedAnswered(questions, outcome)).toBe(true);
        const set = validatedQuestions(questions);
        const kept = set.ok ? questionsOfValidatedSet(set.value) : undefined;
        expect(kept !== undefined && isAcceptedAnswered(kept, outcome)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("accepts only what the structure check and then the rules accept, and checkOutcome gives the exact path's verdict (property)", () => {
    fc.assert(
      fc.property(nearCase, ({ questions, outcome }) => {
        const exact = exactVerdict(questions, outcome);
        if (isAcceptedAnswered(questions, outcome)) expect(exact).toBeNull();
        expect(checkOutcome(questions, outcome)).toEqual(exact);
      }),
      { numRuns: 1000 },
    );
  });

  it("counts only own answers, as the rules do: one a prototype lends is missing", () => {
    const questions = [
      { id: "a", question: "First?", header: "" },
      { id: "b", question: "Second?", header: "" },
    ];
    const answers = Object.assign(Object.create({ b: { kind: "text", text: "lent" } }), { a: { kind: "text", text: "own" } });
    const outcome = { outcome: "answered", answers };
    expect(isAcceptedAnswered(questions, outcome)).toBe(false);
    expect(checkOutcome(questions, outcome)?.code).toBe("missing_answer");
  });

  it("leaves answers whose keys are in another order than the questions' to the exact path, which accepts them", () => {
    const questions = [
      { id: "a", question: "First?", header: "" },
      { id: "b", question: "Second?", header: "" },
    ];
    const outcome = { outcome: "answered", answers: { b: { kind: "text", text: "two" }, a: { kind: "text", text: "one" } } };
    expect(isAcceptedAnswered(questions, outcome)).toBe(false);
    expect(checkOutcome(questions, outcome)).toBeNull();
  });
});
