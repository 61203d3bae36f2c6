import type { AskUserOption, AskUserQuestionSpec } from "@app-server-protocol/types";
import { ChangedWhileExamined } from "./structure.js";

/** What the outcome rules read of one question, its defaults filled in. */
export interface QuestionRecord {
  readonly id: string;
  readonly multiSelect: boolean;
  readonly freeText: boolean;
  readonly annotation: boolean;
  /** The option ids, copied when the question is kept (in a validated set); `undefined` when they are read from `options`. */
  readonly optionIds: readonly string[] | undefined;
  /** The question's options as given, read in place when no ids were copied. */
  readonly options: readonly AskUserOption[];
}

const NO_OPTIONS: readonly AskUserOption[] = [];

/** The ids of `options`, copied: its length read once, an item missing (a getter changed the list) a value that changed while examined. */
function optionIdsOf(options: readonly AskUserOption[]): string[] {
  const count = options.length;
  const ids = new Array<string>(count);
  for (let index = 0; index < count; index += 1) {
    const option = options[index];
    if (option === undefined) throw new ChangedWhileExamined();
    ids[index] = option.id;
  }
  return ids;
}

/**
 * The records of structurally valid questions, read once: with their option
 * ids copied when `kept` (a validated set outlives the list), or else
 * reading the options in place (a list judged at once).
 */
export function questionRecords(questions: readonly AskUserQuestionSpec[], kept: boolean): QuestionRecord[] {
  const records: QuestionRecord[] = [];
  for (const question of questions) {
    const options = question.options ?? NO_OPTIONS;
    records.push({
      id: question.id,
      multiSelect: question.multi_select ?? false,
      freeText: question.allow_free_text ?? true,
      annotation: question.allow_annotation ?? false,
      optionIds: kept ? optionIdsOf(options) : undefined,
      options: kept ? NO_OPTIONS : options,
    });
  }
  return records;
}

/** Whether `question` has an option with id `optionId`. */
export function offers(question: QuestionRecord, optionId: string): boolean {
  const { optionIds } = question;
  if (optionIds !== undefined) return optionIds.includes(optionId);
  const { options } = question;
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
let recordsOf: (value: unknown) => readonly QuestionRecord[] | undefined;

/** The set of `questions`, which must have passed the request rules: only `validatedQuestions` calls it. */
export function validatedSetOf(questions: readonly AskUserQuestionSpec[]): ValidatedQuestions {
  return makeValidatedQuestions(questions);
}

/** The records of a validated set, or `undefined` for any other value (read without running a proxy's traps). */
export function recordsOfValidatedSet(value: unknown): readonly QuestionRecord[] | undefined {
  return recordsOf(value);
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
  readonly #records: readonly QuestionRecord[];

  private constructor(records: readonly QuestionRecord[]) {
    this.#records = records;
    Object.freeze(this);
  }

  /** The ids of the questions, in order. */
  get questionIds(): string[] {
    return this.#records.map((record) => record.id);
  }

  static {
    makeValidatedQuestions = (questions) => new ValidatedQuestions(questionRecords(questions, true));
    recordsOf = (value) => (typeof value === "object" && value !== null && #records in value ? value.#records : undefined);
  }
}
