import type {
  AskUserAnswerValue,
  AskUserOption,
  AskUserOutcomeAnswered,
  AskUserQuestionSpec,
  AskUserResponseOutcome,
} from "@app-server-protocol/types";
import { ChangedWhileExamined, isOutcome, isQuestionList, mappedOnce, structuredOutcome, structuredQuestions, unexaminable, type DecodeResult } from "./structure.js";

/** An option as the reference holds it once decoded: `description` `""` and `preview` `null` when absent. */
export type DecodedOption = Required<AskUserOption>;

/** A question as the reference holds it once decoded (spec 2.4): every field present, defaults filled in. */
export interface DecodedQuestion extends Required<Omit<AskUserQuestionSpec, "options">> {
  /** The choices; `[]` when absent. */
  options: DecodedOption[];
}

/** An outcome as the reference holds it once decoded: an `answered` outcome's `annotations` is `{}` when absent. */
export type DecodedOutcome = Required<AskUserOutcomeAnswered> | Exclude<AskUserResponseOutcome, AskUserOutcomeAnswered>;

function decodedOption(option: AskUserOption): DecodedOption {
  return { id: option.id, label: option.label, description: option.description ?? "", preview: option.preview ?? null };
}

function decodedQuestion(question: AskUserQuestionSpec): DecodedQuestion {
  return {
    id: question.id,
    question: question.question,
    header: question.header,
    multi_select: question.multi_select ?? false,
    options: mappedOnce(question.options ?? [], decodedOption),
    allow_free_text: question.allow_free_text ?? true,
    allow_annotation: question.allow_annotation ?? false,
  };
}

function decodedAnswer(answer: AskUserAnswerValue): AskUserAnswerValue {
  switch (answer.kind) {
    case "text":
      return { kind: "text", text: answer.text };
    case "selected":
      return { kind: "selected", option_id: answer.option_id };
    case "selected_many":
      return { kind: "selected_many", option_ids: mappedOnce(answer.option_ids, (id) => id) };
    default:
      throw new ChangedWhileExamined();
  }
}

function decodedOutcomeOf(outcome: AskUserResponseOutcome): DecodedOutcome {
  switch (outcome.outcome) {
    case "answered":
      // Object.entries and Object.fromEntries keep a `__proto__` key as an own field, never as a prototype.
      return {
        outcome: "answered",
        answers: Object.fromEntries(Object.entries(outcome.answers).map(([id, answer]) => [id, decodedAnswer(answer)])),
        annotations: Object.fromEntries(Object.entries(outcome.annotations ?? {})),
      };
    case "cancelled":
      return { outcome: "cancelled", reason: outcome.reason };
    default:
      return { outcome: outcome.outcome };
  }
}

/**
 * A canonical questions list as the reference decodes it (spec 2.4): every
 * field present, the defaults filled in (`multi_select` false, `options`
 * `[]`, `allow_free_text` true, `allow_annotation` false; an option's
 * `description` `""`, `preview` `null`), unknown fields dropped. Input that
 * is not a list of question specs is `malformed_response`, as for
 * `checkQuestions`; the rules of spec 4.2 are `checkQuestions`'s. Never
 * throws.
 *
 * @example
 * ```ts
 * import { decodedQuestionList } from "@app-server-protocol/validators";
 *
 * decodedQuestionList([{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }], extra: 1 }]); // => { ok: true, value: [{ id: "db", question: "Which database?", header: "DB", multi_select: false, options: [{ id: "pg", label: "PostgreSQL", description: "", preview: null }], allow_free_text: true, allow_annotation: false }] }
 * decodedQuestionList([{ id: "db", question: "Which?", header: "", multi_select: null }]).ok; // => false
 * ```
 */
export function decodedQuestionList(questions: unknown): DecodeResult<DecodedQuestion[]> {
  try {
    const structured = structuredQuestions(questions);
    if (!structured.ok) return structured;
    const decoded = mappedOnce(structured.value, decodedQuestion);
    // The structure check and the copy read the value twice: a getter that answered differently the second time shows here.
    return isQuestionList(decoded) ? { ok: true, value: decoded } : unexaminable("questions", new ChangedWhileExamined());
  } catch (thrown) {
    return unexaminable("questions", thrown);
  }
}

/**
 * An outcome as the reference decodes it (spec 2.4): an `answered`
 * outcome's `annotations` `{}` when absent, unknown fields dropped at every
 * level, map keys in the order received. Input that is not an
 * `AskUserResponseOutcome` is `malformed_response`, as for `checkOutcome`;
 * the rules of spec 4.3 are `checkOutcome`'s. Never throws.
 *
 * @example
 * ```ts
 * import { decodedOutcome } from "@app-server-protocol/validators";
 *
 * decodedOutcome({ outcome: "answered", answers: { db: { kind: "selected", option_id: "pg", note: "x" } } }); // => { ok: true, value: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } }, annotations: {} } }
 * decodedOutcome({ outcome: "cancelled", reason: "timeout", at: 5 }); // => { ok: true, value: { outcome: "cancelled", reason: "timeout" } }
 * decodedOutcome({ outcome: "maybe" }).ok; // => false
 * ```
 */
export function decodedOutcome(outcome: unknown): DecodeResult<DecodedOutcome> {
  try {
    const structured = structuredOutcome(outcome);
    if (!structured.ok) return structured;
    const decoded = decodedOutcomeOf(structured.value);
    return isOutcome(decoded) ? { ok: true, value: decoded } : unexaminable("response", new ChangedWhileExamined());
  } catch (thrown) {
    return unexaminable("response", thrown);
  }
}
