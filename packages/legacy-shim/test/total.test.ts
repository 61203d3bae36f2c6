import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkQuestions } from "@app-server-protocol/validators";
import * as shim from "@app-server-protocol/legacy-shim";
import {
  canonicalQuestions,
  checkAnswer,
  decodedQuestions,
  emittedQuestion,
  emittedRequest,
  legacyFields,
  legacyOptionId,
  outcomeFromLegacyAnswer,
  outcomeFromResponse,
  questionsFromToolInput,
} from "@app-server-protocol/legacy-shim";
import { SHIM_CALLS, untyped } from "./support/calls.js";
import { anyValue, throwingProxy, withThrowingGetter } from "./support/hostile.js";

// Every function of the shim returns a value for any JavaScript value at all,
// and the value it returns for input outside its type is the one its
// documentation names. The typed signatures are what callers in TypeScript
// see; these tests call the functions as plain JavaScript would.

/** Test-table rows named by index: vitest formats each row, and a throwing proxy cannot be formatted. */
const rows = (values: readonly unknown[]) => values.map((value, index) => [`value ${index} (${typeof value})`, value] as const);

const EMPTY_LEGACY_QUESTION: AskUserQuestionSpec[] = [{ id: "question-1", question: "", header: "Question", multi_select: false, allow_free_text: true, allow_annotation: false }];
const NON_OBJECTS = [null, undefined, 0, "request", true, Symbol("s"), 10n, () => 1];
const UNREADABLE = [throwingProxy({}), throwingProxy([]), withThrowingGetter({ request_id: "ask-1" }, "questions")];

describe("canonicalQuestions", () => {
  it.each(rows([...NON_OBJECTS, ...UNREADABLE]))("reads %s, not a readable request, as `{}`", (_kind, value) => {
    expect(untyped(canonicalQuestions, value)).toStrictEqual(EMPTY_LEGACY_QUESTION);
    expect(canonicalQuestions({ request_id: "x" })).toStrictEqual(EMPTY_LEGACY_QUESTION);
  });

  it("counts `questions` and `options` that are not arrays as absent", () => {
    expect(untyped(canonicalQuestions, { questions: "abc", question: "Q?" })).toStrictEqual([{ ...EMPTY_LEGACY_QUESTION[0], question: "Q?" }]);
    expect(untyped(canonicalQuestions, { questions: null })).toStrictEqual(EMPTY_LEGACY_QUESTION);
    expect(untyped(canonicalQuestions, { question: "Q?", options: "ab" })).toStrictEqual([{ ...EMPTY_LEGACY_QUESTION[0], question: "Q?" }]);
  });

  it("takes values of other types as received, for checkQuestions to refuse", () => {
    const questions = untyped(canonicalQuestions, { question: 5, options: [1] });
    expect(questions).toMatchObject([{ question: 5, options: [{ id: "option-1", label: 1 }] }]);
    expect(checkQuestions(questions)?.code).toBe("malformed_response");
    const received = [{ id: 1 }];
    const read = untyped(canonicalQuestions, { questions: received });
    expect(read).toEqual(received);
    expect(read).not.toBe(received);
  });

  it("reads a request whose legacy labels cannot be read as `{}`", () => {
    const labels = Object.defineProperty(["A"], 0, { get: () => { throw new Error("trap"); } });
    expect(untyped(canonicalQuestions, { question: "Q?", options: labels })).toStrictEqual(EMPTY_LEGACY_QUESTION);
  });
});

describe("legacyFields", () => {
  it.each(rows([null, 5, "q", {}, [null], [5], [{ id: "q", question: "Q?", header: "", options: "A" }], [{ id: "q", question: "Q?", header: "", options: [null] }], throwingProxy([]), [throwingProxy({})]]))(
    "gives undefined for %s",
    (_name, value) => {
      expect(untyped(legacyFields, value)).toBeUndefined();
    },
  );

  it("copies the text and labels as received", () => {
    expect(untyped(legacyFields, [{ question: 5, options: [{ label: 7 }] }])).toEqual({ question: 5, options: [7] });
  });
});

describe("emittedQuestion and emittedRequest", () => {
  const JSON_NON_OBJECTS = [null, 0, "request", true];
  const NO_SNAPSHOT = [undefined, Symbol("s"), 10n, () => 1, ...UNREADABLE, withThrowingGetter({ id: "q", question: "Q?" }, "header")];

  it.each(rows(JSON_NON_OBJECTS))("return %s, which cannot be rewritten, as it is", (_kind, value) => {
    expect(untyped(emittedRequest, value)).toBe(value);
    expect(untyped(emittedQuestion, value)).toBe(value);
  });

  it.each(rows(NO_SNAPSHOT))("read %s, which has no JSON snapshot, as null", (_kind, value) => {
    expect(untyped(emittedRequest, value)).toBeNull();
    expect(untyped(emittedQuestion, value)).toBeNull();
  });

  it("return a question whose options are not a list of objects as it was read", () => {
    for (const options of ["A", [null], [5]]) {
      const question = { id: "q", question: "Q?", header: "", options };
      const emitted = untyped(emittedQuestion, question);
      expect(emitted).toEqual(question);
      expect(emitted).not.toBe(question);
    }
  });

  it("emit a request whose questions cannot be rewritten with those questions unchanged", () => {
    const odd = { id: "q", question: "Q?", header: "", options: "A" };
    expect(untyped(emittedRequest, { request_id: "a", questions: [odd] })).toStrictEqual({ request_id: "a", questions: [odd] });
  });
});

describe("outcomeFromLegacyAnswer", () => {
  const noAnswers = { outcome: "answered", answers: {} };

  it.each(rows([null, 5, "q", {}, [null], [5], [{ id: "q", options: "A" }], [{ id: "q", options: [null] }], throwingProxy([]), [throwingProxy({})]]))("answers nothing for questions %s", (_name, questions) => {
    expect(untyped(outcomeFromLegacyAnswer, questions, "A")).toStrictEqual(noAnswers);
  });

  it("reads an absent or null answer as cancelled, whatever the questions", () => {
    expect(untyped(outcomeFromLegacyAnswer, throwingProxy([]), null)).toStrictEqual({ outcome: "cancelled", reason: "client_closed" });
  });

  it("takes an answer that is not a string as received", () => {
    expect(untyped(outcomeFromLegacyAnswer, [{ id: "q", question: "Q?", header: "" }], 5)).toStrictEqual({ outcome: "answered", answers: { q: { kind: "text", text: 5 } } });
  });
});

describe("outcomeFromResponse", () => {
  it.each(rows([...NON_OBJECTS, throwingProxy({}), withThrowingGetter({}, "request_id"), { request_id: 5 }]))("finds that %s, without a readable request id, matches no response", (_kind, request) => {
    expect(untyped(outcomeFromResponse, request, { request_id: "ask-1", outcome: { outcome: "clarify" } })).toStrictEqual({
      ok: false,
      error: { code: "request_id_mismatch", message: "response request id `ask-1` does not match the request, which has no request id" },
    });
  });

  it("finds that a request which cannot be read has no request id", () => {
    const request = withThrowingGetter({ request_id: "ask-1" }, "questions");
    expect(untyped(outcomeFromResponse, request, { request_id: "ask-1", answer: "x" })).toMatchObject({ ok: false, error: { code: "request_id_mismatch" } });
  });

  it("refuses data that cannot be read, saying where", () => {
    expect(untyped(outcomeFromResponse, { request_id: "ask-1" }, { request_id: "ask-1", outcome: throwingProxy({}) })).toStrictEqual({
      ok: false,
      error: { code: "malformed_response", message: "invalid AskUserQuestion response: /outcome: could not be read (Error thrown)" },
    });
  });
});

describe("questionsFromToolInput", () => {
  it("keeps the reason of a failure of the whole questions value whole", () => {
    expect(questionsFromToolInput({ questions: 5 })).toEqual({ ok: false, error: "invalid AskUserQuestion input: `questions` must be an array" });
    expect(questionsFromToolInput({ questions: throwingProxy([]) })).toEqual({ ok: false, error: "invalid AskUserQuestion input: the input could not be read: /questions: could not be read (Error thrown)" });
  });
});

describe("legacyOptionId", () => {
  it("numbers from 1, and gives option-NaN for a value that is not a number", () => {
    expect(legacyOptionId(0)).toBe("option-1");
    for (const value of [Symbol("s"), "1", null, {}, throwingProxy({})]) expect(untyped(legacyOptionId, value)).toBe("option-NaN");
  });
});

describe("no export throws, whatever it is given (property)", () => {
  const calls = SHIM_CALLS;

  it("covers every function the package exports", () => {
    const functions = Object.entries(shim)
      .filter(([, value]) => typeof value === "function")
      .map(([name]) => name);
    expect(functions.sort()).toEqual(Object.keys(calls).sort());
  });

  it.each(Object.entries(calls))("%s", (_name, call) => {
    const request = fc.record({ request_id: fc.oneof(fc.constant("ask-1"), anyValue), questions: anyValue, question: anyValue, options: anyValue }, { requiredKeys: [] });
    const argument = fc.oneof(anyValue, request, fc.array(anyValue, { maxLength: 3 }));
    fc.assert(
      fc.property(argument, argument, (a, b) => {
        expect(() => call(a, b)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });

  it("canonicalQuestions gives a list checkQuestions can judge, whatever the request", () => {
    fc.assert(
      fc.property(anyValue, (request) => {
        const questions: unknown = untyped(canonicalQuestions, request);
        expect(Array.isArray(questions)).toBe(true);
        expect(() => checkQuestions(questions)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
