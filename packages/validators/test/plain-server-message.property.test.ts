import { METHOD_REGISTRY } from "@app-server-protocol/types";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as main from "@app-server-protocol/validators";
import * as all from "@app-server-protocol/validators/all";
import { FIGHTING, INERT, hostileFrom, type Hostility } from "./support/hostile.js";
import { mutated, mutationOf, pathsOf } from "./support/mutations.js";
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

type Step = string | number;

function nodeAt(value: unknown, path: readonly Step[]): unknown {
  let node = value;
  for (const step of path) node = typeof node === "object" && node !== null ? Reflect.get(node, step) : undefined;
  return node;
}

/** A sample with one node made hostile, made afresh on each call: a hostile value may keep state between reads. */
function hostileMaker(sample: unknown, path: readonly Step[], how: Hostility): () => unknown {
  return () => mutated(sample, path, hostileFrom(nodeAt(sample, path), how));
}

const hostileCases = (ways: readonly Hostility[]) =>
  fc.constantFrom(...SERVER_MESSAGES).chain((sample) => fc.tuple(fc.constant(sample), fc.constantFrom(...pathsOf(sample)), fc.constantFrom(...ways)));

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
      fc.property(hostileCases(steady), ([sample, path, how]) => expectSameVerdict(hostileMaker(sample, path, how))),
      { numRuns: 300 },
    );
  });

  it("never throws on a message with a node that reads differently each time, and returns a verdict (property)", () => {
    fc.assert(
      fc.property(hostileCases(["flip_flop"]), ([sample, path, how]) => {
        for (const { validateServerMessage } of [main, all]) {
          const result = validateServerMessage(hostileMaker(sample, path, how)());
          expect(typeof result.ok).toBe("boolean");
          if (!result.ok) expect(result.error.code).toEqual(expect.any(String));
        }
      }),
      { numRuns: 200 },
    );
  });
});
