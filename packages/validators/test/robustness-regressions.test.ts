import type { ClientMethod } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { NdjsonReader, checkOutcome, checkQuestions, parseClientMessage, validatedQuestions } from "@app-server-protocol/validators";
import { readResponse, validateType } from "@app-server-protocol/validators/all";

// Contradictions of the README's promises that fuzzing and review found,
// each pinned by the input that showed it.

/** Hands a value of any type to a typed API, as a JavaScript caller can. */
function asIf<T>(value: unknown): T {
  return value as T;
}

/** An object whose `field` reads each of `values` in turn and the last of them every time after, with a count of its reads. */
function fieldThatChanges(field: string, values: readonly string[], fields: object): { readonly value: object; readonly reads: () => number } {
  let reads = 0;
  const value = Object.defineProperty({ ...fields }, field, {
    enumerable: true,
    get: () => values[Math.min(reads++, values.length - 1)],
  });
  return { value, reads: () => reads };
}

/** An answer whose `kind` reads each of `kinds` in turn, and the last of them every time after. */
function answerWhoseKindChanges(kinds: readonly string[], fields: object): object {
  return fieldThatChanges("kind", kinds, fields).value;
}

describe("readResponse of a method that is not a client request", () => {
  const success = { type: "response", id: "req-1", result: { status: "success", data: {} } };

  it.each(["ask_user/request", "stream/event", "no/such_method", "constructor", "__proto__"])("%s is unknown_method, not an exception caught inside", (method) => {
    const reading = readResponse(asIf<ClientMethod>(method), success);
    expect(reading).toMatchObject({ ok: false, failure: { code: "unknown_method", path: "" } });
    expect(reading.ok ? "" : "failure" in reading ? reading.failure.message : "").not.toContain("could not be validated");
  });

  it("still reports a malformed envelope first", () => {
    expect(readResponse(asIf<ClientMethod>("ask_user/request"), { type: "response" })).toMatchObject({ ok: false, failure: { code: "missing_field", path: "/id" } });
  });
});

describe("checkOutcome on an answer whose kind changes between reads", () => {
  const questions = [{ id: "q", question: "Which?", header: "" }];
  const CHANGED = { code: "malformed_response", message: "invalid AskUserQuestion response: could not be examined (it changed while it was examined)" };

  it("judges an answer the one pass accepts by that one read", () => {
    const outcome = { outcome: "answered", answers: { q: answerWhoseKindChanges(["text", "banana"], { text: "hi" }) } };
    expect(checkOutcome(questions, outcome)).toBeNull();
  });

  it("returns a documented verdict, never undefined, when the structure check and the rules read different kinds", () => {
    // The one pass reads "text" and refuses the blank text; the structure check then reads "text", the rules "banana".
    const outcome = { outcome: "answered", answers: { q: answerWhoseKindChanges(["text", "text", "banana"], { text: " " }) } };
    expect(checkOutcome(questions, outcome)).toEqual(CHANGED);
  });

  it("does the same against a validated set", () => {
    const set = validatedQuestions(questions);
    if (!set.ok) throw new Error("the questions are valid");
    const outcome = { outcome: "answered", answers: { q: answerWhoseKindChanges(["text", "text", "banana"], { text: " " }) } };
    expect(checkOutcome(set.value, outcome)).toEqual(CHANGED);
  });
});

describe("checkQuestions on ids and labels that change between reads", () => {
  it("reads each option's id and label once on the way to valid, the repeat search included", () => {
    const id = fieldThatChanges("id", ["a", "b"], { label: "X" });
    const label = fieldThatChanges("label", ["A", "B"], { id: "c" });
    const options = [id.value, label.value, { id: "b", label: "B" }];
    expect(checkQuestions([{ id: "q", question: "Which?", header: "", options }])).toBeNull();
    expect([id.reads(), label.reads()]).toEqual([1, 1]);
  });

  it("reads each question's id once on the way to valid", () => {
    const first = fieldThatChanges("id", ["q1", "q2"], { question: "Which?", header: "" });
    expect(checkQuestions([first.value, { id: "q2", question: "Why?", header: "" }])).toBeNull();
    expect(first.reads()).toBe(1);
  });
});

describe("NdjsonReader given a Uint8Array with its own constructor property", () => {
  it.each([
    ["a number", 1],
    ["null", null],
    ["an object without a species", {}],
    ["a constructor that throws", () => { throw new Error("constructed"); }],
  ])("reads the bytes when the own constructor is %s", (_name, constructor) => {
    const bytes = new TextEncoder().encode('{"type":"request","id":"1","method":"session/list"}\n{"type":"req');
    Object.defineProperty(bytes, "constructor", { value: constructor });
    const reader = new NdjsonReader(parseClientMessage);
    const verdicts = [...reader.push(bytes), ...reader.push('uest","id":"2","method":"session/list"}\n'), ...reader.end()];
    expect(verdicts.map(({ line, result }) => [line, result.ok])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it("reads bytes whose own subarray, indexOf and length lie", () => {
    const bytes = new TextEncoder().encode('{"type":"request","id":"1","method":"session/list"}\n');
    for (const key of ["subarray", "indexOf", "lastIndexOf"]) Object.defineProperty(bytes, key, { value: () => { throw new Error(key); } });
    Object.defineProperty(bytes, "length", { value: 0 });
    const reader = new NdjsonReader(parseClientMessage);
    expect([...reader.push(bytes), ...reader.end()].map(({ result }) => result.ok)).toEqual([true]);
  });
});

describe("the failure message of an integer bound", () => {
  it.each([
    ["Uint64", 2e19, "must be <= 18446744073709551615"],
    ["Uint", 2e19, "must be <= 18446744073709551615"],
    ["Int64", 1e19, "must be <= 9223372036854775807"],
    ["Int64", -1e19, "must be >= -9223372036854775808"],
    ["Uint32", 2 ** 32, "must be <= 4294967295"],
    ["Int32", 2 ** 31, "must be <= 2147483647"],
    ["Int32", -(2 ** 31) - 1, "must be >= -2147483648"],
    ["Uint64", -1, "must be >= 0"],
  ] as const)("%s given %d says %s, the schema's bound exactly", (type, value, message) => {
    const result = validateType(type, value);
    expect(result).toMatchObject({ ok: false, error: { code: "invalid_value", path: "", message } });
  });
});
