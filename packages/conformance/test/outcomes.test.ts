import type { AskUserValidationCode } from "@app-server-protocol/types";
import { checkOutcome } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codesReportedBy } from "./codes.js";
import { casesOf, objectOf, suiteFiles } from "./vectors.js";

// The TypeScript runner of the outcome vectors: checkOutcome must report each
// case's code, or none. A case's `capability` is not passed: outcome
// validation takes none (spec 4.6, 9.5), which is what those cases pin.

const files = suiteFiles("outcomes");
const allCases = files.flatMap(({ document }) => casesOf(document));

function verdict(questions: unknown, outcome: unknown): AskUserValidationCode | null {
  return checkOutcome(questions, outcome)?.code ?? null;
}

describe.each(files.map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    expect(verdict(entry.questions, entry.outcome)).toBe(entry.error);
  });
});

describe("outcomes suite", () => {
  const reported = new Set(allCases.map((entry) => entry.error));

  it("has a case for every code outcome validation reports", () => {
    expect(codesReportedBy("outcome").filter((code) => !reported.has(code))).toEqual([]);
  });

  it("expects no code outcome validation cannot report", () => {
    const possible = new Set<unknown>([null, ...codesReportedBy("outcome")]);
    expect([...reported].filter((code) => !possible.has(code))).toEqual([]);
  });

  it("has a valid case of every outcome", () => {
    const valid = new Set(allCases.filter((entry) => entry.error === null).map((entry) => objectOf(entry.outcome).outcome));
    expect([...valid].sort()).toEqual(["answered", "cancelled", "clarify", "finish_plan_interview", "rejected"]);
  });
});

const KNOWN_FIELDS = new Set(["outcome", "answers", "annotations", "reason", "kind", "text", "option_id", "option_ids"]);
const unknownField = fc.stringMatching(/^[a-z][a-z_]{0,11}$/).filter((key) => !KNOWN_FIELDS.has(key));

/** Adds `key: value` to the outcome object and to each answer value, never to the answers map itself. */
function withUnknownField(outcome: unknown, key: string, value: unknown): unknown {
  const copy: { [field: string]: unknown } = { ...objectOf(structuredClone(outcome)), [key]: value };
  if (typeof copy.answers === "object" && copy.answers !== null) {
    copy.answers = Object.fromEntries(
      Object.entries(copy.answers).map(([id, answer]: [string, unknown]) => [id, typeof answer === "object" && answer !== null ? { ...answer, [key]: value } : answer]),
    );
  }
  return copy;
}

describe("outcomes suite, property-based", () => {
  it("gives every case the same result when unknown fields are added to the outcome and its answers (spec 1.2)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...allCases), unknownField, fc.jsonValue({ maxDepth: 2 }), (entry, key, value) => {
        expect(verdict(entry.questions, withUnknownField(entry.outcome, key, value))).toBe(entry.error);
      }),
      { numRuns: 200 },
    );
  });
});
