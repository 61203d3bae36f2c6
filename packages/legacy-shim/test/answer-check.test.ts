import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AskUserQuestionRequest, AskUserValidationCode } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkOutcome, jsonSnapshot, validateType } from "@app-server-protocol/validators";
import { canonicalQuestions, checkAnswer, outcomeFromResponse, type AnswerCheck } from "@app-server-protocol/legacy-shim";
import { anyValue } from "./support/hostile.js";

// checkAnswer is spec 4.9 step 3 in one call: no payload, decode, request id,
// normalization, outcome rules, in that order, with the verdicts of the
// three calls it replaces.

const legacy: AskUserQuestionRequest = { request_id: "ask-1", question: "Which database?", options: ["PostgreSQL", "SQLite"] };
const canonical: AskUserQuestionRequest = {
  request_id: "ask-2",
  questions: [
    { id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }], allow_free_text: false, allow_annotation: true },
    { id: "name", question: "Service name?", header: "" },
  ],
};
const CANCELLED = { outcome: "cancelled", reason: "client_closed" };

const codeOf = (check: AnswerCheck) => (check.ok ? null : check.error.code);

/** Whether `data` is no payload: absent, or written as JSON `null` (`null`, NaN, Infinity). */
function isNoPayload(data: unknown): boolean {
  if (data === undefined) return true;
  const read = jsonSnapshot(data);
  return read.ok && read.value === null;
}

/** The three calls checkAnswer replaces, chained as a host chained them. */
function threeCalls(request: AskUserQuestionRequest, data: unknown): AnswerCheck {
  if (isNoPayload(data)) return { ok: true, outcome: { outcome: "cancelled", reason: "client_closed" } };
  const read = outcomeFromResponse(request, data);
  if (!read.ok) return read;
  const error = checkOutcome(canonicalQuestions(request), read.outcome);
  return error === null ? read : { ok: false, error };
}

describe("checkAnswer (spec 4.9 step 3)", () => {
  it("reads absent and null data as no payload: cancelled by the client, with no other check", () => {
    for (const data of [undefined, null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkAnswer(legacy, data)).toStrictEqual({ ok: true, outcome: CANCELLED });
      expect(checkAnswer({ request_id: "bad", questions: [] }, data)).toStrictEqual({ ok: true, outcome: CANCELLED });
    }
  });

  it("returns a valid outcome as the client sent it, unknown fields and all", () => {
    const outcome = { outcome: "answered", answers: { db: { kind: "selected", option_id: "pg" }, name: { kind: "text", text: "billing" } }, annotations: { db: "managed" }, client: 1 };
    expect(checkAnswer(canonical, { request_id: "ask-2", outcome })).toStrictEqual({ ok: true, outcome });
  });

  it("normalizes a legacy answer against the request's canonical questions", () => {
    expect(checkAnswer(legacy, { request_id: "ask-1", answer: "SQLite" })).toStrictEqual({ ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } });
    expect(checkAnswer(legacy, { request_id: "ask-1", answer: "MariaDB" })).toStrictEqual({ ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "text", text: "MariaDB" } } } });
    expect(checkAnswer(legacy, { request_id: "ask-1" })).toStrictEqual({ ok: true, outcome: CANCELLED });
    expect(codeOf(checkAnswer(canonical, { request_id: "ask-2", answer: "PostgreSQL" }))).toBe("missing_answer");
  });

  it("reports the first error in the spec's order: decoding, then the request id, then the outcome rules", () => {
    const steps: [unknown, AskUserValidationCode][] = [
      [{ request_id: "ask-9", answer: 2 }, "malformed_response"],
      [{ request_id: "ask-9", outcome: { outcome: "answered", answers: {} } }, "request_id_mismatch"],
      [{ request_id: "ask-2", outcome: { outcome: "answered", answers: {} } }, "missing_answer"],
      [{ request_id: "ask-2", outcome: { outcome: "answered", answers: { db: { kind: "text", text: "x" }, name: { kind: "text", text: "y" } } } }, "free_text_disabled"],
    ];
    for (const [data, code] of steps) expect(codeOf(checkAnswer(canonical, data)), JSON.stringify(data)).toBe(code);
  });

  it("re-validates the request's questions before an outcome, as spec 4.3 does", () => {
    expect(checkAnswer({ request_id: "ask-3", questions: [{ id: " ", question: "Q?", header: "" }] }, { request_id: "ask-3", outcome: { outcome: "clarify" } })).toStrictEqual({
      ok: false,
      error: { code: "empty_id", message: "question id must not be empty" },
    });
    expect(codeOf(checkAnswer({ request_id: "ask-4" }, { request_id: "ask-4", outcome: { outcome: "rejected" } }))).toBe("empty_question");
  });

  it("gives the error texts of the calls it replaces", () => {
    expect(checkAnswer(legacy, { request_id: "ask-9", answer: "x" })).toStrictEqual({ ok: false, error: { code: "request_id_mismatch", message: "response request id `ask-9` does not match `ask-1`" } });
    expect(checkAnswer(legacy, 5)).toStrictEqual({ ok: false, error: { code: "malformed_response", message: "invalid AskUserQuestion response: must be an object" } });
  });
});

interface ResponseCase {
  readonly name: string;
  readonly request: unknown;
  readonly data?: unknown;
  readonly outcome?: unknown;
  readonly error: string | null;
}

function isResponseCase(value: unknown): value is ResponseCase {
  return typeof value === "object" && value !== null && "name" in value && typeof value.name === "string" && "request" in value && "error" in value;
}

/** The `response` cases of the conformance package's legacy vectors. */
function responseCases(): ResponseCase[] {
  const file = join(import.meta.dirname, "../../conformance/vectors/legacy/responses.json");
  const document: unknown = JSON.parse(readFileSync(file, "utf8"));
  const cases: unknown[] = typeof document === "object" && document !== null && "cases" in document && Array.isArray(document.cases) ? document.cases : [];
  return cases.filter(isResponseCase);
}

describe("checkAnswer against the conformance vectors of responses", () => {
  const cases = responseCases();

  it("has cases", () => {
    expect(cases.length).toBeGreaterThan(10);
  });

  it.each(cases.map((entry) => [entry.name, entry] as const))("%s", (_name, entry) => {
    const request = validateType("AskUserQuestionRequest", entry.request);
    if (!request.ok) throw new Error("the vector's request is not a request");
    const check = checkAnswer(request.value, entry.data);
    expect(codeOf(check)).toBe(entry.error);
    if (check.ok) expect(check.outcome).toStrictEqual(entry.outcome);
  });
});

describe("checkAnswer, property-based", () => {
  const ids = ["q1", "q2", "question-1", " ", "x"];
  const optionIds = ["a", "b", "option-1", "option-2"];
  const labels = ["A", "B", "PostgreSQL", ""];
  const option = fc.record({ id: fc.constantFrom(...optionIds), label: fc.constantFrom(...labels) });
  const question = fc.record(
    { id: fc.constantFrom(...ids), question: fc.constantFrom("Q?", ""), header: fc.constantFrom("", "A header too long"), multi_select: fc.boolean(), options: fc.array(option, { maxLength: 5 }), allow_free_text: fc.boolean(), allow_annotation: fc.boolean() },
    { requiredKeys: ["id", "question", "header"] },
  );
  const request: fc.Arbitrary<AskUserQuestionRequest> = fc.oneof(
    fc.record({ request_id: fc.constantFrom("ask-1", "ask-2"), question: fc.constantFrom("Which?", " "), options: fc.array(fc.constantFrom(...labels), { maxLength: 5 }) }, { requiredKeys: ["request_id"] }),
    fc.record({ request_id: fc.constantFrom("ask-1", "ask-2"), questions: fc.array(question, { maxLength: 5 }) }),
  );
  const answer = fc.oneof(
    fc.record({ kind: fc.constant("text"), text: fc.constantFrom("text", " ", "A") }),
    fc.record({ kind: fc.constant("selected"), option_id: fc.constantFrom(...optionIds) }),
    fc.record({ kind: fc.constant("selected_many"), option_ids: fc.array(fc.constantFrom(...optionIds), { maxLength: 3 }) }),
    fc.record({ kind: fc.constant("maybe") }),
  );
  const outcome = fc.oneof(
    fc.constantFrom({ outcome: "rejected" }, { outcome: "clarify" }, { outcome: "finish_plan_interview" }, { outcome: "cancelled", reason: "timeout" }, { outcome: "cancelled" }),
    fc.record({ outcome: fc.constant("answered"), answers: fc.dictionary(fc.constantFrom(...ids), answer, { maxKeys: 4 }), annotations: fc.dictionary(fc.constantFrom(...ids), fc.string(), { maxKeys: 2 }) }, { requiredKeys: ["outcome", "answers"] }),
  );
  const data = fc.oneof(
    fc.constantFrom(undefined, null),
    fc.record({ request_id: fc.constantFrom("ask-1", "ask-2"), outcome: fc.option(outcome), answer: fc.option(fc.oneof(fc.constantFrom(...labels, ...optionIds), fc.string())) }, { requiredKeys: ["request_id"] }),
    anyValue,
  );

  it("gives the verdict of outcomeFromResponse, then checkOutcome on canonicalQuestions", () => {
    fc.assert(
      fc.property(request, data, (sent, answered) => {
        expect(checkAnswer(sent, answered)).toStrictEqual(threeCalls(sent, answered));
      }),
      { numRuns: 2000 },
    );
  });

  it("accepts only outcomes that pass checkOutcome against the request's canonical questions", () => {
    fc.assert(
      fc.property(request, data, (sent, answered) => {
        const check = checkAnswer(sent, answered);
        // No payload is cancelled without the rules (spec 4.9 step 6), whatever the questions; every other outcome passed them.
        if (check.ok && !isNoPayload(answered)) expect(checkOutcome(canonicalQuestions(sent), check.outcome)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
