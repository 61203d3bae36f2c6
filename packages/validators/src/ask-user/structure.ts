import type { AskUserQuestionSpec, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import type { ValidationFailure } from "../result.js";
import { checkType } from "../check-type.js";
import type { CompiledType } from "../compiled.js";
import { isAskUserQuestionList, isAskUserResponseOutcome } from "../generated/message-guards.js";
import { matchesAskUserQuestionList, matchesAskUserResponseOutcome } from "../generated/message-matchers.js";
import { schemaAskUserQuestionList, schemaAskUserResponseOutcome } from "../generated/question-schemas.js";

// The two types are imported by name, not through the table of every message
// type, so an application that only checks questions bundles only their code;
// each is matched through its own generated guard, whose call of its matcher
// is not shared with every other type's.
const QUESTION_LIST: CompiledType = { matches: matchesAskUserQuestionList, schema: schemaAskUserQuestionList };
const OUTCOME: CompiledType = { matches: matchesAskUserResponseOutcome, schema: schemaAskUserResponseOutcome };

/** A decoded value, or the `malformed_response` error saying why it does not decode. */
export type DecodeResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: AskUserValidationError };

function malformed(what: string, failure: ValidationFailure): { readonly ok: false; readonly error: AskUserValidationError } {
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion ${what}: ${failure.message}` } };
}

/**
 * Thrown by a rule that reads a value the structure check accepted and finds
 * it of no type the check allows: a getter answered differently the second
 * time.
 */
export class ChangedWhileExamined extends Error {}

/**
 * `list` mapped by `each`, its length read once and its items by index: an
 * item missing (a list a getter grew since the structure check walked it)
 * is a value that changed while examined, so the walk never goes past what
 * the list held when it was checked.
 */
export function mappedOnce<T, U>(list: readonly T[], each: (item: T) => U): U[] {
  const count = list.length;
  const mapped: U[] = [];
  for (let index = 0; index < count; index += 1) {
    const item = list[index];
    if (item === undefined) throw new ChangedWhileExamined();
    mapped.push(each(item));
  }
  return mapped;
}

/** Whether `thrown` is a `ChangedWhileExamined`; false for anything else, a thrown proxy whose traps throw included. */
function isChange(thrown: unknown): boolean {
  try {
    return thrown instanceof ChangedWhileExamined;
  } catch {
    return false;
  }
}

/** The verdict on a value whose examination threw (a proxy that throws, a getter that changes its answer). */
export function unexaminable(what: "questions" | "response", thrown?: unknown): { readonly ok: false; readonly error: AskUserValidationError } {
  const why = isChange(thrown) ? "could not be examined (it changed while it was examined)" : "could not be examined";
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion ${what}: ${why}` } };
}

/** Checks that `questions` is a list of question specs (the schema guard the rules run first). */
export function structuredQuestions(questions: unknown): DecodeResult<readonly AskUserQuestionSpec[]> {
  const checked = checkType("AskUserQuestionList", QUESTION_LIST, questions, "");
  return checked.ok ? checked : malformed("questions", checked.error);
}

/** Whether `questions` is an `AskUserQuestionList`, with nothing built when it is (false for a value that throws). */
export function isQuestionList(questions: unknown): questions is AskUserQuestionSpec[] {
  return isAskUserQuestionList(questions);
}

/** Whether `outcome` is an `AskUserResponseOutcome`, with nothing built when it is (false for a value that throws). */
export function isOutcome(outcome: unknown): outcome is AskUserResponseOutcome {
  return isAskUserResponseOutcome(outcome);
}

/** Checks that `outcome` is an `AskUserResponseOutcome`. */
export function structuredOutcome(outcome: unknown): DecodeResult<AskUserResponseOutcome> {
  const checked = checkType("AskUserResponseOutcome", OUTCOME, outcome, "");
  return checked.ok ? checked : malformed("response", checked.error);
}
