import type { AskUserValidationCode } from "@app-server-protocol/types";
import { checkQuestions } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codesReportedBy } from "./codes.js";
import { casesOf, suiteFiles } from "./vectors.js";

// The TypeScript runner of the question-list vectors: checkQuestions must
// report each case's code, or none.

const files = suiteFiles("questions");
const allCases = files.flatMap(({ document }) => casesOf(document));

function verdict(questions: unknown): AskUserValidationCode | null {
  return checkQuestions(questions)?.code ?? null;
}

describe.each(files.map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    expect(verdict(entry.questions)).toBe(entry.error);
  });
});

describe("questions suite", () => {
  const reported = new Set(allCases.map((entry) => entry.error));

  it("has a case for every code the request rules report", () => {
    expect(codesReportedBy("request").filter((code) => !reported.has(code))).toEqual([]);
  });

  it("expects no code the request rules cannot report", () => {
    const possible = new Set<unknown>([null, ...codesReportedBy("request")]);
    expect([...reported].filter((code) => !possible.has(code))).toEqual([]);
  });

  it("has valid cases, so a validator refusing everything fails", () => {
    expect(allCases.filter((entry) => entry.error === null).length).toBeGreaterThan(0);
  });
});

const KNOWN_FIELDS = new Set(["id", "question", "header", "multi_select", "options", "allow_free_text", "allow_annotation", "label", "description", "preview"]);
const unknownField = fc.stringMatching(/^[a-z][a-z_]{0,11}$/).filter((key) => !KNOWN_FIELDS.has(key));

/** Adds `key: value` to every question and option object of a list. */
function withUnknownField(questions: unknown, key: string, value: unknown): unknown {
  if (!Array.isArray(questions)) return questions;
  return questions.map((question: unknown) => {
    if (typeof question !== "object" || question === null) return question;
    const copy: { [field: string]: unknown } = { ...structuredClone(question), [key]: value };
    if (Array.isArray(copy.options)) {
      copy.options = copy.options.map((option: unknown) => (typeof option === "object" && option !== null ? { ...option, [key]: value } : option));
    }
    return copy;
  });
}

describe("questions suite, property-based", () => {
  it("gives every case the same result when unknown fields are added (spec 1.2: ignored, and never counted in the request size)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...allCases), unknownField, fc.jsonValue({ maxDepth: 2 }), (entry, key, value) => {
        expect(verdict(withUnknownField(entry.questions, key, value))).toBe(entry.error);
      }),
      { numRuns: 200 },
    );
  });
});
