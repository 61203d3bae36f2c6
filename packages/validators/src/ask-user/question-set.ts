import type { AskUserOption, AskUserQuestionSpec } from "@app-server-protocol/types";
import { ChangedWhileExamined, mappedOnce } from "./structure.js";

/**
 * What the outcome rules read of a question: a question spec of a list
 * judged at once, read in place, or the copy a validated set keeps of one.
 */
export interface AnsweredQuestion {
  readonly id: string;
  readonly multi_select?: boolean | undefined;
  readonly allow_free_text?: boolean | undefined;
  readonly allow_annotation?: boolean | undefined;
  readonly options?: readonly { readonly id: string }[];
}

/** The ids of `options`, each as an option of its own: its length read once, an item missing (a getter changed the list) a value that changed while examined. */
function optionIdsOf(options: readonly AskUserOption[]): { readonly id: string }[] {
  const count = options.length;
  const ids = new Array<{ readonly id: string }>(count);
  for (let index = 0; index < count; index += 1) {
    const option = options[index];
    if (option === undefined) throw new ChangedWhileExamined();
    ids[index] = { id: option.id };
  }
  return ids;
}

/**
 * What a validated set keeps of structurally valid questions, read once:
 * their ids, the kinds of answer they allow (as given: the outcome rules
 * fill in the defaults), their option ids. Private to the set, so not
 * frozen: nothing outside it can reach them.
 */
function keptQuestions(questions: readonly AskUserQuestionSpec[]): readonly AnsweredQuestion[] {
  return mappedOnce(questions, ({ id, multi_select, allow_free_text, allow_annotation, options }) => ({
    id,
    multi_select,
    allow_free_text,
    allow_annotation,
    options: optionIdsOf(options ?? []),
  }));
}

/** The question of `questions` with id `id`, if there is one. */
export function questionWithId(questions: readonly AnsweredQuestion[], id: string): AnsweredQuestion | undefined {
  const count = questions.length;
  for (let index = 0; index < count; index += 1) {
    const question = questions[index];
    if (question?.id === id) return question;
  }
  return undefined;
}

/** Whether `question` has an option with id `optionId`. */
export function offers(question: AnsweredQuestion, optionId: string): boolean {
  const { options } = question;
  if (options === undefined) return false;
  const count = options.length;
  for (let index = 0; index < count; index += 1) {
    const option = options[index];
    if (option === undefined) throw new ChangedWhileExamined();
    if (option.id === optionId) return true;
  }
  return false;
}

// Only this module makes a set or reads one: the class hands the two
// functions below its private field from a static block, so neither is part
// of its public shape. (A WeakMap beside the class cost checkOutcome half
// again: its lookups and the garbage collector's work on its entries.)
let makeValidatedQuestions: (questions: readonly AskUserQuestionSpec[]) => ValidatedQuestions;
let keptOf: (value: unknown) => readonly AnsweredQuestion[] | undefined;

/** The set of `questions`, which must have passed the request rules: only `validatedQuestions` calls it. */
export function validatedSetOf(questions: readonly AskUserQuestionSpec[]): ValidatedQuestions {
  return makeValidatedQuestions(questions);
}

/** The questions a validated set kept, or `undefined` for any other value (read without running a proxy's traps). */
export function questionsOfValidatedSet(value: unknown): readonly AnsweredQuestion[] | undefined {
  return keptOf(value);
}

/**
 * A canonical questions list that passed the request rules (spec 4.2), as
 * `validatedQuestions` returns it: frozen, holding what the outcome rules
 * read (each question's id, the kinds of answer it allows, its option ids)
 * copied when it was validated, so later changes to the list it came from do
 * not change it. `checkOutcome` takes it in place of the list and skips the
 * re-validation of spec 4.3 step 1.
 */
export class ValidatedQuestions {
  readonly #questions: readonly AnsweredQuestion[];

  private constructor(questions: readonly AnsweredQuestion[]) {
    this.#questions = questions;
    Object.freeze(this);
  }

  /** The ids of the questions, in order. */
  get questionIds(): string[] {
    return this.#questions.map((question) => question.id);
  }

  static {
    makeValidatedQuestions = (questions) => new ValidatedQuestions(keptQuestions(questions));
    keptOf = (value) => (typeof value === "object" && value !== null && #questions in value ? value.#questions : undefined);
  }
}
