import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, checkQuestions, validateType } from "@app-server-protocol/validators";
import { canonicalQuestions, emittedRequest, legacyFields, outcomeFromLegacyAnswer, outcomeFromResponse, questionsFromToolInput } from "@app-server-protocol/legacy-shim";

const solid = fc.tuple(fc.constantFrom("a", "Z", "é", "日", "😀"), fc.string({ unit: "grapheme", maxLength: 20 })).map(([head, tail]) => head + tail);
const blank = fc.array(fc.constantFrom(" ", "\t", "\n", "\u3000", "\u0085"), { minLength: 0, maxLength: 4 }).map((chars) => chars.join(""));
const labels = fc.uniqueArray(solid, { maxLength: 4 });
const legacyRequest = fc.record({ request_id: fc.uuid(), question: solid, options: labels });
const anything = fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withSparseArray: true });

describe("legacy shim, property-based", () => {
  it("turns every valid legacy request into questions that pass the request rules", () => {
    fc.assert(fc.property(legacyRequest, (request) => checkQuestions(canonicalQuestions(request)) === null));
  });

  it("maps each broken legacy request to the code of the rule it breaks", () => {
    fc.assert(
      fc.property(legacyRequest, blank, (request, spaces) => {
        expect(checkQuestions(canonicalQuestions({ ...request, question: spaces }))?.code).toBe("empty_question");
      }),
    );
    fc.assert(
      fc.property(legacyRequest, fc.array(solid, { minLength: 5, maxLength: 8 }), (request, many) => {
        expect(checkQuestions(canonicalQuestions({ ...request, options: many }))?.code).toBe("option_count");
      }),
    );
    fc.assert(
      fc.property(legacyRequest.filter((r) => r.options.length > 0 && r.options.length < 4), (request) => {
        expect(checkQuestions(canonicalQuestions({ ...request, options: [...request.options, request.options[0] ?? ""] }))?.code).toBe("duplicate_label");
      }),
    );
  });

  it("emits every request as a valid request, in a form emitting again leaves unchanged", () => {
    const option = fc.record({ id: solid, label: solid, description: fc.string(), preview: fc.option(fc.string(), { nil: null }) }, { requiredKeys: ["id", "label"] });
    const question = fc.record(
      { id: solid, question: solid, header: fc.string({ maxLength: 12 }), multi_select: fc.boolean(), options: fc.array(option, { maxLength: 4 }), allow_free_text: fc.boolean(), allow_annotation: fc.boolean() },
      { requiredKeys: ["id", "question", "header"] },
    );
    const request = fc.record(
      {
        session_id: fc.constantFrom("", "s1"),
        turn_id: fc.constantFrom(null, "t1"),
        tool_use_id: fc.constantFrom("", "toolu_1"),
        request_id: fc.uuid(),
        deadline: fc.constantFrom(null, "2026-08-05T12:05:00Z"),
        questions: fc.array(question, { maxLength: 4 }),
        question: solid,
        options: labels,
      },
      { requiredKeys: ["request_id"] },
    );
    fc.assert(
      fc.property(request, (input) => {
        const emitted = emittedRequest(input);
        expect(validateType("AskUserQuestionRequest", emitted).ok).toBe(true);
        expect(emittedRequest(emitted)).toEqual(emitted);
        for (const [field, value] of Object.entries(emitted)) expect([null, "", undefined], field).not.toContain(value);
      }),
    );
  });

  it("round-trips the legacy fields through the canonical form", () => {
    fc.assert(
      fc.property(legacyRequest, (request) => {
        expect(legacyFields(canonicalQuestions(request))).toEqual({ question: request.question, options: request.options });
      }),
    );
  });

  it("answers a legacy request by label or id with the right option, and anything else as text", () => {
    fc.assert(
      fc.property(legacyRequest.filter((r) => r.options.length > 0), fc.nat(), fc.boolean(), (request, pick, byId) => {
        const questions = canonicalQuestions(request);
        const index = pick % request.options.length;
        const answer = byId ? `option-${index + 1}` : (request.options[index] ?? "");
        const outcome = outcomeFromLegacyAnswer(questions, answer);
        const chosen = request.options.findIndex((label, position) => label === answer || `option-${position + 1}` === answer);
        expect(outcome).toEqual({ outcome: "answered", answers: { "question-1": { kind: "selected", option_id: `option-${chosen + 1}` } } });
        expect(checkOutcome(questions, outcome)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(legacyRequest, solid, (request, text) => {
        fc.pre(!request.options.includes(text) && !/^option-\d+$/.test(text));
        const questions = canonicalQuestions(request);
        const outcome = outcomeFromLegacyAnswer(questions, text);
        expect(outcome).toEqual({ outcome: "answered", answers: { "question-1": { kind: "text", text } } });
        expect(checkOutcome(questions, outcome)).toBeNull();
      }),
    );
  });

  it("allows free text for tool input only when there are no options", () => {
    fc.assert(
      fc.property(solid, labels, (question, options) => {
        const result = questionsFromToolInput({ question, options });
        expect(result.ok && result.questions[0]?.allow_free_text).toBe(options.length === 0);
      }),
    );
  });

  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(legacyRequest, anything, (request, data) => {
        expect(typeof outcomeFromResponse(request, data).ok).toBe("boolean");
        expect(typeof questionsFromToolInput(data).ok).toBe("boolean");
      }),
      { numRuns: 500 },
    );
  });
});
