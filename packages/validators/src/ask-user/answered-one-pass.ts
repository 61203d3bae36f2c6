import { annotationError, selectedAnswerError, selectedManyAnswerError, textAnswerError } from "./answer-rules.js";
import { questionWithId, type AnsweredQuestion } from "./question-set.js";
import { isUnchecked } from "./unchecked.js";

/** Whether `answer`, each field read once, is an answer of the structure the schema requires that passes the rules of `question`. May throw on a hostile value. */
function isAcceptedAnswer(question: AnsweredQuestion, answer: unknown): boolean {
  if (!isUnchecked(answer)) return false;
  switch (answer.kind) {
    case "text": {
      const { text } = answer;
      return typeof text === "string" && textAnswerError(question, text) === null;
    }
    case "selected": {
      const optionId = answer.option_id;
      return typeof optionId === "string" && selectedAnswerError(question, optionId) === null;
    }
    case "selected_many": {
      const optionIds = answer.option_ids;
      return Array.isArray(optionIds) && selectedManyAnswerError(question, optionIds) === null;
    }
    default:
      return false;
  }
}

/** `isAcceptedAnswered`, which may throw on a hostile value. */
function acceptsAnswered(questions: readonly AnsweredQuestion[], outcome: unknown): boolean {
  if (!isUnchecked(outcome) || outcome.outcome !== "answered") return false;
  const { answers, annotations } = outcome;
  if (!isUnchecked(answers)) return false;
  const count = questions.length;
  let answered = 0;
  // The keys as the structure check walks them (own and inherited enumerable ones), each naming the next question...
  for (const id in answers) {
    if (answered === count) return false;
    const question = questions[answered];
    if (question === undefined || question.id !== id || !isAcceptedAnswer(question, answers[id])) return false;
    answered += 1;
  }
  // ...and as many own keys as questions, as the rules count them: so each key is an own one.
  if (answered !== count || Object.keys(answers).length !== count) return false;
  if (annotations === undefined) return true;
  if (!isUnchecked(annotations)) return false;
  // Inherited keys are checked as own ones: the structure check types them too, and the rules only refuse more of them.
  for (const id in annotations) {
    const annotation = annotations[id];
    if (typeof annotation !== "string") return false;
    const question = questionWithId(questions, id);
    if (question === undefined || annotationError(question, annotation) !== null) return false;
  }
  return true;
}

/**
 * Whether `outcome`, each field read once, is an `answered` outcome of the
 * structure the schema requires that passes the rules of spec 4.3 against
 * `questions`, which passed theirs: most answers are, with their keys in
 * the questions' order. `false` says only that the structure check and then
 * the rules must decide, in the reference's order. Never throws.
 */
export function isAcceptedAnswered(questions: readonly AnsweredQuestion[], outcome: unknown): boolean {
  try {
    return acceptsAnswered(questions, outcome);
  } catch {
    return false;
  }
}
