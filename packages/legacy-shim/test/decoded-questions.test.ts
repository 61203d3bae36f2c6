import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkQuestions, decodedQuestionList, isAskUserQuestionRequest, jsonSnapshot } from "@app-server-protocol/validators";
import { canonicalQuestions, decodedQuestions } from "@app-server-protocol/legacy-shim";
import { anyValue } from "./support/hostile.js";

// decodedQuestions: a request's questions as the reference holds them after
// decoding, legacy requests normalized first (spec 2.4, 4.5).

describe("decodedQuestions", () => {
  it("normalizes a legacy request, then fills in every default", () => {
    expect(decodedQuestions({ request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] })).toStrictEqual({
      ok: true,
      value: [
        {
          id: "question-1",
          question: "Which database?",
          header: "Question",
          multi_select: false,
          options: [
            { id: "option-1", label: "PostgreSQL", description: "", preview: null },
            { id: "option-2", label: "SQLite", description: "", preview: null },
          ],
          allow_free_text: true,
          allow_annotation: false,
        },
      ],
    });
  });

  it("fills in the defaults of canonical questions and drops unknown fields, ignoring the legacy fields", () => {
    const request = { request_id: "ask-2", question: "stale", options: ["stale"], questions: [{ id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A", preview: null, x: 1 }], y: 2 }] };
    expect(decodedQuestions(request)).toStrictEqual({
      ok: true,
      value: [{ id: "q", question: "Q?", header: "", multi_select: false, options: [{ id: "a", label: "A", description: "", preview: null }], allow_free_text: true, allow_annotation: false }],
    });
  });

  it("refuses a value that does not decode as a request, saying where", () => {
    expect(decodedQuestions(null)).toStrictEqual({ ok: false, error: { code: "malformed_response", message: "invalid AskUserQuestion request: must be an object" } });
    expect(decodedQuestions({ request_id: "a", questions: [{ id: "q", question: "Q?" }] })).toStrictEqual({
      ok: false,
      error: { code: "malformed_response", message: "invalid AskUserQuestion request: /questions/0/header: missing required field" },
    });
    expect(decodedQuestions({ request_id: "a", question: "Q?", options: "A" }).ok).toBe(false);
  });

  it("leaves the request rules to checkQuestions", () => {
    const decoded = decodedQuestions({ request_id: "a" });
    expect(decoded.ok && checkQuestions(decoded.value)?.code).toBe("empty_question");
  });
});

describe("decodedQuestions, property-based", () => {
  const legacyRequest: fc.Arbitrary<AskUserQuestionRequest> = fc.record(
    { request_id: fc.string(), question: fc.string(), options: fc.array(fc.string(), { maxLength: 5 }) },
    { requiredKeys: ["request_id"] },
  );

  it("is canonicalQuestions, decoded", () => {
    fc.assert(
      fc.property(legacyRequest, (request) => {
        expect(decodedQuestions(request)).toStrictEqual(decodedQuestionList(canonicalQuestions(request)));
      }),
    );
  });

  it("gives questions the request rules judge as they judge canonicalQuestions", () => {
    fc.assert(
      fc.property(legacyRequest, (request) => {
        const decoded = decodedQuestions(request);
        expect(decoded.ok && checkQuestions(decoded.value)).toStrictEqual(checkQuestions(canonicalQuestions(request)));
      }),
    );
  });

  it("never throws, and decodes exactly the values whose snapshot is a request", () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const read = jsonSnapshot(value);
        expect(decodedQuestions(value).ok).toBe(read.ok && isAskUserQuestionRequest(read.value));
      }),
      { numRuns: 500 },
    );
  });
});
