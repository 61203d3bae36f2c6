import type { AskUserValidationError } from "@app-server-protocol/types";
import { exactly, isValidQuestionList } from "./question-rules.js";
import { validatedSetOf, type ValidatedQuestions } from "./question-set.js";
import { unexaminable, type DecodeResult } from "./structure.js";

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
    if (isValidQuestionList(questions)) return null;
    const checked = exactly(questions);
    return checked.ok ? null : checked.error;
  } catch (thrown) {
    return unexaminable("questions", thrown).error;
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
    if (isValidQuestionList(questions)) return { ok: true, value: validatedSetOf(questions) };
    const checked = exactly(questions);
    return checked.ok ? { ok: true, value: validatedSetOf(checked.value) } : checked;
  } catch (thrown) {
    return unexaminable("questions", thrown);
  }
}
