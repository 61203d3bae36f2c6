import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, checkQuestions, decodedOutcome, decodedQuestionList, questionsJsonLength, validateType } from "@app-server-protocol/validators";
import * as everything from "@app-server-protocol/validators/all";
import { answeredCase, validQuestions } from "./support/arbitraries.js";
import { hostile } from "./support/hostile.js";

// The decoded forms (spec 2.4): what the reference holds after serde has
// read a question list or an outcome, every default filled in and unknown
// fields dropped.

const sparse: AskUserQuestionSpec = { id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }] };

function decodedValue<T>(result: { readonly ok: true; readonly value: T } | { readonly ok: false }): T {
  if (!result.ok) throw new Error("expected a decoded value");
  return result.value;
}

describe("decodedQuestionList", () => {
  it("fills in every default of spec 2.4", () => {
    expect(decodedQuestionList([sparse, { id: "why", question: "Why?", header: "" }])).toStrictEqual({
      ok: true,
      value: [
        { id: "db", question: "Which database?", header: "DB", multi_select: false, options: [{ id: "pg", label: "PostgreSQL", description: "", preview: null }], allow_free_text: true, allow_annotation: false },
        { id: "why", question: "Why?", header: "", multi_select: false, options: [], allow_free_text: true, allow_annotation: false },
      ],
    });
  });

  it("keeps the values given, and drops unknown fields at every level", () => {
    const given = { id: "q", question: "Q?", header: "H", multi_select: true, options: [{ id: "a", label: "A", description: "d", preview: "p", rank: 1 }], allow_free_text: false, allow_annotation: true, extra: { deep: 1 } };
    expect(decodedValue(decodedQuestionList([given]))).toStrictEqual([
      { id: "q", question: "Q?", header: "H", multi_select: true, options: [{ id: "a", label: "A", description: "d", preview: "p" }], allow_free_text: false, allow_annotation: true },
    ]);
  });

  it("refuses a null where a default applies, as the reference's decoder does (spec 4.12)", () => {
    for (const field of ["multi_select", "allow_free_text", "allow_annotation", "options"]) {
      expect(decodedQuestionList([{ ...sparse, [field]: null }]), field).toMatchObject({ ok: false, error: { code: "malformed_response" } });
    }
    expect(decodedQuestionList([{ ...sparse, options: [{ id: "pg", label: "PostgreSQL", description: null }] }]).ok).toBe(false);
  });

  it("reports what is not a question list as checkQuestions does", () => {
    for (const value of ["x", [{ id: "q" }], null, {}]) {
      expect(decodedQuestionList(value)).toStrictEqual({ ok: false, error: checkQuestions(value) });
    }
  });

  it("does not apply the request rules", () => {
    expect(decodedQuestionList([]).ok).toBe(true);
    expect(decodedQuestionList([{ id: " ", question: "", header: "far too long a header" }]).ok).toBe(true);
  });

  it("is exported by both entry points", () => {
    expect(everything.decodedQuestionList).toBe(decodedQuestionList);
    expect(everything.decodedOutcome).toBe(decodedOutcome);
  });
});

describe("decodedOutcome", () => {
  it("fills in an answered outcome's annotations and drops unknown fields at every level", () => {
    const outcome = { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg", why: "x" }, f: { kind: "selected_many", option_ids: ["a"], n: 1 }, t: { kind: "text", text: "hi", lang: "en" } }, when: "now" };
    expect(decodedOutcome(outcome)).toStrictEqual({
      ok: true,
      value: { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" }, f: { kind: "selected_many", option_ids: ["a"] }, t: { kind: "text", text: "hi" } }, annotations: {} },
    });
  });

  it("keeps annotations, the cancellation reason, and the special outcomes bare", () => {
    expect(decodedValue(decodedOutcome({ outcome: "answered", answers: {}, annotations: { q: "note" } }))).toStrictEqual({ outcome: "answered", answers: {}, annotations: { q: "note" } });
    expect(decodedValue(decodedOutcome({ outcome: "cancelled", reason: "timeout", extra: 1 }))).toStrictEqual({ outcome: "cancelled", reason: "timeout" });
    for (const special of ["rejected", "clarify", "finish_plan_interview"]) {
      expect(decodedValue(decodedOutcome({ outcome: special, answers: {} }))).toStrictEqual({ outcome: special });
    }
  });

  it("keeps a `__proto__` question id as an ordinary key", () => {
    const outcome: unknown = JSON.parse('{"outcome":"answered","answers":{"__proto__":{"kind":"text","text":"t"}},"annotations":{"__proto__":"n"}}');
    const value = decodedValue(decodedOutcome(outcome));
    expect(value.outcome === "answered" && Object.hasOwn(value.answers, "__proto__") && Object.getPrototypeOf(value.answers) === Object.prototype).toBe(true);
    expect(value.outcome === "answered" && Object.getOwnPropertyDescriptor(value.annotations, "__proto__")?.value).toBe("n");
  });

  it("reports what is not an outcome as checkOutcome does", () => {
    for (const value of [{ outcome: "maybe" }, { outcome: "answered" }, 5]) {
      expect(decodedOutcome(value)).toStrictEqual({ ok: false, error: checkOutcome([sparse], value) });
    }
  });
});

describe("the decoded forms, property-based", () => {
  it("decode valid questions into complete questions the rules judge the same, with the same size", () => {
    fc.assert(
      fc.property(validQuestions, (questions) => {
        const decoded = decodedValue(decodedQuestionList(questions));
        expect(checkQuestions(decoded)).toBe(checkQuestions(questions));
        expect(questionsJsonLength(decoded)).toBe(questionsJsonLength(questions));
        expect(decodedQuestionList(decoded)).toStrictEqual({ ok: true, value: decoded });
        for (const question of decoded) expect(Object.keys(question)).toEqual(["id", "question", "header", "multi_select", "options", "allow_free_text", "allow_annotation"]);
        expect(validateType("AskUserQuestionList", decoded, { strict: true }).ok).toBe(true);
      }),
    );
  });

  it("decode valid outcomes into outcomes the rules judge the same", () => {
    fc.assert(
      fc.property(answeredCase, ({ questions, outcome }) => {
        const decoded = decodedValue(decodedOutcome(outcome));
        expect(checkOutcome(questions, decoded)).toBe(checkOutcome(questions, outcome));
        expect(decodedOutcome(decoded)).toStrictEqual({ ok: true, value: decoded });
        expect(validateType("AskUserResponseOutcome", decoded, { strict: true }).ok).toBe(true);
      }),
    );
  });

  it("never throw, and refuse what the schema refuses", () => {
    const anything = fc.oneof(fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true }), hostile);
    fc.assert(
      fc.property(anything, (value) => {
        expect(decodedQuestionList(value).ok).toBe(validateType("AskUserQuestionList", value).ok);
        expect(decodedOutcome(value).ok).toBe(validateType("AskUserResponseOutcome", value).ok);
      }),
      { numRuns: 500 },
    );
  });
});
