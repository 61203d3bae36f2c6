import type { AskUserQuestionSpec, AskUserResponseOutcome } from "@app-server-protocol/types";
import { heldItems, isObject, readAsGiven, readOr } from "./readable.js";

const noAnswers = (): AskUserResponseOutcome => ({ outcome: "answered", answers: {} });

function answeredFirst(questions: readonly AskUserQuestionSpec[], answer: string): AskUserResponseOutcome {
  const first: AskUserQuestionSpec | undefined = Array.isArray(questions) ? questions[0] : undefined;
  if (!isObject(first)) return noAnswers();
  const listed = first.options ?? [];
  if (!Array.isArray(listed)) return noAnswers();
  const options = heldItems(listed);
  if (!options.every(isObject)) return noAnswers();
  const chosen = options.find((option) => option.id === answer || option.label === answer);
  const value = chosen === undefined ? { kind: "text" as const, text: answer } : { kind: "selected" as const, option_id: chosen.id };
  return { outcome: "answered", answers: { [first.id]: value } };
}

/**
 * The outcome a legacy `answer` stands for, when a response carries no
 * `outcome` (spec 4.5): absent or `null` is `cancelled` with reason
 * `client_closed`; otherwise the first question is answered, with the option
 * whose id or label equals the answer exactly (`selected`), or else with the
 * answer as free text. Validate the result with `checkOutcome`: several
 * questions fail with `missing_answer`, free text on a question that does not
 * allow it with `free_text_disabled`, a match on a multi-select question with
 * `answer_kind`, an empty answer with `missing_answer`.
 *
 * Both arguments are read once into JSON data (`jsonSnapshot`); the answer,
 * and the first question's id, are copied as read, so `checkOutcome`
 * refuses a value that is not a string (`malformed_response`). Never
 * throws: questions that cannot be used (not a list, a first question or
 * options that are not objects, no snapshot) give `answered` with no
 * answers, as an empty list does; an answer with no snapshot is read as
 * `null`, no answer.
 *
 * @example
 * ```ts
 * import { canonicalQuestions, outcomeFromLegacyAnswer } from "@app-server-protocol/legacy-shim";
 *
 * const questions = canonicalQuestions({ request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] });
 * outcomeFromLegacyAnswer(questions, "SQLite"); // => { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } }
 * outcomeFromLegacyAnswer(questions, "MariaDB"); // => { outcome: "answered", answers: { "question-1": { kind: "text", text: "MariaDB" } } }
 * outcomeFromLegacyAnswer(questions, null); // => { outcome: "cancelled", reason: "client_closed" }
 * ```
 */
export function outcomeFromLegacyAnswer(questions: readonly AskUserQuestionSpec[], answer: string | null | undefined): AskUserResponseOutcome {
  return outcomeOfLegacyAnswer(readAsGiven(questions), readAsGiven(answer));
}

/** `outcomeFromLegacyAnswer` of questions and an answer already read into JSON data. */
export function outcomeOfLegacyAnswer(questions: readonly AskUserQuestionSpec[], answer: string | null | undefined): AskUserResponseOutcome {
  if (answer === undefined || answer === null) return { outcome: "cancelled", reason: "client_closed" };
  return readOr(() => answeredFirst(questions, answer), noAnswers);
}
