import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NdjsonReader,
  checkOutcome,
  checkQuestions,
  parseClientMessage,
  parseServerMessage,
  validateClientMessage,
  validateServerMessage,
  validateType,
  type ValidationResult,
} from "@app-server-protocol/validators";
import { failure } from "../src/result.js";
import { hostile, longNamedError, throwingGetter, trapProxy } from "./support/hostile.js";

// A failure's `path` is exact (a JSON Pointer into the input); its `message`
// is for people: it starts with the path only when there is one, and stays
// short however long the keys and values of the input are.

/** No message, whatever the input, is longer than this. */
const MESSAGE_BOUND = 1024;

const HUGE_KEY = `k${"€".repeat(1_000_000)}`;
const methodOf = () => "ask_user/request";

function failed<T>(result: ValidationResult<T>) {
  if (result.ok) throw new Error("expected a failure");
  return result.error;
}

/** The value a JSON Pointer names in `root`, or `undefined`. */
function resolve(root: unknown, pointer: string): unknown {
  let value = root;
  for (const token of pointer.split("/").slice(1)) {
    const key = token.replace(/~1/g, "/").replace(/~0/g, "~");
    if (typeof value !== "object" || value === null || !Object.hasOwn(value, key)) return undefined;
    value = Object.getOwnPropertyDescriptor(value, key)?.value;
  }
  return value;
}

const answerTo = (outcome: unknown) => ({ type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "ask-1", outcome } } });

describe("a failure of the whole value", () => {
  it.each([
    ["an envelope that is not an object", failed(validateClientMessage([])), "must be an object"],
    ["a list that is not an array", failed(validateType("AskUserQuestionList", 7)), "must be an array"],
    ["text over the cap", failed(parseClientMessage("[1, 2]", { maxBytes: 3 })), "message exceeds 3 bytes"],
    ["a proxy that throws", failed(validateServerMessage(trapProxy())), "the value could not be validated (Error)"],
  ])("has a message without a path placeholder: %s", (_name, error, message) => {
    expect(error).toMatchObject({ path: "", message });
  });

  it("reads `invalid JSON: …` for text that is not JSON, in the text entry points and the NDJSON reader", () => {
    expect(failed(parseServerMessage("{")).message).toMatch(/^invalid JSON: /);
    const reader = new NdjsonReader(parseClientMessage, { maxBytes: 4 });
    const messages = [...reader.push("{oops\n"), ...reader.push("{}\n")].map(({ result }) => failed(result).message);
    expect(messages).toEqual(["line exceeds 4 bytes", "/type: missing required field"]);
  });

  it("gives checkQuestions and checkOutcome the reason alone, after their prefix", () => {
    expect(checkQuestions("none")).toEqual({ code: "malformed_response", message: "invalid AskUserQuestion questions: must be an array" });
    expect(checkOutcome([], 5)).toEqual({ code: "malformed_response", message: "invalid AskUserQuestion response: must be an object" });
  });

  it("keeps a path's message, starting with the path", () => {
    expect(failed(validateClientMessage({ type: "request", id: 1, method: "session/list" }))).toMatchObject({ path: "/id", message: "/id: must be a string" });
  });
});

describe("a user's long map key", () => {
  it("is exact in the path and cut short in the message", () => {
    const message = answerTo({ outcome: "answered", answers: { [HUGE_KEY]: { kind: "maybe" } } });
    const error = failed(validateClientMessage(message, { methodOf }));
    expect(error.code).toBe("unknown_tag");
    expect(error.path).toBe(`/result/data/outcome/answers/${HUGE_KEY}/kind`);
    expect(resolve(message, error.path)).toBe("maybe");
    expect(error.message).toBe(`/result/data/outcome/answers/${HUGE_KEY.slice(0, 64)}…/kind: unknown value "maybe"`);
  });

  it("is escaped in the path as a JSON Pointer requires", () => {
    const key = `a/b~c${"x".repeat(100)}`;
    const message = answerTo({ outcome: "answered", answers: { [key]: { kind: "text" } } });
    const error = failed(validateClientMessage(message, { methodOf }));
    expect(error.path).toBe(`/result/data/outcome/answers/a~1b~0c${"x".repeat(100)}/text`);
    expect(resolve(message, error.path.slice(0, -"/text".length))).toEqual({ kind: "text" });
    expect(error.message.length).toBeLessThan(200);
  });

  it("does not make checkOutcome's message long", () => {
    const error = checkOutcome([{ id: "q", question: "Q?", header: "" }], { outcome: "answered", answers: { [HUGE_KEY]: { kind: "text", text: 5 } } });
    expect(error?.code).toBe("malformed_response");
    expect(error?.message).toBe(`invalid AskUserQuestion response: /answers/${HUGE_KEY.slice(0, 64)}…/text: must be a string`);
    const unknown = checkOutcome([{ id: "q", question: "Q?", header: "" }], { outcome: "answered", answers: { [HUGE_KEY]: { kind: "text", text: "t" } } });
    expect(unknown?.message.length).toBeLessThan(200);
  });

  it("does not make producer-strict mode's message long", () => {
    const error = failed(validateClientMessage({ type: "request", id: "1", method: "session/list", [HUGE_KEY]: 1 }, { strict: true }));
    expect(error).toMatchObject({ code: "unknown_field", path: `/${HUGE_KEY}` });
    expect(error.message.length).toBeLessThan(200);
  });

});

describe("a deep path", () => {
  it("shows its first and last four keys", () => {
    const path = `/${Array.from({ length: 12 }, (_, index) => `key-${index}`).join("/")}`;
    expect(failure("invalid_value", path, "bad").error).toEqual({ code: "invalid_value", path, message: "/key-0/key-1/key-2/key-3/…/key-8/key-9/key-10/key-11: bad" });
  });

  it("is shown whole up to eight keys", () => {
    const path = `/${Array.from({ length: 8 }, () => "x".repeat(20)).join("/")}`;
    expect(failure("invalid_value", path, "bad").error.message).toBe(`${path}: bad`);
  });
});

describe("what a validator catches", () => {
  it("is named without being trusted: a thrown value that throws when inspected is still a verdict", () => {
    const value = throwingGetter("request_id", trapProxy());
    expect(validateType("AskUserQuestionResponse", value)).toEqual({
      ok: false,
      error: { code: "unprocessable", path: "", message: "the value could not be validated (error)" },
    });
  });

  it("has its name cut short", () => {
    const error = failed(validateType("AskUserQuestionResponse", throwingGetter("request_id", longNamedError(1_000_000))));
    expect(error.message).toBe(`the value could not be validated (${"N".repeat(64)}…)`);
  });

  it("includes a text entry point given something other than text", () => {
    for (const text of [trapProxy(), 5, null, Symbol("s")]) {
      expect(Reflect.apply(parseClientMessage, undefined, [text])).toEqual({
        ok: false,
        error: { code: "invalid_json", path: "", message: "invalid JSON: the text is not a string" },
      });
    }
  });
});

describe("every message is short (property)", () => {
  const key = fc.oneof({ weight: 4, arbitrary: fc.string() }, { weight: 1, arbitrary: fc.constantFrom(HUGE_KEY, "x".repeat(5000), "a/b~c") });
  const anything = fc.anything({ key, maxDepth: 4, withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withMap: true, withSet: true });
  const wild = fc.oneof(anything, hostile);
  const answers = fc.dictionary(key, fc.oneof(wild, fc.record({ kind: fc.constantFrom("text", "selected", "selected_many", "x"), text: wild, option_id: wild, option_ids: wild })));
  const outcome = fc.record({ outcome: fc.constantFrom("answered", "cancelled", "nope"), answers, annotations: fc.dictionary(key, wild), reason: wild }, { requiredKeys: ["outcome"] });
  const inputs = fc.oneof(wild, outcome.map(answerTo), fc.dictionary(key, wild).map((fields) => ({ type: "request", id: "1", method: "session/list", ...fields })));

  const verdicts = (input: unknown): (string | undefined)[] => [
    validateClientMessage(input, { methodOf }),
    validateClientMessage(input, { strict: true }),
    validateServerMessage(input, { strict: true }),
    validateType("AskUserResponseOutcome", input),
    validateType("AskUserQuestionList", input, { strict: true }),
  ]
    .map((result) => (result.ok ? undefined : result.error.message))
    .concat([checkOutcome([{ id: "q", question: "Q?", header: "" }], input)?.message, checkQuestions(input)?.message]);

  it("for any value, however long its keys and values", () => {
    fc.assert(
      fc.property(inputs, (input) => {
        for (const message of verdicts(input)) {
          if (message === undefined) continue;
          expect(message.length).toBeLessThanOrEqual(MESSAGE_BOUND);
          expect(message).not.toContain("(message)");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("for any text", () => {
    const text = fc.oneof(fc.string({ unit: "binary" }), fc.json(), inputs.map((input) => { try { return JSON.stringify(input) ?? ""; } catch { return ""; } }));
    fc.assert(
      fc.property(text, (line) => {
        for (const result of [parseClientMessage(line, { methodOf }), parseServerMessage(line, { maxBytes: 1000 })]) {
          if (!result.ok) expect(result.error.message.length).toBeLessThanOrEqual(MESSAGE_BOUND);
        }
      }),
      { numRuns: 300 },
    );
  });
});
