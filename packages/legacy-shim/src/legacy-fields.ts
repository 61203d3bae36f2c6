import type { AskUserQuestionRequest, AskUserQuestionSpec } from "@app-server-protocol/types";
import { emittedQuestionOf } from "./emitted-question.js";
import { canonicalQuestionsOf } from "./legacy-request.js";
import { isObject, readAsGiven, readOr } from "./readable.js";

/** The protocol-1.0 fields of a request. */
export interface LegacyFields {
  /** The question text. */
  question: string;
  /** The option labels, in order. */
  options: string[];
}

function fieldsOf(questions: readonly AskUserQuestionSpec[]): LegacyFields | undefined {
  if (!Array.isArray(questions) || questions.length !== 1) return undefined;
  const only: AskUserQuestionSpec | undefined = questions[0];
  if (!isObject(only) || (only.multi_select ?? false)) return undefined;
  const options = only.options ?? [];
  if (!Array.isArray(options) || !options.every(isObject)) return undefined;
  return { question: only.question, options: options.map((option) => option.label) };
}

/**
 * The legacy fields a server emits beside canonical questions (spec 4.5):
 * only for exactly one single-select question (its text and its option
 * labels); `undefined` otherwise, and then both fields are left out. The
 * questions are read once into JSON data (`jsonSnapshot`), and the text and
 * labels copied as read. Never throws: a value that is not a list, or whose
 * question or options are not objects, or that has no snapshot, gives
 * `undefined`.
 *
 * @example
 * ```ts
 * import { legacyFields } from "@app-server-protocol/legacy-shim";
 *
 * legacyFields([{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }] }]); // => { question: "Which database?", options: ["PostgreSQL"] }
 * legacyFields([{ id: "db", question: "Which?", header: "", multi_select: true }]); // => undefined
 * ```
 */
export function legacyFields(questions: readonly AskUserQuestionSpec[]): LegacyFields | undefined {
  return legacyFieldsOf(readAsGiven(questions));
}

function legacyFieldsOf(questions: readonly AskUserQuestionSpec[]): LegacyFields | undefined {
  return readOr(
    () => fieldsOf(questions),
    () => undefined,
  );
}

function emitted(request: AskUserQuestionRequest): AskUserQuestionRequest {
  if (!isObject(request)) return request;
  const { session_id: sessionId, turn_id: turnId, tool_use_id: toolUseId, request_id: requestId, deadline, validation_error: validationError, ...rest } = request;
  const questions = canonicalQuestionsOf({ request_id: requestId, ...rest }).map(emittedQuestionOf);
  const fields = legacyFieldsOf(questions);
  return {
    ...(sessionId === undefined || sessionId === "" ? {} : { session_id: sessionId }),
    ...(turnId === undefined || turnId === null ? {} : { turn_id: turnId }),
    ...(toolUseId === undefined || toolUseId === "" ? {} : { tool_use_id: toolUseId }),
    request_id: requestId,
    ...(deadline === undefined || deadline === null ? {} : { deadline }),
    ...(validationError === undefined || validationError === null ? {} : { validation_error: validationError }),
    ...(questions.length > 0 ? { questions } : {}),
    ...(fields !== undefined && fields.question !== "" ? { question: fields.question } : {}),
    ...(fields !== undefined && fields.options.length > 0 ? { options: fields.options } : {}),
  };
}

/**
 * A request as a server emits it (spec 2.4, 4.5): canonical `questions`
 * always (a legacy-only request is normalized first), each as
 * `emittedQuestion` writes it; the legacy `question`/`options` set from them
 * by the rule of `legacyFields`; fields the reference omits when empty or
 * null (`session_id`, `tool_use_id`, `turn_id`, `deadline`,
 * `validation_error`, `question`, `options`) left out then; unknown fields
 * dropped; fields in the reference's order.
 *
 * It rewrites, and does not decode: the request is read once into JSON
 * data (`jsonSnapshot`), and field values are copied as read (decode the
 * request first, with `isAskUserQuestionRequest`). Never throws: a value
 * that is not an object is returned as read, and one with no snapshot (a
 * getter or proxy that throws, a cycle, a bigint, an array with holes) is
 * read as `null`.
 *
 * @example
 * ```ts
 * import { emittedRequest } from "@app-server-protocol/legacy-shim";
 *
 * const single = emittedRequest({ session_id: "", request_id: "ask-1", deadline: null, questions: [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }] }] });
 * single; // => { request_id: "ask-1", questions: [{ id: "q", question: "Proceed?", header: "", multi_select: false, options: [{ id: "y", label: "Yes", description: "" }], allow_free_text: true, allow_annotation: false }], question: "Proceed?", options: ["Yes"] }
 * const legacy = emittedRequest({ session_id: "s1", request_id: "ask-2", question: "Why?" });
 * legacy.questions?.[0]?.id; // => "question-1"
 * ```
 */
export function emittedRequest(request: AskUserQuestionRequest): AskUserQuestionRequest {
  const read = readAsGiven(request);
  return readOr(
    () => emitted(read),
    () => read,
  );
}
