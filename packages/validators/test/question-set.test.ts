import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, checkQuestions, validatedQuestions, type ValidatedQuestions } from "@app-server-protocol/validators";
import { questionsExceedBytes, questionsJsonLength, type ListTally } from "../src/ask-user/request-size.js";
import { answeredCase, anyText, validQuestions } from "./support/arbitraries.js";
import { hostile, trapProxy } from "./support/hostile.js";
import { mutationOf } from "./support/mutations.js";

// validatedQuestions checks a request's questions once; checkOutcome then
// takes the set in place of the list and skips re-validating them, with the
// verdict the list itself gets.

const questions: AskUserQuestionSpec[] = [
  { id: "db", question: "Which database?", header: "Database", options: [{ id: "pg", label: "PostgreSQL" }, { id: "lite", label: "SQLite" }], allow_annotation: true },
  { id: "features", question: "Which features?", header: "", multi_select: true, options: [{ id: "search", label: "Search" }, { id: "audit", label: "Audit" }], allow_free_text: false },
];

function setOf(list: unknown): ValidatedQuestions {
  const checked = validatedQuestions(list);
  if (!checked.ok) throw new Error(`the questions fail: ${checked.error.code}`);
  return checked.value;
}

/** A deep copy of `value` whose every object and array counts the properties read from it. */
function counted<T>(value: T, reads: { count: number }): T {
  if (typeof value !== "object" || value === null) return value;
  const copy = Array.isArray(value) ? value.map((item) => counted(item, reads)) : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, counted(item, reads)]));
  return new Proxy(copy, {
    get(target, key, receiver) {
      reads.count += 1;
      return Reflect.get(target, key, receiver);
    },
  }) as T;
}

const ANSWER_NAMES = ["outcome", "answered", "answers", "annotations", "kind", "text", "selected", "selected_many", "option_id", "option_ids", "cancelled", "reason", "clarify"];

/** Questions with an outcome that is valid, once mutated, special, or anything at all. */
const questionsAndOutcome = answeredCase.chain(({ questions: list, outcome }) =>
  fc.tuple(
    fc.constant(list),
    fc.oneof(
      fc.constant<unknown>(outcome),
      mutationOf([outcome], [...ANSWER_NAMES, ...list.map((question) => question.id), ...list.flatMap((question) => (question.options ?? []).map((option) => option.id))]),
      fc.constantFrom<unknown>({ outcome: "rejected" }, { outcome: "clarify" }, { outcome: "finish_plan_interview" }, { outcome: "cancelled", reason: "timeout" }),
      fc.anything(),
      hostile,
    ),
  ),
);

describe("validatedQuestions", () => {
  it("accepts what checkQuestions accepts and refuses with checkQuestions' error (property)", () => {
    const lists = fc.oneof(validQuestions, validQuestions.chain((list) => mutationOf([list], ["id", "question", "header", "options", "label", "multi_select", ""])), fc.anything(), hostile);
    fc.assert(
      fc.property(lists, (list) => {
        const checked = validatedQuestions(list);
        const error = checkQuestions(list);
        if (error === null) expect(checked.ok).toBe(true);
        else expect(checked).toEqual({ ok: false, error });
      }),
      { numRuns: 500 },
    );
  });

  it("returns a frozen set that later changes to the list do not change", () => {
    const list = structuredClone(questions);
    const set = setOf(list);
    expect(Object.isFrozen(set)).toBe(true);
    expect(set.questionIds).toEqual(["db", "features"]);
    const answer = { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" }, features: { kind: "selected_many", option_ids: ["audit"] } } };
    list[0] = { id: "other", question: "", header: "" };
    list.pop();
    expect(checkOutcome(set, answer)).toBeNull();
    expect(checkOutcome(list, answer)?.code).toBe("empty_question");
  });

  it("never throws", () => {
    expect(validatedQuestions(trapProxy())).toEqual({ ok: false, error: { code: "malformed_response", message: "invalid AskUserQuestion questions: must be an array" } });
    expect(validatedQuestions([trapProxy()])).toEqual({ ok: false, error: { code: "malformed_response", message: "invalid AskUserQuestion questions: could not be examined" } });
  });
});

describe("checkOutcome with a validated set", () => {
  it("gives exactly the verdict of the list it was made from (property)", () => {
    fc.assert(
      fc.property(questionsAndOutcome, ([list, outcome]) => {
        expect(checkOutcome(setOf(list), outcome)).toEqual(checkOutcome(list, outcome));
      }),
      { numRuns: 1000 },
    );
  });

  it("reads nothing of the question list again", () => {
    const reads = { count: 0 };
    const list = counted(structuredClone(questions), reads);
    const set = setOf(list);
    const afterValidation = reads.count;
    expect(afterValidation).toBeGreaterThan(0);
    const outcome = { outcome: "answered", answers: { db: { kind: "text", text: "MariaDB" }, features: { kind: "selected_many", option_ids: ["search", "search"] } }, annotations: { db: "managed" } };
    expect(checkOutcome(set, outcome)).toEqual({ code: "duplicate_id", message: "option `search` selected twice for question `features`" });
    expect(reads.count).toBe(afterValidation);
    // The list itself is read again, as spec 4.3 step 1 says.
    expect(checkOutcome(list, outcome)).toEqual(checkOutcome(set, outcome));
    expect(reads.count).toBeGreaterThan(afterValidation);
  });

  it("is told apart from a look-alike, which is judged as a list", () => {
    const lookAlike = { questionIds: ["db", "features"] };
    expect(checkOutcome(lookAlike, { outcome: "clarify" })?.code).toBe("malformed_response");
  });

  it("cannot be forged: an object on its prototype, or made by its class, holds no questions", () => {
    const set = setOf(questions);
    const forged: unknown = Object.create(Object.getPrototypeOf(set));
    expect(checkOutcome(forged, { outcome: "clarify" })?.code).toBe("malformed_response");
    expect(Object.getOwnPropertyNames(set.constructor).filter((name) => !["length", "name", "prototype"].includes(name))).toEqual([]);
    expect(checkOutcome(Reflect.construct(Object.getPrototypeOf(set).constructor, []), { outcome: "clarify" })?.code).toBe("malformed_response");
  });

  it("never throws on an outcome that fights back", () => {
    const set = setOf(questions);
    fc.assert(
      fc.property(fc.oneof(hostile, fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true })), (outcome) => {
        const verdict = checkOutcome(set, outcome);
        if (verdict !== null) expect(verdict).toEqual({ code: expect.any(String), message: expect.any(String) });
      }),
      { numRuns: 300 },
    );
  });
});

/** What the request rules count of a list as they read it: the units of its texts, and its options. */
function tallyOf(list: readonly AskUserQuestionSpec[]): ListTally {
  const options = list.flatMap((question) => question.options ?? []);
  const texts = [...list.flatMap((question) => [question.id, question.question, question.header]), ...options.flatMap((option) => [option.id, option.label, option.description ?? "", option.preview ?? ""])];
  return { units: texts.reduce((units, text) => units + text.length, 0), options: options.length };
}

describe("the request-size rule's quick bound", () => {
  it("decides exactly as the exact length, at and around every length (property)", () => {
    const question = fc.record(
      {
        id: anyText(6),
        question: fc.string({ unit: "binary", maxLength: 40 }),
        header: anyText(4),
        multi_select: fc.boolean(),
        options: fc.array(fc.record({ id: anyText(4), label: fc.string({ unit: "binary", maxLength: 12 }), description: anyText(12), preview: fc.oneof(fc.string({ unit: "binary", maxLength: 20 }), fc.constant(null)) }, { requiredKeys: ["id", "label"] }), { maxLength: 4 }),
      },
      { requiredKeys: ["id", "question", "header"] },
    );
    fc.assert(
      fc.property(fc.array(question, { maxLength: 4 }), fc.integer({ min: -3, max: 3 }), (list, offset) => {
        const limit = questionsJsonLength(list) + offset;
        expect(questionsExceedBytes(list, tallyOf(list), limit)).toBe(questionsJsonLength(list) > limit);
      }),
      { numRuns: 500 },
    );
  });
});
