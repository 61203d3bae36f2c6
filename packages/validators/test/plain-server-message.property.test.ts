import { METHOD_REGISTRY } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as main from "@app-server-protocol/validators";
import * as all from "@app-server-protocol/validators/all";
import { FIGHTING, INERT } from "./support/hostile.js";
import { made, recipes } from "./support/hostile-recipes.js";
import { mutationOf } from "./support/mutations.js";
import { CLIENT_MESSAGES, SERVER_MESSAGES } from "./support/samples.js";

// `validateServerMessage` (of either entry point) called with no options
// accepts a valid message by its matchers alone and sends any other the full
// way. Options that ask for nothing (`{}`) always go the full way, so the two
// calls must agree on every value: the short way may only ever accept what
// the full way accepts, and must accept all of it.

const NAMES = ["type", "id", "method", "params", "result", "status", "request", "notification", "response", ...METHOD_REGISTRY.map((method) => method.method)];

/** A verdict as data: a valid message is returned as it was given (a hostile one is not walked by comparing it). */
function verdictOn(value: unknown, result: ReturnType<typeof main.validateServerMessage>): unknown {
  if (!result.ok) return result.error;
  return result.value === value ? "valid, returned as given" : "valid, returned as another value";
}

function expectSameVerdict(makeValue: () => unknown): void {
  for (const { validateServerMessage } of [main, all]) {
    const [value, again] = [makeValue(), makeValue()];
    expect(verdictOn(value, validateServerMessage(value))).toEqual(verdictOn(again, validateServerMessage(again, {})));
  }
}

describe("validateServerMessage with no options, of either entry point", () => {
  it("gives every vector message the verdict options that ask for nothing give it", () => {
    for (const message of [...SERVER_MESSAGES, ...CLIENT_MESSAGES]) expectSameVerdict(() => message);
  });

  it("gives every single mutation of a server message and any JSON value that same verdict (property)", () => {
    fc.assert(
      fc.property(fc.oneof(mutationOf(SERVER_MESSAGES, NAMES), fc.jsonValue({ maxDepth: 3 })), (value) => expectSameVerdict(() => value)),
      { numRuns: 500 },
    );
  });

  it("gives a message with a node that reads the same each time, or throws, that same verdict (property)", () => {
    const steady = [...INERT, ...FIGHTING.filter((how) => how !== "flip_flop")];
    fc.assert(
      fc.property(recipes(SERVER_MESSAGES, steady), (recipe) => expectSameVerdict(() => made(recipe))),
      { numRuns: 300 },
    );
  });

  it("never throws on a message with a node that reads differently each time, and returns a verdict (property)", () => {
    fc.assert(
      fc.property(recipes(SERVER_MESSAGES, ["flip_flop"]), (recipe) => {
        for (const { validateServerMessage } of [main, all]) {
          const result = validateServerMessage(made(recipe));
          expect(typeof result.ok).toBe("boolean");
          if (!result.ok) expect(result.error.code).toEqual(expect.any(String));
        }
      }),
      { numRuns: 200 },
    );
  });
});
