import { METHOD_REGISTRY, type MethodDirection } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as main from "@app-server-protocol/validators";
import * as all from "@app-server-protocol/validators/all";
import { CLIENT_MESSAGES, SERVER_MESSAGES } from "./support/samples.js";

// The message validators remember the payload type of the last method they
// looked up (one memo for params, one for results), keyed by the set of
// types, the method and the direction. A verdict must not depend on what
// was validated before it: each call gets the verdict it gets right after a
// call that made the memos hold another method.

const methodsOf = (direction: MethodDirection) => METHOD_REGISTRY.filter((method) => method.direction === direction).map((method) => method.method);
const SERVER_REQUESTS = methodsOf("server_request");
const CLIENT_REQUESTS = methodsOf("client_request");
/** Answered methods a response may be said to answer: each direction's, and names of no method. */
const ANSWERED = [...SERVER_REQUESTS, ...CLIENT_REQUESTS.slice(0, 3), "no/such_method", undefined];

interface Call {
  readonly set: "main" | "all";
  readonly side: "server" | "client";
  readonly message: unknown;
  readonly answered: string | undefined;
}

function verdictOf(call: Call): unknown {
  const entry = call.set === "main" ? main : all;
  const options = call.answered === undefined ? {} : { methodOf: () => call.answered };
  const result = call.side === "server" ? entry.validateServerMessage(call.message, options) : entry.validateClientMessage(call.message, options);
  return result.ok ? "ok" : result.error;
}

/** Makes both memos of `set` hold method `name` (a server request method, found in either direction's look-up it takes). */
function rememberOther(set: Call["set"], name: string): void {
  const entry = set === "main" ? main : all;
  entry.validateServerMessage({ type: "request", id: "memo", method: name, params: {} });
  entry.validateClientMessage({ type: "response", id: "memo", result: { status: "success", data: null } }, { methodOf: () => name });
}

function methodNamesIn(call: Call): unknown[] {
  const method = typeof call.message === "object" && call.message !== null ? Reflect.get(call.message, "method") : undefined;
  return [method, call.answered];
}

/** The verdict on `call` made right after the memos were made to hold a method it does not name. */
function verdictAfterOther(call: Call): unknown {
  const other = SERVER_REQUESTS.find((name) => !methodNamesIn(call).includes(name));
  if (other === undefined) throw new Error("no other server request method");
  rememberOther(call.set, other);
  return verdictOf(call);
}

const calls: fc.Arbitrary<Call> = fc.record({
  set: fc.constantFrom("main" as const, "all" as const),
  side: fc.constantFrom("server" as const, "client" as const),
  // A message of either side validated as either side: a method of the wrong direction must stay unknown.
  message: fc.constantFrom(...SERVER_MESSAGES, ...CLIENT_MESSAGES),
  answered: fc.constantFrom(...ANSWERED),
});

describe("the payload types the message validators remember", () => {
  it("never change a verdict: in any order of messages, sets, sides and answered methods, each gets the verdict it gets after another method (property)", () => {
    fc.assert(
      fc.property(fc.array(calls, { minLength: 2, maxLength: 12 }), (sequence) => {
        const expected = sequence.map(verdictAfterOther);
        const got = sequence.map(verdictOf);
        expect(got).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it("tells the directions apart for the same method name", () => {
    const asked = { type: "request", id: "r1", method: "ask_user/request", params: { request_id: "a1", questions: [] } };
    expect(main.validateServerMessage(asked).ok).toBe(true);
    const sentByClient = main.validateClientMessage(asked);
    expect(sentByClient.ok ? undefined : sentByClient.error.code).toBe("unknown_method");
    expect(main.validateServerMessage(asked).ok).toBe(true);
  });
});
