import type { AskUserQuestionSpec, AskUserValidationError } from "@app-server-protocol/types";
import { canonicalQuestions, checkAnswer } from "@app-server-protocol/legacy-shim";
import { validateType, type JsonValue } from "@app-server-protocol/validators";

/** The `data` of an answer to an `ask_user/request`, and how the server must judge it (spec 4.3-4.5): `null` when valid. */
export interface AskUserAnswer {
  readonly data: JsonValue;
  readonly predicted: AskUserValidationError | null;
}

function valueFor(question: AskUserQuestionSpec): JsonValue {
  const first = question.options?.[0];
  if (first === undefined) return { kind: "text", text: "conform kit answer" };
  return question.multi_select === true ? { kind: "selected_many", option_ids: [first.id] } : { kind: "selected", option_id: first.id };
}

/** How the server must judge `data` as the answer to `params` (the request it sent): the error, `null` when valid, `undefined` when the request is no `AskUserQuestionRequest`. */
export function predictedVerdict(params: JsonValue | undefined, data: JsonValue | undefined): AskUserValidationError | null | undefined {
  const request = validateType("AskUserQuestionRequest", params);
  if (!request.ok) return undefined;
  const checked = checkAnswer(request.value, data);
  return checked.ok ? null : checked.error;
}

/**
 * An answer to the `ask_user/request` whose params are `params`: `refused`
 * answers no question (`missing_answer` whatever was asked), `answered`
 * picks each question's first option (or writes text where there is none).
 * `undefined` when the request is not one the kit can read.
 */
export function askUserAnswer(params: JsonValue | undefined, kind: "refused" | "answered"): AskUserAnswer | undefined {
  const request = validateType("AskUserQuestionRequest", params);
  if (!request.ok) return undefined;
  // fromEntries keeps every question id an own key, `__proto__` included.
  const answers: JsonValue = kind === "answered" ? Object.fromEntries(canonicalQuestions(request.value).map((question) => [question.id, valueFor(question)])) : {};
  const data: JsonValue = { request_id: request.value.request_id, outcome: { outcome: "answered", answers } };
  return { data, predicted: predictedVerdict(params, data) ?? null };
}
