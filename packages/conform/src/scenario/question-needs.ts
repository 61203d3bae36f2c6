import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { canCompleteQuestions, INTERACTIVE_QUESTION_FLAGS, validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { InteractiveQuestionFlag } from "./model.js";

const ALL_ON = Object.fromEntries(INTERACTIVE_QUESTION_FLAGS.map((flag) => [flag, true]));

/**
 * The `interactive_questions` flags a client must declare for the
 * questions of these `ask_user/request` params to be completable (spec
 * 4.6), in the capability's order: each flag without which the validators'
 * `canCompleteQuestions` refuses them. None for params that are no
 * `AskUserQuestionRequest` as written.
 */
export function flagsNeeded(params: JsonValue): InteractiveQuestionFlag[] {
  const request = validateType("AskUserQuestionRequest", params);
  if (!request.ok) return [];
  const questions = canonicalQuestions(request.value);
  return INTERACTIVE_QUESTION_FLAGS.filter((flag) => !canCompleteQuestions({ ...ALL_ON, [flag]: false }, questions).ok);
}
