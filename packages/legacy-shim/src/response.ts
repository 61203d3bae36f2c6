import type { AskUserQuestionRequest, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import { jsonSnapshot, validateType } from "@app-server-protocol/validators";
import { outcomeOfLegacyAnswer } from "./legacy-answer.js";
import { canonicalQuestionsOf } from "./legacy-request.js";
import { isObject, readAsGiven } from "./readable.js";

/** The outcome a response stands for, or the transport-level error that prevents reading it. */
export type ResponseOutcome = { readonly ok: true; readonly outcome: AskUserResponseOutcome } | { readonly ok: false; readonly error: AskUserValidationError };

function quoted(id: string): string {
  return `\`${id.length > 64 ? `${id.slice(0, 64)}…` : id}\``;
}

function malformed(reason: string): ResponseOutcome {
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion response: ${reason}` } };
}

/** `outcomeFromResponse` of a request already read into JSON data. */
export function outcomeOfResponse(request: AskUserQuestionRequest, data: unknown): ResponseOutcome {
  const read = jsonSnapshot(data);
  if (!read.ok) return malformed(read.error.message);
  const response = validateType("AskUserQuestionResponse", read.value);
  if (!response.ok) return malformed(response.error.message);
  const { request_id: got, outcome, answer } = response.value;
  const expected = isObject(request) && typeof request.request_id === "string" ? request.request_id : undefined;
  if (got !== expected) {
    const wanted = expected === undefined ? "the request, which has no request id" : quoted(expected);
    return { ok: false, error: { code: "request_id_mismatch", message: `response request id ${quoted(got)} does not match ${wanted}` } };
  }
  if (outcome !== undefined && outcome !== null) return { ok: true, outcome };
  return { ok: true, outcome: outcomeOfLegacyAnswer(canonicalQuestionsOf(request), answer) };
}

/**
 * The outcome to validate for the success `data` of an `ask_user/request`
 * response (spec 4.4, 4.5): `data` that is not an `AskUserQuestionResponse`
 * is `malformed_response`; a `request_id` other than the request's is
 * `request_id_mismatch`; a canonical `outcome` wins; otherwise the legacy
 * `answer` is read against the request's canonical questions. The outcome
 * still has to pass `checkOutcome` (`checkAnswer` does all of it in one
 * call). Both arguments are read once into JSON data (`jsonSnapshot`), so
 * the outcome returned is a copy, never the caller's object; `data` with no
 * snapshot (a getter or proxy that throws, a cycle, a bigint, an array with
 * holes) is `malformed_response`, its message saying where. Never throws: a
 * request without a readable string `request_id` matches no response
 * (`request_id_mismatch`).
 *
 * @example
 * ```ts
 * import { outcomeFromResponse } from "@app-server-protocol/legacy-shim";
 *
 * const request = { request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
 * outcomeFromResponse(request, { request_id: "ask-1", answer: "PostgreSQL" }); // => { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-1" } } } }
 * outcomeFromResponse(request, { request_id: "ask-2", answer: "PostgreSQL" }); // => { ok: false, error: { code: "request_id_mismatch", message: "response request id `ask-2` does not match `ask-1`" } }
 * outcomeFromResponse(request, { answer: 1 }).ok; // => false
 * ```
 */
export function outcomeFromResponse(request: AskUserQuestionRequest, data: unknown): ResponseOutcome {
  return outcomeOfResponse(readAsGiven(request), data);
}
