import type { AskUserOption, AskUserQuestionPayload, AskUserQuestionSpec } from "@app-server-protocol/types";
import { heldItems, isObject, readAsGiven, readOr, readsInPlace, type ReadOptions } from "./readable.js";

/** The id of the single question a legacy request becomes. */
export const LEGACY_QUESTION_ID = "question-1";

/** The header of the single question a legacy request becomes. */
export const LEGACY_HEADER = "Question";

/** The id of the legacy option at `index` (0-based): `option-1`, `option-2`, ...; `option-NaN` for a value that is not a number. */
export function legacyOptionId(index: number): string {
  return `option-${typeof index === "number" ? index + 1 : Number.NaN}`;
}

/** The one question a legacy `question`/`options` pair stands for (spec 4.5). */
export function legacyQuestion(question: string, labels: readonly string[], allowFreeText: boolean): AskUserQuestionSpec {
  const options = labels.map((label, index): AskUserOption => ({ id: legacyOptionId(index), label, description: "" }));
  return {
    id: LEGACY_QUESTION_ID,
    question,
    header: LEGACY_HEADER,
    multi_select: false,
    ...(options.length > 0 ? { options } : {}),
    allow_free_text: allowFreeText,
    allow_annotation: false,
  };
}

function questionsOf(request: AskUserQuestionPayload): AskUserQuestionSpec[] {
  if (!isObject(request)) return [legacyQuestion("", [], true)];
  const { questions, question, options } = request;
  if (Array.isArray(questions) && questions.length > 0) return questions;
  return [legacyQuestion(question ?? "", Array.isArray(options) ? heldItems(options) : [], true)];
}

/**
 * The canonical questions of a request (spec 4.5). A request with canonical
 * `questions` keeps them and its legacy fields are ignored; a legacy request
 * becomes exactly one question: id `question-1`, the legacy text, header
 * `Question`, single-select, options `option-1`, `option-2`, ... with the
 * legacy labels and empty descriptions, free text allowed, no annotation.
 * Validate the result with `checkQuestions`: an empty legacy question fails
 * with `empty_question`, more than 4 labels with `option_count`.
 *
 * It reads, and does not decode: the request is read once into JSON data
 * (`jsonSnapshot`), and the questions and legacy labels are taken as read (a
 * copy, never the caller's objects), so `checkQuestions` refuses any that do
 * not decode (`malformed_response`). Never throws: `questions` or `options`
 * that are not arrays count as absent, and a request that is not an object,
 * or has no snapshot (a getter or proxy that throws, a cycle, a bigint, an
 * array with holes), reads as `{}`: one question with empty text. With
 * `{ snapshot: false }` (`ReadOptions`) the request is read in place, and a
 * canonical `questions` array is the request's own.
 *
 * @example
 * ```ts
 * import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
 *
 * canonicalQuestions({ request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] }); // => [{ id: "question-1", question: "Which database?", header: "Question", multi_select: false, options: [{ id: "option-1", label: "PostgreSQL", description: "" }, { id: "option-2", label: "SQLite", description: "" }], allow_free_text: true, allow_annotation: false }]
 * canonicalQuestions(JSON.parse('{"request_id":"ask-2","questions":[{"id":"db","question":"Which database?","header":"DB"}]}'), { snapshot: false }); // => [{ id: "db", question: "Which database?", header: "DB" }]
 * ```
 */
export function canonicalQuestions(request: AskUserQuestionPayload, options?: ReadOptions): AskUserQuestionSpec[] {
  return canonicalQuestionsOf(readsInPlace(options) ? request : readAsGiven(request));
}

/** `canonicalQuestions` of a request already read into JSON data. */
export function canonicalQuestionsOf(request: AskUserQuestionPayload): AskUserQuestionSpec[] {
  return readOr(
    () => questionsOf(request),
    () => [legacyQuestion("", [], true)],
  );
}
