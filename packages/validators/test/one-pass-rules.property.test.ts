import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, checkQuestions, validateType, validatedQuestions } from "@app-server-protocol/validators";
import { exactly, isValidQuestionList } from "../src/ask-user/question-rules.js";
import { answeredCase, validQuestions } from "./support/arbitraries.js";
import { mutated, mutationOf } from "./support/mutations.js";
import { QUESTION_LISTS } from "./support/samples.js";

// The question rules read a list once, checking each field's type as they
// read it, and accept in that one pass; anything else goes to the structure
// check and then the rules. The one pass must never accept what that exact
// path refuses, and must know every field the schema types.

const RUNS = { numRuns: 300 };

const SCHEMA: unknown = JSON.parse(readFileSync(join(import.meta.dirname, "../../../schemas/protocol.schema.json"), "utf8"));

/** The names of the properties the published schema gives definition `name`. */
function schemaProperties(name: string): string[] {
  const definitions = typeof SCHEMA === "object" && SCHEMA !== null ? Reflect.get(SCHEMA, "$defs") : undefined;
  const definition = typeof definitions === "object" && definitions !== null ? Reflect.get(definitions, name) : undefined;
  const properties = typeof definition === "object" && definition !== null ? Reflect.get(definition, "properties") : undefined;
  return typeof properties === "object" && properties !== null ? Object.keys(properties) : [];
}

/** Values of every JSON type, each of which some field's schema refuses. */
const WRONG_TYPES: readonly unknown[] = [42, 1.5, "text", true, null, {}, [], ["text"], [{}]];

const QUESTION: AskUserQuestionSpec = {
  id: "db",
  question: "Which database?",
  header: "Database",
  multi_select: false,
  options: [{ id: "pg", label: "PostgreSQL", description: "The default", preview: "connect()" }],
  allow_free_text: true,
  allow_annotation: true,
};

/** The exact path's verdict: the structure check, then the rules. */
function exactVerdict(questions: unknown) {
  const checked = exactly(questions);
  return checked.ok ? null : checked.error;
}

const generatedSamples = fc.sample(validQuestions, { numRuns: 40, seed: 7 });

describe("the question rules' one pass", () => {
  it("accepts every valid list by itself, with no second look (property)", () => {
    fc.assert(
      fc.property(validQuestions, (questions) => {
        expect(isValidQuestionList(questions)).toBe(true);
      }),
      RUNS,
    );
  });

  it("accepts only what the structure check and then the rules accept, and the API gives the exact path's verdict (property)", () => {
    const anyList = fc.oneof(
      validQuestions,
      mutationOf([...QUESTION_LISTS, ...generatedSamples], ["id", "question", "header", "options", "label", "description", "preview", "multi_select", "allow_free_text", "allow_annotation"]),
      fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 5 }),
      fc.anything(),
    );
    fc.assert(
      fc.property(anyList, (questions) => {
        if (isValidQuestionList(questions)) {
          expect(validateType("AskUserQuestionList", questions).ok).toBe(true);
          expect(exactVerdict(questions)).toBeNull();
        }
        expect(checkQuestions(questions)).toEqual(exactVerdict(questions));
        const set = validatedQuestions(questions);
        expect(set.ok ? null : set.error).toEqual(exactVerdict(questions));
      }),
      { numRuns: 1000 },
    );
  });

  it("judges an answer's questions by their structure first: a field of a wrong type is malformed_response, however valid the answer (property)", () => {
    const fields = schemaProperties("AskUserQuestionSpec");
    fc.assert(
      fc.property(answeredCase, fc.constantFrom(...fields), fc.constantFrom(...WRONG_TYPES), fc.nat(), (answered, field, wrong, at) => {
        const { questions, outcome } = answered;
        const broken = mutated(questions, [at % questions.length, field], wrong);
        fc.pre(!validateType("AskUserQuestionList", broken).ok);
        expect(checkOutcome(questions, outcome)).toBeNull();
        expect(checkOutcome(broken, outcome)?.code).toBe("malformed_response");
      }),
      RUNS,
    );
  });

  for (const [definition, pathTo] of [
    ["AskUserQuestionSpec", (field: string) => [0, field]],
    ["AskUserOption", (field: string) => [0, "options", 0, field]],
  ] as const) {
    it(`checks the type of every field of ${definition} the schema defines`, () => {
      const fields = schemaProperties(definition);
      expect(fields.length).toBeGreaterThan(2);
      for (const field of fields) {
        const refused = WRONG_TYPES.map((wrong) => mutated([QUESTION], pathTo(field), wrong)).filter((list) => !validateType("AskUserQuestionList", list).ok);
        // Every field takes some of these values and refuses others.
        expect(refused.length, field).toBeGreaterThan(0);
        for (const list of refused) {
          expect(isValidQuestionList(list), `${field}: ${JSON.stringify(list)}`).toBe(false);
          expect(checkQuestions(list)?.code, field).toBe("malformed_response");
        }
      }
    });
  }
});
