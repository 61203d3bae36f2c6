import { type AskUserOutcomeAnswered, type AskUserResponseOutcome, type AskUserValidationError } from "@app-server-protocol/types";
import { annotationError, checkAnswer } from "./answer-rules.js";
import { isAcceptedAnswered } from "./answered-one-pass.js";
import { questionsOfValidatedSet, questionWithId, type AnsweredQuestion } from "./question-set.js";
import { isValidQuestionList, rulesOfStructured } from "./question-rules.js";
import { broken, quote } from "./rules.js";
import { ChangedWhileExamined, isOutcome, structuredOutcome, structuredQuestions, unexaminable } from "./structure.js";

// The questions passed their rules, so their list is no longer than the rules allow: its length is read once.

/**
 * Whether each of `keys` names a question, in the questions' order and each
 * at most once: so none is unknown. The keys of an answer's maps come in the
 * order they were written, most often the questions' own, which this settles
 * in one walk.
 */
function followsQuestions(questions: readonly AnsweredQuestion[], keys: readonly string[]): boolean {
  const count = questions.length;
  const keyCount = keys.length;
  let next = 0;
  for (let index = 0; index < keyCount; index += 1) {
    const key = keys[index];
    while (next < count && questions[next]?.id !== key) next += 1;
    if (next === count) return false;
    next += 1;
  }
  return true;
}

/** The first of `keys` (in sorted order, as the reference's sorted maps yield them) that names no question. */
function unknownKey(questions: readonly AnsweredQuestion[], keys: readonly string[]): string | undefined {
  if (followsQuestions(questions, keys)) return undefined;
  let first: string | undefined;
  for (const key of keys) if (questionWithId(questions, key) === undefined && (first === undefined || key < first)) first = key;
  return first;
}

const NO_KEYS: readonly string[] = [];

function answeredRules(questions: readonly AnsweredQuestion[], outcome: AskUserOutcomeAnswered): AskUserValidationError | null {
  const { answers, annotations } = outcome;
  const answerKeys = Object.keys(answers);
  if (answerKeys.length !== questions.length) {
    return broken("missing_answer", "answered outcome must contain exactly one answer for every question");
  }
  const unknownAnswer = unknownKey(questions, answerKeys);
  if (unknownAnswer !== undefined) return broken("unknown_question", `answer for unknown question ${quote(unknownAnswer)}`);
  // An annotation is an own enumerable field, as for the structure check and JSON.stringify: one of these keys.
  const annotationKeys = annotations === undefined ? NO_KEYS : Object.keys(annotations);
  const unknownAnnotation = unknownKey(questions, annotationKeys);
  if (unknownAnnotation !== undefined) return broken("unknown_question", `annotation for unknown question ${quote(unknownAnnotation)}`);
  const count = questions.length;
  for (let index = 0; index < count; index += 1) {
    const question = questions[index];
    if (question === undefined) throw new ChangedWhileExamined();
    // As many own keys as questions, each naming one: each question's id is an own key, read without asking first.
    const answer = answers[question.id];
    if (answer === undefined) return broken("missing_answer", `missing answer for question ${quote(question.id)}`);
    const answerError = checkAnswer(question, answer);
    if (answerError !== null) return answerError;
    const annotation = annotations !== undefined && annotationKeys.includes(question.id) ? annotations[question.id] : undefined;
    if (annotation === undefined) continue;
    const annotationFailure = annotationError(question, annotation);
    if (annotationFailure !== null) return annotationFailure;
  }
  return null;
}

/** Spec 4.3 from step 2, on an outcome of questions that passed their rules. */
export function outcomeRules(questions: readonly AnsweredQuestion[], outcome: AskUserResponseOutcome): AskUserValidationError | null {
  return outcome.outcome === "answered" ? answeredRules(questions, outcome) : null;
}

/**
 * Checks an outcome against the canonical questions of its request, as spec
 * 4.3 orders it: the questions are re-validated, special outcomes and
 * `cancelled` are valid, and an `answered` outcome must answer each question
 * once with a kind the question allows. The first failure wins. Takes any
 * values: input that is not structurally a question list and an outcome is
 * `malformed_response`. Never throws.
 *
 * `questions` may also be the `ValidatedQuestions` that `validatedQuestions`
 * returned for the request's list: they passed step 1 then, so it is not
 * repeated, and the verdict is the one the list itself gets.
 *
 * @example
 * ```ts
 * import { checkOutcome, validatedQuestions } from "@app-server-protocol/validators";
 *
 * const questions = [{ id: "db", question: "Which database?", header: "Database", options: [{ id: "pg", label: "PostgreSQL" }] }];
 * checkOutcome(questions, { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" } } }); // => null
 * checkOutcome(questions, { outcome: "answered", answers: { db: { kind: "selected", option_id: "mysql" } } })?.code; // => "unknown_option"
 * checkOutcome(questions, { outcome: "clarify" }); // => null
 * const set = validatedQuestions(questions);
 * set.ok ? checkOutcome(set.value, { outcome: "answered", answers: { db: { kind: "selected", option_id: "mysql" } } })?.code : undefined; // => "unknown_option"
 * ```
 */
export function checkOutcome(questions: unknown, outcome: unknown): AskUserValidationError | null {
  try {
    // A valid list first: a set is no list, and a list is judged without looking for a set's private field in it.
    if (isValidQuestionList(questions)) return outcomeOf(questions, outcome);
    const kept = questionsOfValidatedSet(questions);
    if (kept !== undefined) return outcomeOf(kept, outcome);
    // The exact order: the structure of both, then the questions' rules.
    const structured = structuredQuestions(questions);
    if (!structured.ok) return structured.error;
    const typed = structuredOutcome(outcome);
    if (!typed.ok) return typed.error;
    return rulesOfStructured(structured.value) ?? outcomeRules(structured.value, typed.value);
  } catch (thrown) {
    return unexaminable("response", thrown).error;
  }
}

/** Spec 4.3 on questions that passed their rules: the outcome's structure, then its rules. May throw on a hostile value. */
function outcomeOf(questions: readonly AnsweredQuestion[], outcome: unknown): AskUserValidationError | null {
  if (isAcceptedAnswered(questions, outcome)) return null;
  if (isOutcome(outcome)) return outcomeRules(questions, outcome);
  const typed = structuredOutcome(outcome);
  return typed.ok ? outcomeRules(questions, typed.value) : typed.error;
}
