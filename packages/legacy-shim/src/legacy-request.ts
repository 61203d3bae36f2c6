import type { AskUserOption, AskUserQuestionPayload, AskUserQuestionSpec } from "@app-server-protocol/types";

/** The id of the single question a legacy request becomes. */
export const LEGACY_QUESTION_ID = "question-1";

/** The header of the single question a legacy request becomes. */
export const LEGACY_HEADER = "Question";

/** The id of the legacy option at `index` (0-based): `option-1`, `option-2`, ... */
export function legacyOptionId(index: number): string {
  return `option-${index + 1}`;
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

/**
 * The canonical questions of a request (spec 4.5). A request with canonical
 * `questions` keeps them and its legacy fields are ignored; a legacy request
 * becomes exactly one question: id `question-1`, the legacy text, header
 * `Question`, single-select, options `option-1`, `option-2`, ... with the
 * legacy labels and empty descriptions, free text allowed, no annotation.
 * Validate the result with `checkQuestions`: an empty legacy question fails
 * with `empty_question`, more than 4 labels with `option_count`.
 *
 * @example
 * ```ts
 * import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
 *
 * canonicalQuestions({ request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] }); // => [{ id: "question-1", question: "Which database?", header: "Question", multi_select: false, options: [{ id: "option-1", label: "PostgreSQL", description: "" }, { id: "option-2", label: "SQLite", description: "" }], allow_free_text: true, allow_annotation: false }]
 * ```
 */
export function canonicalQuestions(request: AskUserQuestionPayload): AskUserQuestionSpec[] {
  if (request.questions !== undefined && request.questions.length > 0) return request.questions;
  return [legacyQuestion(request.question ?? "", request.options ?? [], true)];
}
