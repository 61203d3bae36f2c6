import type { AskUserQuestionSpec, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import type { ValidationFailure } from "../result.js";
import { MESSAGE_TYPES } from "../message-types.js";
import { checkAt } from "../validate-type.js";

/** A decoded value, or the `malformed_response` error saying why it does not decode. */
export type DecodeResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AskUserValidationError };

function malformed(what: string, failure: ValidationFailure): { readonly ok: false; readonly error: AskUserValidationError } {
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion ${what}: ${failure.message}` } };
}

/** The verdict on a value whose examination threw (a proxy that throws, a getter that changes its answer). */
export function unexaminable(what: "questions" | "response"): { readonly ok: false; readonly error: AskUserValidationError } {
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion ${what}: could not be examined` } };
}

/** Checks that `questions` is a list of question specs (the schema guard the rules run first). */
export function structuredQuestions(questions: unknown): DecodeResult<readonly AskUserQuestionSpec[]> {
  const checked = checkAt(MESSAGE_TYPES, "AskUserQuestionList", questions, "", false);
  return checked.ok ? checked : malformed("questions", checked.error);
}

/** Checks that `outcome` is an `AskUserResponseOutcome`. */
export function structuredOutcome(outcome: unknown): DecodeResult<AskUserResponseOutcome> {
  const checked = checkAt(MESSAGE_TYPES, "AskUserResponseOutcome", outcome, "", false);
  return checked.ok ? checked : malformed("response", checked.error);
}
