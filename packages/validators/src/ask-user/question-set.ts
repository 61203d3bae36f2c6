import type { AskUserQuestionSpec } from "@app-server-protocol/types";

/** What the outcome rules read of one question, its defaults filled in. */
export interface QuestionRecord {
  readonly id: string;
  readonly multiSelect: boolean;
  readonly freeText: boolean;
  readonly annotation: boolean;
  readonly optionIds: readonly string[];
}

/** The records of structurally valid questions, read once. */
export function questionRecords(questions: readonly AskUserQuestionSpec[]): QuestionRecord[] {
  const records: QuestionRecord[] = [];
  for (const question of questions) {
    const optionIds: string[] = [];
    for (const option of question.options ?? []) optionIds.push(option.id);
    records.push({
      id: question.id,
      multiSelect: question.multi_select ?? false,
      freeText: question.allow_free_text ?? true,
      annotation: question.allow_annotation ?? false,
      optionIds,
    });
  }
  return records;
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
    makeValidatedQuestions = (questions) => new ValidatedQuestions(questionRecords(questions));
    recordsOf = (value) => (typeof value === "object" && value !== null && #records in value ? value.#records : undefined);
  }
}
