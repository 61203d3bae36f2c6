export { checkAnswer, type AnswerCheck } from "./answer-check.js";
export { decodedQuestions } from "./decoded-questions.js";
export { emittedQuestion } from "./emitted-question.js";
export { outcomeFromLegacyAnswer } from "./legacy-answer.js";
export { emittedRequest, legacyFields, type LegacyFields } from "./legacy-fields.js";
export { LEGACY_HEADER, LEGACY_QUESTION_ID, canonicalQuestions, legacyOptionId } from "./legacy-request.js";
export { outcomeFromResponse, type ResponseOutcome } from "./response.js";
export type { ReadOptions } from "./readable.js";
export { questionsFromToolInput, type ToolInputQuestions } from "./tool-input.js";
