import { ASK_USER_LIMITS, type AskUserQuestionSpec, type AskUserValidationError } from "@app-server-protocol/types";
import { exceedsCodePoints, exceedsUtf8Bytes, isBlank } from "../text-measure.js";
import { questionsExceedBytes } from "./request-size.js";
import { broken, quote } from "./rules.js";
import { validatedSetOf, type ValidatedQuestions } from "./question-set.js";
import { structuredQuestions, unexaminable, type DecodeResult } from "./structure.js";

const L = ASK_USER_LIMITS;

// Each list's length is read once and capped before anything is read by index: a getter that grows a list
// the structure check already walked (to 2^32 - 1, say) cannot make these loops walk it again.

function checkOptions(question: AskUserQuestionSpec): AskUserValidationError | null {
  const options = question.options ?? [];
  const count = options.length;
  if (count > L.maxOptions) return broken("option_count", `question ${quote(question.id)} has more than ${L.maxOptions} options`);
  for (let index = 0; index < count; index += 1) {
    const option = options[index];
    if (option === undefined) continue;
    if (isBlank(option.id)) return broken("empty_id", "option id must not be empty");
    if (exceedsUtf8Bytes(option.id, L.maxIdBytes)) return broken("field_too_large", `option id exceeds ${L.maxIdBytes} bytes`);
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (options[earlier]?.id === option.id) return broken("duplicate_id", `duplicate option id ${quote(option.id)} in question ${quote(question.id)}`);
    }
    if (isBlank(option.label)) return broken("empty_label", `option ${quote(option.id)} label must not be empty`);
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (options[earlier]?.label === option.label) {
        return broken("duplicate_label", `duplicate option label ${quote(option.label)} in question ${quote(question.id)}`);
      }
    }
    if (exceedsUtf8Bytes(option.label, L.maxLabelBytes)) return broken("field_too_large", `option ${quote(option.id)} label exceeds ${L.maxLabelBytes} bytes`);
    if (exceedsUtf8Bytes(option.description ?? "", L.maxDescriptionBytes)) {
      return broken("field_too_large", `option ${quote(option.id)} description exceeds ${L.maxDescriptionBytes} bytes`);
    }
    if (exceedsUtf8Bytes(option.preview ?? "", L.maxPreviewBytes)) {
      return broken("field_too_large", `option ${quote(option.id)} preview exceeds ${L.maxPreviewBytes} bytes`);
    }
  }
  return null;
}

/** The request rules of spec 4.2 on a structurally valid list, first failure wins. */
export function questionRules(questions: readonly AskUserQuestionSpec[]): AskUserValidationError | null {
  const count = questions.length;
  if (count < L.minQuestions || count > L.maxQuestions) {
    return broken("question_count", `AskUserQuestion requires ${L.minQuestions} to ${L.maxQuestions} questions`);
  }
  for (let index = 0; index < count; index += 1) {
    const question = questions[index];
    if (question === undefined) continue;
    if (isBlank(question.id)) return broken("empty_id", "question id must not be empty");
    if (exceedsUtf8Bytes(question.id, L.maxIdBytes)) return broken("field_too_large", `question id exceeds ${L.maxIdBytes} bytes`);
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (questions[earlier]?.id === question.id) return broken("duplicate_id", `duplicate question id ${quote(question.id)}`);
    }
    if (isBlank(question.question)) return broken("empty_question", `question ${quote(question.id)} text must not be empty`);
    if (exceedsUtf8Bytes(question.question, L.maxQuestionBytes)) {
      return broken("field_too_large", `question ${quote(question.id)} text exceeds ${L.maxQuestionBytes} bytes`);
    }
    if (exceedsCodePoints(question.header, L.maxHeaderChars)) {
      return broken("header_too_long", `question ${quote(question.id)} header exceeds ${L.maxHeaderChars} characters`);
    }
    const optionError = checkOptions(question);
    if (optionError !== null) return optionError;
  }
  if (questionsExceedBytes(questions, L.maxRequestBytes)) {
    return broken("request_too_large", `AskUserQuestion questions exceed ${L.maxRequestBytes} bytes of JSON`);
  }
  return null;
}

/**
 * Checks a canonical questions list against the request rules of spec 4.2,
 * in the reference's order; the first failure wins. Takes any value: input
 * that is not a list of question specs is `malformed_response`. Never
 * throws.
 *
 * @example
 * ```ts
 * import { checkQuestions } from "@app-server-protocol/validators";
 *
 * checkQuestions([{ id: "db", question: "Which database?", header: "Database", options: [{ id: "pg", label: "PostgreSQL" }] }]); // => null
 * checkQuestions([]); // => { code: "question_count", message: "AskUserQuestion requires 1 to 4 questions" }
 * checkQuestions([{ id: "db", question: "Which?", header: "A header too long" }])?.code; // => "header_too_long"
 * ```
 */
export function checkQuestions(questions: unknown): AskUserValidationError | null {
  try {
    const structured = structuredQuestions(questions);
    return structured.ok ? questionRules(structured.value) : structured.error;
  } catch {
    return unexaminable("questions").error;
  }
}

/**
 * Checks a canonical questions list as `checkQuestions` does and, when it
 * passes, returns it as a frozen `ValidatedQuestions`: a host that validates
 * a request's questions when the request arrives hands this to
 * `checkOutcome` for each answer, which then skips re-validating them (spec
 * 4.3 step 1) and reads option ids precomputed. Later changes to the list do
 * not change the set. Never throws.
 *
 * @example
 * ```ts
 * import { checkOutcome, validatedQuestions } from "@app-server-protocol/validators";
 *
 * const set = validatedQuestions([{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }] }]);
 * set.ok ? set.value.questionIds : undefined; // => ["db"]
 * set.ok ? checkOutcome(set.value, { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } }) : undefined; // => null
 * validatedQuestions([]); // => { ok: false, error: { code: "question_count", message: "AskUserQuestion requires 1 to 4 questions" } }
 * ```
 */
export function validatedQuestions(questions: unknown): DecodeResult<ValidatedQuestions> {
  try {
    const structured = structuredQuestions(questions);
    if (!structured.ok) return structured;
    const error = questionRules(structured.value);
    return error === null ? { ok: true, value: validatedSetOf(structured.value) } : { ok: false, error };
  } catch {
    return unexaminable("questions");
  }
}
