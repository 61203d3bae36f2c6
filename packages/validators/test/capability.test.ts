import type { AskUserQuestionSpec, InteractiveQuestionsCapability } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INTERACTIVE_QUESTION_FLAGS, canCompleteQuestions, isCompleteCapability, supportsAnyQuestionKind } from "@app-server-protocol/validators";
import { validQuestions } from "./support/arbitraries.js";

const full: InteractiveQuestionsCapability = { single_select: true, multi_select: true, free_text: true, previews: true, annotations: true, special_outcomes: true };
const optionOnly: InteractiveQuestionsCapability = { single_select: true };
const pick: AskUserQuestionSpec = { id: "db", question: "Which?", header: "", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false };

describe("isCompleteCapability (spec 4.6)", () => {
  it("needs all six flags", () => {
    expect(isCompleteCapability(full)).toEqual({ ok: true });
    for (const flag of INTERACTIVE_QUESTION_FLAGS) {
      expect(isCompleteCapability({ ...full, [flag]: false })).toEqual({ ok: false, reason: `interactive_questions lacks ${flag}` });
    }
  });

  it("treats absent and null as off", () => {
    expect(isCompleteCapability(undefined).ok).toBe(false);
    expect(isCompleteCapability(null)).toEqual({ ok: false, reason: "interactive_questions is not declared" });
    expect(isCompleteCapability({})).toEqual({ ok: false, reason: `interactive_questions lacks ${INTERACTIVE_QUESTION_FLAGS.join(", ")}` });
  });
});

describe("supportsAnyQuestionKind (spec 4.6)", () => {
  it.each([
    [{ single_select: true }, true],
    [{ multi_select: true }, true],
    [{ free_text: true }, true],
    [{ previews: true, annotations: true, special_outcomes: true }, false],
    [{}, false],
    [null, false],
  ])("%j -> %s", (capability, expected) => {
    const verdict = supportsAnyQuestionKind(capability);
    expect(verdict.ok).toBe(expected);
    if (!verdict.ok) expect(verdict.reason).toMatch(/interactive_questions/);
  });
});

describe("canCompleteQuestions (spec 4.6)", () => {
  it("lets the option-only capability complete only option-only single-select questions", () => {
    expect(canCompleteQuestions(optionOnly, [pick])).toEqual({ ok: true });
    const { allow_free_text: _explicit, ...freeTextByDefault } = pick;
    expect(canCompleteQuestions(optionOnly, [freeTextByDefault])).toEqual({
      ok: false,
      reason: 'question 1 ("db") allows free text, which needs free_text',
    });
  });

  it.each([
    ["multi-select", { multi_select: true }, "multi_select"],
    ["no options", { options: [] }, "free_text"],
    ["free text allowed", { allow_free_text: true }, "free_text"],
    ["annotation allowed", { allow_annotation: true }, "annotations"],
    ["a preview", { options: [{ id: "pg", label: "PostgreSQL", preview: "x" }] }, "previews"],
  ])("a question with %s needs %s", (_name, change, flag) => {
    const verdict = canCompleteQuestions(optionOnly, [{ ...pick, ...change }]);
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.reason).toContain(`needs ${flag}`);
    expect(canCompleteQuestions({ ...optionOnly, [flag]: true }, [{ ...pick, ...change }]).ok).toBe(true);
  });

  it("needs single_select for a single-select question, even with free text", () => {
    expect(canCompleteQuestions({ free_text: true }, [{ ...pick, allow_free_text: true }]).ok).toBe(false);
  });

  it("ignores a null preview and names the first question that cannot be completed", () => {
    expect(canCompleteQuestions(optionOnly, [{ ...pick, options: [{ id: "a", label: "A", preview: null }] }]).ok).toBe(true);
    const verdict = canCompleteQuestions(optionOnly, [pick, { ...pick, id: "second", multi_select: true }]);
    expect(verdict.ok ? "" : verdict.reason).toMatch(/^question 2 \("second"\) is multi-select/);
  });

  it("lets the full capability complete every valid question list", () => {
    fc.assert(fc.property(validQuestions, (questions) => canCompleteQuestions(full, questions).ok));
  });

  it("never lets an absent capability complete anything", () => {
    fc.assert(fc.property(validQuestions, (questions) => !canCompleteQuestions(null, questions).ok));
  });
});
