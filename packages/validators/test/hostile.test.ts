import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkOutcome,
  checkQuestions,
  isAskUserQuestionRequest,
  parseClientMessage,
  parseServerMessage,
  validateClientMessage,
  validateServerMessage,
} from "@app-server-protocol/validators";

// No input, however malformed, makes a validator throw: every verdict is a value.

function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

function deepObject(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level += 1) value = { kind: value };
  return value;
}

const trap = new Proxy(
  {},
  {
    get() {
      throw new Error("trap");
    },
    has() {
      throw new Error("trap");
    },
    ownKeys() {
      throw new Error("trap");
    },
  },
);

const validators = {
  validateClientMessage: (value: unknown) => validateClientMessage(value, { methodOf: () => "ask_user/request" }),
  validateServerMessage: (value: unknown) => validateServerMessage(value),
  strictClient: (value: unknown) => validateClientMessage(value, { strict: true }),
};

const hostileInputs: [string, unknown][] = [
  ["undefined", undefined],
  ["a number", 42],
  ["a string", "request"],
  ["a function", () => 1],
  ["a symbol", Symbol("s")],
  ["a proxy that throws on access", trap],
  ["a 100k-deep array as params", { type: "request", id: "1", method: "session/list", params: deepArray(100_000) }],
  ["a 100k-deep object as an answer value", { type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "a", outcome: { outcome: "answered", answers: { q: deepObject(100_000) } } } } }],
  ["a 100k-deep object as a server request", { type: "request", id: "s", method: "ask_user/request", params: deepObject(100_000) }],
  ["a 10 MB method name", { type: "request", id: "1", method: "m".repeat(10_000_000) }],
  ["a 10 MB id in a typed position", { type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "x".repeat(10_000_000) } } }],
  ["__proto__ keys", JSON.parse('{"type":"request","id":"1","method":"initialize","params":{"__proto__":{"protocol_version":"1.0"},"protocol_version":"1.0","client_info":{"name":"a","version":"1","__proto__":null}}}')],
  ["a null-prototype object", Object.assign(Object.create(null), { type: "request", id: "1", method: "session/list" })],
  ["a cyclic object in an opaque position", (() => { const params: { self?: unknown } = {}; params.self = params; return { type: "request", id: "1", method: "session/list", params }; })()],
];

describe("hostile input", () => {
  it.each(hostileInputs)("%s gets a verdict from every message validator", (_name, input) => {
    for (const validate of Object.values(validators)) {
      const result = validate(input);
      expect(typeof result.ok).toBe("boolean");
      if (!result.ok) expect(result.error.message).toEqual(expect.any(String));
    }
  });

  it("a proxy that throws is reported as unprocessable", () => {
    expect(validateClientMessage(trap)).toMatchObject({ ok: false, error: { code: "unprocessable", path: "" } });
    expect(isAskUserQuestionRequest(trap)).toBe(false);
    expect(checkQuestions([trap])?.code).toBe("malformed_response");
    expect(checkOutcome([], trap)?.code).toBe("malformed_response");
  });

  it("a message of 100k nested arrays parses to a verdict", () => {
    const opaque = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const text = `{"type":"request","id":"1","method":"mcp/get_prompt","params":{"server_id":"docs","name":"review","arguments":${opaque}}}`;
    expect(parseClientMessage(text).ok).toBe(true);
    expect(parseServerMessage(`${"[".repeat(100_000)}${"]".repeat(100_000)}`).ok).toBe(false);
  });

  it("arbitrary values never make a validator throw", () => {
    const anything = fc.anything({ withNullPrototype: true, withBoxedValues: true, withSparseArray: true, withMap: true, withSet: true, withTypedArray: true, withObjectString: true });
    const envelopeLike = fc.record({ type: fc.constantFrom("request", "response", "notification", "x"), id: anything, method: fc.oneof(fc.constantFrom("initialize", "ask_user/request", "permission/request", "stream/event"), fc.string()), params: anything, result: anything });
    fc.assert(
      fc.property(fc.oneof(anything, envelopeLike), (input) => {
        for (const validate of Object.values(validators)) expect(typeof validate(input).ok).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
  });

  it("arbitrary text never makes a parser throw", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: "binary" }), fc.json(), fc.jsonValue().map((value) => JSON.stringify(value))), (text) => {
        expect(typeof parseClientMessage(text).ok).toBe("boolean");
        expect(typeof parseServerMessage(text, { strict: true }).ok).toBe("boolean");
      }),
      { numRuns: 1000 },
    );
  });
});
