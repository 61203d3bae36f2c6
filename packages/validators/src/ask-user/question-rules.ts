import { ASK_USER_LIMITS, type AskUserQuestionSpec, type AskUserValidationError } from "@app-server-protocol/types";
import { exceedsCodePoints, exceedsUtf8Bytes, isBlank, plainlyWithin } from "../text-measure.js";
import { questionsExceedBytes, withinBytes, type ListTally } from "./request-size.js";
import { broken, quote } from "./rules.js";
import { ChangedWhileExamined, isQuestionList, structuredQuestions, type DecodeResult } from "./structure.js";
import { isUnchecked } from "./unchecked.js";

const L = ASK_USER_LIMITS;

/** What `questionRules` answers for a value that is not a list of question specs, whatever its rules would say. */
const NOT_A_QUESTION_LIST = Symbol("not a question list");

type RulesVerdict = AskUserValidationError | null | typeof NOT_A_QUESTION_LIST;

const isOptionalBoolean = (value: unknown) => value === undefined || typeof value === "boolean";

/**
 * Whether `text` is one of the first `count` of three earlier texts: the
 * lists the rules search for repeats hold at most four items, and each
 * item's texts are kept as they were read, so none is read twice.
 */
function isAmongEarlier(text: string, count: number, first: string, second: string, third: string): boolean {
  return count > 0 && (text === first || (count > 1 && (text === second || (count > 2 && text === third))));
}

/** A count of items the search for repeats can keep the earlier of: the limits of questions and options must stay within it. */
type WithinKeptItems = 0 | 1 | 2 | 3 | 4;

// Each list's length is read once and capped before anything is read by index: a getter that grows a list
// the structure check already walked (to 2^32 - 1, say) cannot make these loops walk it again.

/** The option rules of one question, and the option types: the UTF-16 units of the options' texts when they pass. */
function checkOptions(questionId: string, options: readonly unknown[], count: number): number | Exclude<RulesVerdict, null> {
  if (count > (L.maxOptions satisfies WithinKeptItems)) return broken("option_count", `question ${quote(questionId)} has more than ${L.maxOptions} options`);
  let units = 0;
  // The ids and labels of the options before the one read (at most three: the count is within the limit of four).
  let firstId = "", secondId = "", thirdId = "";
  let firstLabel = "", secondLabel = "", thirdLabel = "";
  for (let index = 0; index < count; index += 1) {
    const option = options[index];
    if (!isUnchecked(option)) return NOT_A_QUESTION_LIST;
    const { id, label, description, preview } = option;
    if (typeof id !== "string" || typeof label !== "string") return NOT_A_QUESTION_LIST;
    if (!(description === undefined || typeof description === "string")) return NOT_A_QUESTION_LIST;
    if (!(preview === undefined || preview === null || typeof preview === "string")) return NOT_A_QUESTION_LIST;
    if (!plainlyWithin(id, L.maxIdBytes)) {
      if (isBlank(id)) return broken("empty_id", "option id must not be empty");
      if (exceedsUtf8Bytes(id, L.maxIdBytes)) return broken("field_too_large", `option id exceeds ${L.maxIdBytes} bytes`);
    }
    if (isAmongEarlier(id, index, firstId, secondId, thirdId)) return broken("duplicate_id", `duplicate option id ${quote(id)} in question ${quote(questionId)}`);
    const repeatsLabel = isAmongEarlier(label, index, firstLabel, secondLabel, thirdLabel);
    if (index === 0) {
      firstId = id;
      firstLabel = label;
    } else if (index === 1) {
      secondId = id;
      secondLabel = label;
    } else {
      thirdId = id;
      thirdLabel = label;
    }
    const plainLabel = plainlyWithin(label, L.maxLabelBytes);
    if (!plainLabel && isBlank(label)) return broken("empty_label", `option ${quote(id)} label must not be empty`);
    if (repeatsLabel) return broken("duplicate_label", `duplicate option label ${quote(label)} in question ${quote(questionId)}`);
    if (!plainLabel && exceedsUtf8Bytes(label, L.maxLabelBytes)) return broken("field_too_large", `option ${quote(id)} label exceeds ${L.maxLabelBytes} bytes`);
    // A length of at most a third of a limit is within it whatever the text (each UTF-16 unit is at most 3 UTF-8 bytes).
    if (description !== undefined && description.length * 3 > L.maxDescriptionBytes && exceedsUtf8Bytes(description, L.maxDescriptionBytes)) {
      return broken("field_too_large", `option ${quote(id)} description exceeds ${L.maxDescriptionBytes} bytes`);
    }
    if (typeof preview === "string" && preview.length * 3 > L.maxPreviewBytes && exceedsUtf8Bytes(preview, L.maxPreviewBytes)) {
      return broken("field_too_large", `option ${quote(id)} preview exceeds ${L.maxPreviewBytes} bytes`);
    }
    units += id.length + label.length + (description?.length ?? 0) + (preview?.length ?? 0);
  }
  return units;
}

/**
 * The request rules of spec 4.2, first failure wins, checked as each field
 * is read together with the type the structure check requires of it: on a
 * list the structure check accepts, the rules' verdict; on any other value,
 * `NOT_A_QUESTION_LIST` or the failure of a rule it reached first. So a
 * `null` says the list is valid, structure and rules, from one read of each
 * field; anything else is decided by the structure check and then the rules
 * (`exactly`), in the reference's order.
 */
export function questionRules(questions: readonly unknown[]): RulesVerdict {
  const count = questions.length;
  if (count < L.minQuestions || count > (L.maxQuestions satisfies WithinKeptItems)) {
    return broken("question_count", `AskUserQuestion requires ${L.minQuestions} to ${L.maxQuestions} questions`);
  }
  // The tally, in two counts of its own: no object is made for it unless the list is near the size limit.
  let units = 0;
  let optionCount = 0;
  // The ids of the questions before the one read (at most three: the count is within the limit of four).
  let firstId = "", secondId = "", thirdId = "";
  for (let index = 0; index < count; index += 1) {
    const question = questions[index];
    if (!isUnchecked(question)) return NOT_A_QUESTION_LIST;
    const { id, header, options } = question;
    const text = question.question;
    if (typeof id !== "string" || typeof text !== "string" || typeof header !== "string") return NOT_A_QUESTION_LIST;
    if (!(isOptionalBoolean(question.multi_select) && isOptionalBoolean(question.allow_free_text) && isOptionalBoolean(question.allow_annotation))) {
      return NOT_A_QUESTION_LIST;
    }
    if (!(options === undefined || Array.isArray(options))) return NOT_A_QUESTION_LIST;
    if (!plainlyWithin(id, L.maxIdBytes)) {
      if (isBlank(id)) return broken("empty_id", "question id must not be empty");
      if (exceedsUtf8Bytes(id, L.maxIdBytes)) return broken("field_too_large", `question id exceeds ${L.maxIdBytes} bytes`);
    }
    if (isAmongEarlier(id, index, firstId, secondId, thirdId)) return broken("duplicate_id", `duplicate question id ${quote(id)}`);
    if (index === 0) firstId = id;
    else if (index === 1) secondId = id;
    else thirdId = id;
    if (!plainlyWithin(text, L.maxQuestionBytes)) {
      if (isBlank(text)) return broken("empty_question", `question ${quote(id)} text must not be empty`);
      if (exceedsUtf8Bytes(text, L.maxQuestionBytes)) return broken("field_too_large", `question ${quote(id)} text exceeds ${L.maxQuestionBytes} bytes`);
    }
    if (header.length > L.maxHeaderChars && exceedsCodePoints(header, L.maxHeaderChars)) return broken("header_too_long", `question ${quote(id)} header exceeds ${L.maxHeaderChars} characters`);
    units += id.length + text.length + header.length;
    if (options === undefined) continue;
    const optionsCount = options.length;
    const optionUnits = checkOptions(id, options, optionsCount);
    if (typeof optionUnits !== "number") return optionUnits;
    units += optionUnits;
    optionCount += optionsCount;
  }
  const tally: ListTally = { units, options: optionCount };
  if (withinBytes(count, tally, L.maxRequestBytes)) return null;
  // Only a list near the limit is measured exactly, which needs it typed: it is, unless a getter changed it meanwhile.
  if (!isQuestionList(questions)) return NOT_A_QUESTION_LIST;
  return questionsExceedBytes(questions, tally, L.maxRequestBytes) ? broken("request_too_large", `AskUserQuestion questions exceed ${L.maxRequestBytes} bytes of JSON`) : null;
}

/** Whether `questions` is a valid canonical question list, structure and rules (spec 4.2), from one read of each field. May throw on a hostile value. */
export function isValidQuestionList(questions: unknown): questions is readonly AskUserQuestionSpec[] {
  return Array.isArray(questions) && questionRules(questions) === null;
}

/**
 * The rules' verdict on a list the structure check accepted. May throw on a
 * hostile value: `ChangedWhileExamined` when the rules' read finds fields of
 * other types than the structure check's did.
 */
export function rulesOfStructured(questions: readonly AskUserQuestionSpec[]): AskUserValidationError | null {
  const verdict = questionRules(questions);
  if (verdict === NOT_A_QUESTION_LIST) throw new ChangedWhileExamined();
  return verdict;
}

/**
 * The structure check's verdict on `questions`, then the rules': the exact
 * verdict and message for a list `isValidQuestionList` did not accept, in
 * the reference's order (a structure failure anywhere comes before any
 * rule's). May throw on a hostile value.
 */
export function exactly(questions: unknown): DecodeResult<readonly AskUserQuestionSpec[]> {
  const structured = structuredQuestions(questions);
  if (!structured.ok) return structured;
  const error = rulesOfStructured(structured.value);
  return error === null ? structured : { ok: false, error };
}
