import type { AskUserQuestionSpec, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import type { ValidationFailure } from "../result.js";
import { MESSAGE_TYPES } from "../message-types.js";
import { checkAt } from "../validate-type.js";

/** The structural verdict on a questions list: the list, or the `malformed_response` error. */
export type Structured<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AskUserValidationError };

function malformed(what: string, failure: ValidationFailure): { readonly ok: false; readonly error: AskUserValidationError } {
  const detail = failure.path === "" ? failure.message.slice(failure.message.indexOf(": ") + 2) : failure.message;
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion ${what}: ${detail}` } };
}

/** Checks that `questions` is a list of question specs (the schema guard the rules run first). */
export function structuredQuestions(questions: unknown): Structured<readonly AskUserQuestionSpec[]> {
  const checked = checkAt(MESSAGE_TYPES, "AskUserQuestionList", questions, "", false);
  return checked.ok ? checked : malformed("questions", checked.error);
}

/** Checks that `outcome` is an `AskUserResponseOutcome`. */
export function structuredOutcome(outcome: unknown): Structured<AskUserResponseOutcome> {
  const checked = checkAt(MESSAGE_TYPES, "AskUserResponseOutcome", outcome, "", false);
  return checked.ok ? checked : malformed("response", checked.error);
}
