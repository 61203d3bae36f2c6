import type { AskUserQuestionRequest, AskUserResponseOutcome, AskUserValidationError } from "@app-server-protocol/types";
import { jsonSnapshot, validateType, type JsonSnapshot } from "@app-server-protocol/validators";
import { outcomeOfLegacyAnswer } from "./legacy-answer.js";
import { canonicalQuestionsOf } from "./legacy-request.js";
import { isObject, readAsGiven, readOr, readsInPlace, type ReadOptions } from "./readable.js";

/** The outcome a response stands for, or the transport-level error that prevents reading it. */
export type ResponseOutcome = { readonly ok: true; readonly outcome: AskUserResponseOutcome } | { readonly ok: false; readonly error: AskUserValidationError };

function quoted(id: string): string {
  return `\`${id.length > 64 ? `${id.slice(0, 64)}…` : id}\``;
}

function malformed(reason: string): ResponseOutcome {
  return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion response: ${reason}` } };
}

/** The request's `request_id` when it reads as a string; `undefined` otherwise (a request read in place may throw when read). */
function requestIdOf(request: AskUserQuestionRequest): string | undefined {
  const id: unknown = readOr(
    () => (isObject(request) ? request.request_id : undefined),
    () => undefined,
  );
  return typeof id === "string" ? id : undefined;
}

/** `outcomeFromResponse` of a request and data already read (into a snapshot, or in place when they are JSON data already). */
function outcomeOfRead(request: AskUserQuestionRequest, data: unknown): ResponseOutcome {
  const response = validateType("AskUserQuestionResponse", data);
  if (!response.ok) return malformed(response.error.message);
  const { request_id: got, outcome, answer } = response.value;
  const expected = requestIdOf(request);
  if (got !== expected) {
    const wanted = expected === undefined ? "the request, which has no request id" : quoted(expected);
    return { ok: false, error: { code: "request_id_mismatch", message: `response request id ${quoted(got)} does not match ${wanted}` } };
  }
  if (outcome !== undefined && outcome !== null) return { ok: true, outcome };
  return { ok: true, outcome: outcomeOfLegacyAnswer(canonicalQuestionsOf(request), answer) };
}

/**
 * `outcomeFromResponse` of a request already read, and `data`: snapshotted
 * first, unless `inPlace` (then a value that throws while it is read, as
 * only a value that is no JSON data can, is `malformed_response`).
 */
export function outcomeOfResponse(request: AskUserQuestionRequest, data: unknown, inPlace: boolean): ResponseOutcome {
  if (inPlace) return readOr(() => outcomeOfRead(request, data), () => malformed("could not be examined"));
  return outcomeOfSnapshot(request, jsonSnapshot(data));
}

/** `outcomeFromResponse` of a request already read, and the snapshot of its data: data with none is `malformed_response`. */
export function outcomeOfSnapshot(request: AskUserQuestionRequest, snapshot: JsonSnapshot): ResponseOutcome {
  return snapshot.ok ? outcomeOfRead(request, snapshot.value) : malformed(snapshot.error.message);
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
 * (`request_id_mismatch`). With `{ snapshot: false }` (`ReadOptions`) both
 * are read in place, and a canonical outcome returned is the data's own.
 *
 * @example
 * ```ts
 * import { outcomeFromResponse } from "@app-server-protocol/legacy-shim";
 *
 * const request = { request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
 * outcomeFromResponse(request, { request_id: "ask-1", answer: "PostgreSQL" }); // => { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-1" } } } }
 * outcomeFromResponse(request, { request_id: "ask-2", answer: "PostgreSQL" }); // => { ok: false, error: { code: "request_id_mismatch", message: "response request id `ask-2` does not match `ask-1`" } }
 * outcomeFromResponse(request, { answer: 1 }).ok; // => false
 * outcomeFromResponse(request, JSON.parse('{"request_id":"ask-1","answer":"SQLite"}'), { snapshot: false }); // => { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } }
 * ```
 */
export function outcomeFromResponse(request: AskUserQuestionRequest, data: unknown, options?: ReadOptions): ResponseOutcome {
  const inPlace = readsInPlace(options);
  return outcomeOfResponse(inPlace ? request : readAsGiven(request), data, inPlace);
}
