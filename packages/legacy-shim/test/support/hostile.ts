import fc from "fast-check";

// Values that throw when the shim looks at them: proxies whose every trap
// throws, and objects with a throwing getter under a field the shim reads.

const trap = (): never => {
  throw new Error("trap");
};

/** A proxy of `target` whose get, has, ownKeys, getOwnPropertyDescriptor and getPrototypeOf traps throw. */
export function throwingProxy(target: object): object {
  // fast-check looks for its clone marker on every generated value: only that look is let through.
  const get = (_target: object, key: string | symbol) => (key === fc.cloneMethod ? undefined : trap());
  const has = (_target: object, key: string | symbol) => (key === fc.cloneMethod ? false : trap());
  return new Proxy(target, { get, has, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
}

/** `fields`, with a getter that throws under `key`. */
export function withThrowingGetter(fields: object, key: string): object {
  return Object.defineProperty({ ...fields }, key, { enumerable: true, get: trap });
}

/** The fields the shim reads, of requests, questions, options and responses. */
const READ_FIELDS = ["questions", "question", "options", "request_id", "id", "label", "multi_select", "outcome", "answer", "answers", "session_id", "preview"];

/** Hostile values: throwing proxies of objects and arrays, and records and lists with a throwing getter or element. */
export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom({}, [], [{ id: "q", question: "Q?", header: "" }]).map(throwingProxy),
  fc.constantFrom(...READ_FIELDS).map((key) => withThrowingGetter({ request_id: "ask-1", question: "Q?", options: ["A"] }, key)),
  fc.constantFrom(...READ_FIELDS).map((key) => [withThrowingGetter({ id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A" }] }, key)]),
  fc.constant(null).map(() => Object.defineProperty([{ id: "q", question: "Q?", header: "" }], 0, { get: trap })),
);

/** Any value, hostile ones included. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withSparseArray: true, withTypedArray: true }),
  hostile,
);
