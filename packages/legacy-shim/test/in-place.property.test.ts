import type { AskUserValidationCode } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalQuestions, checkAnswer, outcomeFromResponse, type AnswerCheck, type ReadOptions } from "@app-server-protocol/legacy-shim";
import { untyped } from "./support/calls.js";
import { anyMaker, elementTripwire, flipFlop, sparseHugeArray, throwingProxy } from "./support/hostile.js";

// `{ snapshot: false }` reads the arguments in place: given JSON data (what
// JSON.parse returns) every result is the one the snapshot gets; given any
// other value, a result still comes back, at once, and never an exception.

const IN_PLACE: ReadOptions = { snapshot: false };

/** `value` as JSON.parse returns it. */
function parsed<T>(value: T): T {
  const text = JSON.stringify(value);
  return text === undefined ? value : JSON.parse(text);
}

const codeOf = (check: AnswerCheck) => (check.ok ? null : check.error.code);

const optionIds = ["a", "b", "option-1", "option-2"];
const labels = ["A", "B", "PostgreSQL", "", " "];
const questionIds = ["q1", "q2", "question-1", " "];
const option = fc.record({ id: fc.constantFrom(...optionIds), label: fc.constantFrom(...labels), description: fc.string({ maxLength: 3 }), extra: fc.jsonValue({ maxDepth: 2 }) }, { requiredKeys: ["id", "label"] });
const question = fc.record(
  { id: fc.constantFrom(...questionIds), question: fc.constantFrom("Q?", ""), header: fc.constantFrom("", "H", "A header too long"), multi_select: fc.boolean(), options: fc.array(option, { maxLength: 5 }), allow_free_text: fc.boolean(), allow_annotation: fc.boolean() },
  { requiredKeys: ["id", "question", "header"] },
);
/** Requests as JSON data: legacy, canonical, and of any JSON shape at all. */
const request: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ request_id: fc.constantFrom("ask-1", "ask-2"), question: fc.constantFrom("Which?", " "), options: fc.array(fc.constantFrom(...labels), { maxLength: 5 }) }, { requiredKeys: ["request_id"] }),
  fc.record({ request_id: fc.constantFrom("ask-1", "ask-2"), questions: fc.array(question, { maxLength: 5 }), question: fc.string({ maxLength: 3 }) }, { requiredKeys: ["request_id", "questions"] }),
  fc.jsonValue({ maxDepth: 3 }),
);
const answer = fc.oneof(
  fc.record({ kind: fc.constant("text"), text: fc.constantFrom("text", " ", "A") }),
  fc.record({ kind: fc.constant("selected"), option_id: fc.constantFrom(...optionIds) }),
  fc.record({ kind: fc.constant("selected_many"), option_ids: fc.array(fc.constantFrom(...optionIds), { maxLength: 3 }) }),
  fc.record({ kind: fc.constantFrom("maybe", 5) }),
);
const outcome = fc.oneof(
  fc.constantFrom({ outcome: "rejected" }, { outcome: "clarify" }, { outcome: "cancelled", reason: "timeout" }, { outcome: "cancelled" }),
  fc.record({ outcome: fc.constant("answered"), answers: fc.dictionary(fc.constantFrom(...questionIds), answer, { maxKeys: 4 }), annotations: fc.dictionary(fc.constantFrom(...questionIds), fc.string(), { maxKeys: 2 }) }, { requiredKeys: ["outcome", "answers"] }),
);
/** Success data as JSON data: responses, and values of any JSON shape. */
const data = fc.oneof(
  fc.record({ request_id: fc.constantFrom("ask-1", "ask-2", 7), outcome: fc.option(outcome), answer: fc.option(fc.oneof(fc.constantFrom(...labels, ...optionIds), fc.string(), fc.integer())) }, { requiredKeys: ["request_id"] }),
  fc.jsonValue({ maxDepth: 3 }),
);

describe("{ snapshot: false } on JSON data (property)", () => {
  it("gives canonicalQuestions' result for the snapshot", () => {
    fc.assert(
      fc.property(request, (sent) => {
        expect(untyped(canonicalQuestions, parsed(sent), IN_PLACE)).toStrictEqual(untyped(canonicalQuestions, parsed(sent)));
      }),
      { numRuns: 1000 },
    );
  });

  it("gives outcomeFromResponse's and checkAnswer's verdicts for the snapshots", () => {
    fc.assert(
      fc.property(request, data, (sent, answered) => {
        expect(untyped(outcomeFromResponse, parsed(sent), parsed(answered), IN_PLACE)).toStrictEqual(untyped(outcomeFromResponse, parsed(sent), parsed(answered)));
        expect(untyped(checkAnswer, parsed(sent), parsed(answered), IN_PLACE)).toStrictEqual(untyped(checkAnswer, parsed(sent), parsed(answered)));
      }),
      { numRuns: 2000 },
    );
  });

  it("returns the argument's own questions and outcome, uncopied", () => {
    const sent = parsed({ request_id: "ask-1", questions: [{ id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A" }] }] });
    expect(canonicalQuestions(sent, IN_PLACE)).toBe(sent.questions);
    const answered = parsed({ request_id: "ask-1", outcome: { outcome: "answered", answers: { q: { kind: "selected", option_id: "a" } } } });
    const check = checkAnswer(sent, answered, IN_PLACE);
    expect(check.ok && check.outcome).toBe(answered.outcome);
  });
});

describe("checkAnswer with { snapshot: false }: valid answers pass, each single mutation fails with its code (property)", () => {
  const solid = fc.constantFrom("a", "Zed", "é", "日本", "😀");
  const canonicalRequest = fc
    .uniqueArray(solid, { minLength: 1, maxLength: 4 })
    .chain((ids) =>
      fc.tuple(
        fc.constant(ids),
        fc.tuple(...ids.map(() => fc.uniqueArray(solid, { minLength: 1, maxLength: 4 }))),
        fc.tuple(...ids.map(() => fc.record({ multi_select: fc.boolean(), allow_free_text: fc.boolean() }))),
      ),
    )
    .map(([ids, optionLists, flags]) => ({
      request_id: "ask-1",
      questions: ids.map((id, index) => ({
        id,
        question: `${id}?`,
        header: "H",
        options: (optionLists[index] ?? []).map((label) => ({ id: `o-${label}`, label })),
        multi_select: flags[index]?.multi_select ?? false,
        allow_free_text: flags[index]?.allow_free_text ?? false,
      })),
    }));
  const validAnswer = (sent: { questions: { id: string; multi_select: boolean; options: { id: string }[] }[] }) => ({
    request_id: "ask-1",
    outcome: {
      outcome: "answered",
      answers: Object.fromEntries(sent.questions.map((q) => [q.id, q.multi_select ? { kind: "selected_many", option_ids: [q.options[0]?.id] } : { kind: "selected", option_id: q.options[0]?.id }])),
    },
  });
  type Mutation = readonly [AskUserValidationCode, (answered: ReturnType<typeof validAnswer>, first: { id: string; multi_select: boolean; allow_free_text: boolean }) => unknown];
  const mutations: readonly Mutation[] = [
    ["request_id_mismatch", (answered) => ({ ...answered, request_id: "ask-2" })],
    ["malformed_response", (answered) => ({ ...answered, request_id: 1 })],
    ["malformed_response", (answered, first) => ({ ...answered, outcome: { ...answered.outcome, answers: { ...answered.outcome.answers, [first.id]: { kind: "guess" } } } })],
    ["missing_answer", (answered, first) => ({ ...answered, outcome: { ...answered.outcome, answers: Object.fromEntries(Object.entries(answered.outcome.answers).filter(([id]) => id !== first.id)) } })],
    ["unknown_option", (answered, first) => ({ ...answered, outcome: { ...answered.outcome, answers: { ...answered.outcome.answers, [first.id]: first.multi_select ? { kind: "selected_many", option_ids: ["none"] } : { kind: "selected", option_id: "none" } } } })],
    ["answer_kind", (answered, first) => ({ ...answered, outcome: { ...answered.outcome, answers: { ...answered.outcome.answers, [first.id]: first.multi_select ? { kind: "selected", option_id: "o-a" } : { kind: "selected_many", option_ids: ["o-a"] } } } })],
    ["unknown_question", (answered, first) => ({ ...answered, outcome: { ...answered.outcome, annotations: { [`${first.id}-not`]: "note" } } })],
  ];

  it("accepts every valid answer, as the snapshot does", () => {
    fc.assert(
      fc.property(canonicalRequest, (sent) => {
        const answered = parsed(validAnswer(sent));
        expect(checkAnswer(parsed(sent), answered, IN_PLACE)).toStrictEqual({ ok: true, outcome: answered.outcome });
      }),
    );
  });

  it("refuses each mutation with its code", () => {
    fc.assert(
      fc.property(canonicalRequest, fc.constantFrom(...mutations), (sent, [code, mutate]) => {
        const first = sent.questions[0];
        if (first === undefined) throw new Error("a request has a question");
        expect(codeOf(checkAnswer(parsed(sent), parsed(mutate(validAnswer(sent), first)), IN_PLACE))).toBe(code);
      }),
    );
  });

  it("refuses free text where the first question does not allow it", () => {
    fc.assert(
      fc.property(canonicalRequest, (sent) => {
        const first = sent.questions[0];
        if (first === undefined) throw new Error("a request has a question");
        const answered = validAnswer(sent);
        const mutated = { ...answered, outcome: { ...answered.outcome, answers: { ...answered.outcome.answers, [first.id]: { kind: "text", text: "mine" } } } };
        expect(codeOf(checkAnswer(parsed(sent), parsed(mutated), IN_PLACE))).toBe(first.allow_free_text ? null : "free_text_disabled");
      }),
    );
  });
});

describe("{ snapshot: false } on values that are not JSON data", () => {
  it("never throws (property)", () => {
    fc.assert(
      fc.property(anyMaker, anyMaker, (first, second) => {
        expect(Array.isArray(untyped(canonicalQuestions, first(), IN_PLACE))).toBe(true);
        expect(() => untyped(outcomeFromResponse, first(), second(), IN_PLACE)).not.toThrow();
        expect(() => untyped(checkAnswer, first(), second(), IN_PLACE)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  it("walks no array past what it holds", () => {
    const labels = elementTripwire(sparseHugeArray(["A"]), 100);
    const sent = { request_id: "ask-1", question: "Which?", options: labels.proxy };
    expect(untyped(canonicalQuestions, sent, IN_PLACE)).toStrictEqual([{ id: "question-1", question: "", header: "Question", multi_select: false, allow_free_text: true, allow_annotation: false }]);
    expect(untyped(checkAnswer, sent, { request_id: "ask-1", answer: "A" }, IN_PLACE)).toMatchObject({ ok: false, error: { code: "empty_question" } });
    expect(labels.looks()).toBeLessThanOrEqual(10);
    const ids = elementTripwire(sparseHugeArray(["x"]), 100);
    const answered = { request_id: "ask-1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected_many", option_ids: ids.proxy } } } };
    expect(codeOf(checkAnswer({ request_id: "ask-1", question: "Which?", options: ["A"] }, answered, IN_PLACE))).toBe("malformed_response");
    expect(ids.looks()).toBeLessThanOrEqual(10);
    const questions = elementTripwire(sparseHugeArray([{ id: "q", question: "Q?", header: "" }]), 100);
    expect(untyped(checkAnswer, { request_id: "ask-1", questions: questions.proxy }, { request_id: "ask-1", outcome: { outcome: "rejected" } }, IN_PLACE)).toMatchObject({ ok: false, error: { code: "malformed_response" } });
    expect(questions.looks()).toBeLessThanOrEqual(10);
  });

  it("gives a verdict for a request_id getter that changes, and for a request that throws", () => {
    const flipping = flipFlop("request_id", "ask-1", null, { question: "Which?", options: ["A", "B"] });
    const second = { ok: true, outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } };
    expect(untyped(checkAnswer, flipping, { request_id: "ask-1", answer: "B" }, IN_PLACE)).toStrictEqual(second);
    expect(untyped(checkAnswer, throwingProxy({}), { request_id: "ask-1", answer: "B" }, IN_PLACE)).toMatchObject({ ok: false, error: { code: "request_id_mismatch" } });
    // Checked as "ask-1", then read as null: a response that changed while it was examined.
    const changing = outcomeFromResponse({ request_id: "ask-1" }, flipFlop("request_id", "ask-1", null, { answer: "B" }), IN_PLACE);
    expect(changing).toStrictEqual({ ok: false, error: { code: "malformed_response", message: "invalid AskUserQuestion response: could not be examined" } });
  });

  it("reads an option that is not `{ snapshot: false }`, or that throws, as the default", () => {
    const throwing = Object.defineProperty({}, "snapshot", { get: () => { throw new Error("trap"); } });
    const sent = { request_id: "ask-1", questions: [{ id: "q", question: "Q?", header: "" }] };
    for (const options of [undefined, {}, { snapshot: true }, { snapshot: 0 }, throwing]) expect(untyped(canonicalQuestions, sent, options)).not.toBe(sent.questions);
  });
});
