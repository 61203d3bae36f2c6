import { ASK_USER_LIMITS, type AskUserQuestionSpec, type AskUserValidationError } from "@app-server-protocol/types";
import { exceedsCodePoints, exceedsUtf8Bytes, isBlank } from "../text-measure.js";
import { questionsExceedBytes, type ListTally } from "./request-size.js";
import { broken, quote } from "./rules.js";
import { validatedSetOf, type ValidatedQuestions } from "./question-set.js";
import { structuredQuestions, unexaminable, type DecodeResult } from "./structure.js";

const L = ASK_USER_LIMITS;

// Each list's length is read once and capped before anything is read by index: a getter that grows a list
// the structure check already walked (to 2^32 - 1, say) cannot make these loops walk it again.

function checkOptions(question: AskUserQuestionSpec, tally: ListTally): AskUserValidationError | null {
  const options = question.options ?? [];
  const count = options.length;
  if (count > L.maxOptions) return broken("option_count", `question ${quote(question.id)} has more than ${L.maxOptions} options`);
  for (let index = 0; index < count; index += 1) {
    const option = options[index];
    if (option === undefined) continue;
    const { id, label, description, preview } = option;
    if (isBlank(id)) return broken("empty_id", "option id must not be empty");
    if (exceedsUtf8Bytes(id, L.maxIdBytes)) return broken("field_too_large", `option id exceeds ${L.maxIdBytes} bytes`);
    let repeatsLabel = false;
    for (let earlier = 0; earlier < index; earlier += 1) {
      const before = options[earlier];
      if (before?.id === id) return broken("duplicate_id", `duplicate option id ${quote(id)} in question ${quote(question.id)}`);
      if (before?.label === label) repeatsLabel = true;
    }
    if (isBlank(label)) return broken("empty_label", `option ${quote(id)} label must not be empty`);
    if (repeatsLabel) return broken("duplicate_label", `duplicate option label ${quote(label)} in question ${quote(question.id)}`);
    if (exceedsUtf8Bytes(label, L.maxLabelBytes)) return broken("field_too_large", `option ${quote(id)} label exceeds ${L.maxLabelBytes} bytes`);
    if (description !== undefined && exceedsUtf8Bytes(description, L.maxDescriptionBytes)) {
      return broken("field_too_large", `option ${quote(id)} description exceeds ${L.maxDescriptionBytes} bytes`);
    }
    if (preview !== undefined && preview !== null && exceedsUtf8Bytes(preview, L.maxPreviewBytes)) {
      return broken("field_too_large", `option ${quote(id)} preview exceeds ${L.maxPreviewBytes} bytes`);
    }
    tally.units += id.length + label.length + (description?.length ?? 0) + (preview?.length ?? 0);
  }
  tally.options += count;
  return null;
}

/** The request rules of spec 4.2 on a structurally valid list, first failure wins. */
export function questionRules(questions: readonly AskUserQuestionSpec[]): AskUserValidationError | null {
  const count = questions.length;
  if (count < L.minQuestions || count > L.maxQuestions) {
    return broken("question_count", `AskUserQuestion requires ${L.minQuestions} to ${L.maxQuestions} questions`);
  }
  const tally: ListTally = { units: 0, options: 0 };
  for (let index = 0; index < count; index += 1) {
    const question = questions[index];
    if (question === undefined) continue;
    const { id, header } = question;
    const text = question.question;
    if (isBlank(id)) return broken("empty_id", "question id must not be empty");
    if (exceedsUtf8Bytes(id, L.maxIdBytes)) return broken("field_too_large", `question id exceeds ${L.maxIdBytes} bytes`);
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (questions[earlier]?.id === id) return broken("duplicate_id", `duplicate question id ${quote(id)}`);
    }
    if (isBlank(text)) return broken("empty_question", `question ${quote(id)} text must not be empty`);
    if (exceedsUtf8Bytes(text, L.maxQuestionBytes)) return broken("field_too_large", `question ${quote(id)} text exceeds ${L.maxQuestionBytes} bytes`);
    if (exceedsCodePoints(header, L.maxHeaderChars)) return broken("header_too_long", `question ${quote(id)} header exceeds ${L.maxHeaderChars} characters`);
    tally.units += id.length + text.length + header.length;
    const optionError = checkOptions(question, tally);
    if (optionError !== null) return optionError;
  }
  if (questionsExceedBytes(questions, tally, L.maxRequestBytes)) {
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
