import type { AskUserQuestionRequest, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import { checkOutcome, jsonSnapshot } from "@app-server-protocol/validators";
import { canonicalQuestionsOf } from "./legacy-request.js";
import { readAsGiven, readsInPlace, type ReadOptions } from "./readable.js";
import { outcomeOfResponse, outcomeOfSnapshot } from "./response.js";

/** The verdict on no payload, made anew for each caller. */
function cancelled(): AnswerCheck {
  return { ok: true, outcome: { outcome: "cancelled", reason: "client_closed" } };
}

/** The verdict on a client's answer: the outcome to hand to the core, or the first error, to re-send as `validation_error`. */
export type AnswerCheck = { readonly ok: true; readonly outcome: AskUserResponseOutcome } | { readonly ok: false; readonly error: AskUserValidationError };

/**
 * Judges the success `data` of a client's response to the `ask_user/request`
 * a server sent with `request` as params, as spec 4.9 step 3 does: absent or
 * `null` data is no payload (so is a value JSON writes as `null`: NaN,
 * Infinity), so `cancelled`/`client_closed` (spec 1.3, 4.9 step 6); otherwise `data` must decode as an `AskUserQuestionResponse`
 * (`malformed_response`) and name the request's `request_id`
 * (`request_id_mismatch`); its `outcome`, or else its legacy `answer` read
 * against the request's canonical questions (spec 4.5), must then pass the
 * outcome rules (spec 4.3), first error wins. The same verdicts as
 * `outcomeFromResponse`, then `checkOutcome` on `canonicalQuestions`. Each
 * argument is read once into JSON data (`jsonSnapshot`), and the outcome
 * returned is a copy. Never throws. With `{ snapshot: false }`
 * (`ReadOptions`) both are read in place, for arguments that are JSON data
 * already (what `JSON.parse` returned): the same verdicts, without the
 * copies.
 *
 * @example
 * ```ts
 * import { checkAnswer } from "@app-server-protocol/legacy-shim";
 *
 * const request = { request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
 * checkAnswer(request, { request_id: "ask-1", answer: "SQLite" }); // => { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } }
 * checkAnswer(request, { request_id: "ask-1", outcome: { outcome: "answered", answers: {} } }); // => { ok: false, error: { code: "missing_answer", message: "answered outcome must contain exactly one answer for every question" } }
 * checkAnswer(request, undefined); // => { ok: true, outcome: { outcome: "cancelled", reason: "client_closed" } }
 * checkAnswer(request, JSON.parse('{"request_id":"ask-1","answer":"MariaDB"}'), { snapshot: false }); // => { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "text", text: "MariaDB" } } } }
 * ```
 */
export function checkAnswer(request: AskUserQuestionRequest, data: unknown, options?: ReadOptions): AnswerCheck {
  if (data === undefined) return cancelled();
  const inPlace = readsInPlace(options);
  // Read before the test for no payload: a value JSON writes as `null` (NaN, Infinity) is no payload, as its snapshot says.
  const snapshot = inPlace ? undefined : jsonSnapshot(data);
  if (inPlace ? data === null : snapshot?.ok === true && snapshot.value === null) return cancelled();
  const asked = inPlace ? request : readAsGiven(request);
  const read = snapshot === undefined ? outcomeOfResponse(asked, data, true) : outcomeOfSnapshot(asked, snapshot);
  if (!read.ok) return read;
  const error = checkOutcome(canonicalQuestionsOf(asked), read.outcome);
  return error === null ? read : { ok: false, error };
}
