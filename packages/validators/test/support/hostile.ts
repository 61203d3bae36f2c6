import fc from "fast-check";

// Values that fight back when examined: every trap of a proxy throws, or a
// getter throws something that itself throws when inspected.

const fail = (): never => {
  throw new Error("trap");
};

/**
 * A proxy on which every operation a validator could try throws. Looking
 * for fast-check's clone marker is let through, so the proxy can be generated.
 */
export function trapProxy(target: object = {}): object {
  const get = (_target: object, key: string | symbol) => (key === fc.cloneMethod ? undefined : fail());
  const has = (_target: object, key: string | symbol) => (key === fc.cloneMethod ? false : fail());
  return new Proxy(target, { get, has, ownKeys: fail, getOwnPropertyDescriptor: fail, getPrototypeOf: fail });
}

/** An object whose `key` getter throws `thrown`. */
export function throwingGetter(key: string, thrown: unknown): object {
  return Object.defineProperty({}, key, { enumerable: true, get: () => { throw thrown; } });
}

/** An error whose name is `length` characters long. */
export function longNamedError(length: number): Error {
  const error = new Error("boom");
  error.name = "N".repeat(length);
  return error;
}

/** Hostile values, alone and inside records under the protocol's field names. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(trapProxy()),
  fc.constant(trapProxy([])),
  fc.constantFrom("type", "id", "method", "params", "result", "request_id", "outcome", "answers", "questions").chain((key) =>
    fc.constantFrom(throwingGetter(key, trapProxy()), throwingGetter(key, longNamedError(100_000)), throwingGetter(key, "a thrown string")),
  ),
);
