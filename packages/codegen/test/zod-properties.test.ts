// Properties of the typescript-zod bindings over generated input: no input
// makes a schema or a message parser throw, arbitrary JSON gets the
// validators' verdict from every schema, and messages assembled from the
// type vectors get the validators' verdict from the message parsers.
import { PROTOCOL_TYPE_NAMES, validateClientMessage, validateServerMessage, validateType, type ProtocolTypeName, type ValidationResult } from "@app-server-protocol/validators/all";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { METHODS, check, parseClientMessage, parseServerMessage, type Verdict } from "@app-server-protocol/zod";
import { casesOf, objectOf, suiteFiles } from "../../conformance/test/vectors.js";
import { SCHEMAS, schemaOf } from "./support/zod-schemas.js";

const TYPE_NAMES: readonly ProtocolTypeName[] = PROTOCOL_TYPE_NAMES;

/** Both verdicts agree: the same acceptance and, for a rejection, the same code at the same path. */
function expectSameVerdict(zod: Verdict<unknown>, validators: ValidationResult<unknown>): void {
  const summary = (verdict: Verdict<unknown> | ValidationResult<unknown>) => (verdict.ok ? "accepted" : { code: verdict.error.code, path: verdict.error.path });
  expect(summary(zod)).toEqual(summary(validators));
}

const ANYTHING = fc.anything({ withBoxedValues: true, withMap: true, withSet: true, withNullPrototype: true, withObjectString: true, withSparseArray: true, withTypedArray: true, withDate: true, withBigInt: true, maxDepth: 6 });

describe("no input makes the bindings throw", () => {
  it("any schema, any value", () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEMAS.keys()), ANYTHING, (name, value) => {
        expect(() => SCHEMAS.get(name)?.safeParse(value)).not.toThrow();
      }),
      { numRuns: 5000 },
    );
  });

  // The parsers turn an exception into `unprocessable`; on a value that can be read, nothing throws.
  it("the message parsers, with any answered method", () => {
    const answered = fc.option(fc.oneof(fc.constantFrom(...Object.keys(METHODS)), fc.string()), { nil: undefined });
    const codeOf = (verdict: Verdict<unknown>) => (verdict.ok ? "accepted" : verdict.error.code);
    fc.assert(
      fc.property(ANYTHING, answered, (value, method) => {
        expect(codeOf(parseClientMessage(value, method))).not.toBe("unprocessable");
        expect(codeOf(parseServerMessage(value, method))).not.toBe("unprocessable");
      }),
      { numRuns: 3000 },
    );
  });
});

describe("arbitrary JSON", () => {
  it("gets the validators' verdict from every schema", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TYPE_NAMES), fc.jsonValue({ maxDepth: 5 }), (type, value) => {
        expectSameVerdict(check(schemaOf(type), value), validateType(type, value));
      }),
      { numRuns: 5000 },
    );
  });
});

/** The values of the type vectors, valid and invalid, by type. */
const VALUES = new Map<string, unknown[]>(suiteFiles("types").map(({ document }) => [String(objectOf(document).type), casesOf(document).map((entry) => entry.value)]));

function valuesOf(type: string | null): fc.Arbitrary<unknown> {
  const known = type === null ? [] : (VALUES.get(type) ?? []);
  return known.length > 0 ? fc.oneof(fc.constantFrom(...known), fc.jsonValue({ maxDepth: 3 })) : fc.jsonValue({ maxDepth: 3 });
}

const ENTRIES = Object.entries(METHODS);
const METHOD_NAMES = fc.oneof(fc.constantFrom(...ENTRIES.map(([method]) => method)), fc.constantFrom("session/teleport", "constructor", "__proto__", ""));

/** A request or notification whose params are a vector value of its method's params type (or any JSON). */
const requests = fc.constantFrom(...ENTRIES).chain(([method, spec]) =>
  fc.record(
    {
      type: fc.constantFrom("request", "notification", "event"),
      id: fc.constantFrom("req-1", "srv-1"),
      method: fc.oneof(fc.constant(method), METHOD_NAMES),
      params: fc.oneof(valuesOf(typeNameOf(spec.params)), fc.constant(null)),
    },
    { requiredKeys: ["type", "method"] },
  ),
);

/** A response whose success data is a vector value of some method's result type, with the method it is said to answer. */
const responses = fc.constantFrom(...ENTRIES).chain(([method, spec]) =>
  fc.record({
    message: fc.record(
      {
        type: fc.constant("response"),
        id: fc.constant("req-1"),
        result: fc.oneof(
          fc.record({ status: fc.constant("success"), data: valuesOf(spec.result === null ? null : typeNameOf(spec.result)) }, { requiredKeys: ["status"] }),
          fc.record({ status: fc.constantFrom("error", "partial"), code: fc.constantFrom("internal_error", "no_such_code"), message: fc.string() }),
        ),
      },
      { requiredKeys: ["type", "result"] },
    ),
    answered: fc.option(fc.oneof(fc.constant(method), METHOD_NAMES), { nil: undefined }),
  }),
);

/** The protocol type a schema of the package is declared for. */
function typeNameOf(schema: z.ZodType): string | null {
  for (const [name, candidate] of SCHEMAS) if (candidate === schema) return name.slice(0, -"Schema".length);
  return null;
}

describe("messages assembled from the vectors get the validators' verdict", () => {
  it("requests and notifications", () => {
    fc.assert(
      fc.property(requests, (message) => {
        expectSameVerdict(parseClientMessage(message), validateClientMessage(message));
        expectSameVerdict(parseServerMessage(message), validateServerMessage(message));
      }),
      { numRuns: 3000 },
    );
  });

  it("responses, with and without the method they answer", () => {
    fc.assert(
      fc.property(responses, ({ message, answered }) => {
        const methodOf = () => answered;
        expectSameVerdict(parseClientMessage(message, answered), validateClientMessage(message, { methodOf }));
        expectSameVerdict(parseServerMessage(message, answered), validateServerMessage(message, { methodOf }));
      }),
      { numRuns: 3000 },
    );
  });
});
