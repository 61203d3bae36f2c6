import { ASK_USER_LIMITS, type AskUserAnswerValue, type AskUserValidationError } from "@app-server-protocol/types";
import { exceedsUtf8Bytes, isBlank } from "../text-measure.js";
import { offers, type AnsweredQuestion } from "./question-set.js";
import { broken, quote } from "./rules.js";
import { ChangedWhileExamined } from "./structure.js";

const L = ASK_USER_LIMITS;

// The rules of spec 4.3 on one answer to `question`, by kind, each given the fields it reads: the first
// failure, or `null`. Each may throw on a hostile value.

export function textAnswerError(question: AnsweredQuestion, text: string): AskUserValidationError | null {
  if (!(question.allow_free_text ?? true)) return broken("free_text_disabled", `question ${quote(question.id)} does not allow free text`);
  if (isBlank(text)) return broken("missing_answer", `free-text answer for question ${quote(question.id)} must not be empty`);
  if (exceedsUtf8Bytes(text, L.maxAnswerTextBytes)) {
    return broken("field_too_large", `free-text answer for question ${quote(question.id)} exceeds ${L.maxAnswerTextBytes} bytes`);
  }
  return null;
}

export function selectedAnswerError(question: AnsweredQuestion, optionId: string): AskUserValidationError | null {
  if (question.multi_select ?? false) return broken("answer_kind", `question ${quote(question.id)} is multi-select: answer with selected_many`);
  if (!offers(question, optionId)) return broken("unknown_option", `unknown option ${quote(optionId)} for question ${quote(question.id)}`);
  return null;
}

/** Throws `ChangedWhileExamined` at an id that is not a string: the structure check requires strings. */
export function selectedManyAnswerError(question: AnsweredQuestion, chosen: readonly unknown[]): AskUserValidationError | null {
  if (!(question.multi_select ?? false)) return broken("answer_kind", `question ${quote(question.id)} is single-select: answer with selected`);
  const count = chosen.length;
  if (count === 0) return broken("answer_kind", `selected_many answer for question ${quote(question.id)} must not be empty`);
  // Ends within the question's few options: the next id is a repeat or unknown. Earlier ids are compared one by one:
  // `indexOf` walks every index of a sparse list, which a getter could have made 2^32 - 1 long since it was checked.
  for (let index = 0; index < count; index += 1) {
    const optionId = chosen[index];
    if (typeof optionId !== "string") throw new ChangedWhileExamined();
    for (let earlier = 0; earlier < index; earlier += 1) {
      if (chosen[earlier] === optionId) return broken("duplicate_id", `option ${quote(optionId)} selected twice for question ${quote(question.id)}`);
    }
    if (!offers(question, optionId)) return broken("unknown_option", `unknown option ${quote(optionId)} for question ${quote(question.id)}`);
  }
  return null;
}

/** The rules of an annotation of `question`. */
export function annotationError(question: AnsweredQuestion, annotation: string): AskUserValidationError | null {
  if (!(question.allow_annotation ?? false)) return broken("annotation_disabled", `question ${quote(question.id)} does not allow annotations`);
  if (exceedsUtf8Bytes(annotation, L.maxAnnotationBytes)) {
    return broken("field_too_large", `annotation for question ${quote(question.id)} exceeds ${L.maxAnnotationBytes} bytes`);
  }
  return null;
}

/** The rules of an answer of the structure the schema requires, by its kind. */
export function checkAnswer(question: AnsweredQuestion, answer: AskUserAnswerValue): AskUserValidationError | null {
  switch (answer.kind) {
    case "text":
      return textAnswerError(question, answer.text);
    case "selected":
      return selectedAnswerError(question, answer.option_id);
    case "selected_many":
      return selectedManyAnswerError(question, answer.option_ids);
    default:
      throw new ChangedWhileExamined();
  }
}
