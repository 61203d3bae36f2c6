import type {
  AskUserAnswerValue,
  AskUserOption,
  AskUserOutcomeAnswered,
  AskUserQuestionSpec,
} from "@app-server-protocol/types";
import fc from "fast-check";

// Generators of interactive-question data that satisfies every rule of spec
// 4.2/4.3, with multi-byte and astral characters in every text field.

/** Any text, including multi-byte and astral characters. */
export const anyText = (maxLength: number) => fc.string({ unit: "grapheme", maxLength });

/** Text that is not blank: it starts with a visible character. */
export const solidText = (maxLength: number) => fc.tuple(fc.constantFrom("a", "é", "日", "😀", "Z"), anyText(maxLength)).map(([head, tail]) => head + tail);

const optionFields = fc.record(
  {
    label: solidText(20),
    description: anyText(40),
    preview: fc.oneof(anyText(60), fc.constant(null)),
  },
  { requiredKeys: ["label"] },
);

function uniqueOptions(count: number) {
  return fc.array(optionFields, { minLength: count, maxLength: count }).map((fields) =>
    fields.map((field, index): AskUserOption => ({ ...field, id: `opt-${index}`, label: `${field.label}#${index}` })),
  );
}

const questionFields = fc.record(
  {
    question: solidText(80),
    header: fc.string({ unit: "grapheme", maxLength: 3 }),
    multi_select: fc.boolean(),
    allow_free_text: fc.boolean(),
    allow_annotation: fc.boolean(),
    optionCount: fc.integer({ min: 0, max: 4 }),
  },
  { requiredKeys: ["question", "header", "optionCount"] },
);

/** A question list that passes every request rule. */
export const validQuestions: fc.Arbitrary<AskUserQuestionSpec[]> = fc
  .array(questionFields, { minLength: 1, maxLength: 4 })
  .chain((specs) =>
    fc.tuple(...specs.map((spec) => uniqueOptions(spec.optionCount))).map((optionLists) =>
      specs.map(({ optionCount: _count, ...spec }, index): AskUserQuestionSpec => {
        const options = optionLists[index] ?? [];
        // A question without options can only be answered with text.
        const freeText = options.length === 0 ? { allow_free_text: true } : {};
        return { ...spec, ...freeText, id: `q-${index}-${spec.question.length}`, ...(options.length > 0 ? { options } : {}) };
      }),
    ),
  );

function answerFor(question: AskUserQuestionSpec): fc.Arbitrary<AskUserAnswerValue> {
  const ids = (question.options ?? []).map((option) => option.id);
  const text = solidText(40).map((value): AskUserAnswerValue => ({ kind: "text", text: value }));
  const choices: fc.Arbitrary<AskUserAnswerValue>[] = [];
  if (ids.length > 0 && (question.multi_select ?? false)) {
    choices.push(fc.shuffledSubarray(ids, { minLength: 1 }).map((option_ids): AskUserAnswerValue => ({ kind: "selected_many", option_ids })));
  }
  if (ids.length > 0 && !(question.multi_select ?? false)) {
    choices.push(fc.constantFrom(...ids).map((option_id): AskUserAnswerValue => ({ kind: "selected", option_id })));
  }
  if (question.allow_free_text ?? true) choices.push(text);
  return fc.oneof(...choices);
}

/** Valid questions with an `answered` outcome that passes every outcome rule. */
export const answeredCase: fc.Arbitrary<{ questions: AskUserQuestionSpec[]; outcome: AskUserOutcomeAnswered }> = validQuestions.chain((questions) =>
  fc
    .tuple(
      fc.tuple(...questions.map(answerFor)),
      fc.tuple(...questions.map((question) => ((question.allow_annotation ?? false) ? fc.option(anyText(30), { nil: undefined }) : fc.constant(undefined)))),
    )
    .map(([answers, notes]) => {
      const outcome: AskUserOutcomeAnswered = { outcome: "answered", answers: {} };
      const annotations: { [questionId: string]: string } = {};
      questions.forEach((question, index) => {
        const answer = answers[index];
        if (answer !== undefined) outcome.answers[question.id] = answer;
        const note = notes[index];
        if (note !== undefined) annotations[question.id] = note;
      });
      if (Object.keys(annotations).length > 0) outcome.annotations = annotations;
      return { questions, outcome };
    }),
);

/** Whitespace by Rust's definition, including U+0085 and excluding U+FEFF. */
export const WHITESPACE = ["\t", "\n", "\u000b", "\f", "\r", " ", "\u0085", "\u00a0", "\u1680", "\u2000", "\u200a", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000"];

/** A non-empty string of whitespace only. */
export const blankText = fc.array(fc.constantFrom(...WHITESPACE), { minLength: 1, maxLength: 6 }).map((chars) => chars.join(""));
