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

/** An array claiming 2^32 - 1 elements, holding only `items` at its start: a few bytes, as `structuredClone` or `postMessage` can deliver. */
export function sparseHugeArray(items: readonly unknown[] = []): unknown[] {
  const list = [...items];
  list.length = 2 ** 32 - 1;
  return list;
}

/**
 * `list` behind a proxy that counts every look at one of its elements and
 * throws once there were more than `limit`: a walk over the holes of a huge
 * sparse array stops there (and the count shows it) instead of running for
 * hours.
 */
export function elementTripwire(list: unknown[], limit: number): { readonly proxy: unknown[]; looks(): number } {
  let looks = 0;
  const look = (key: string | symbol) => {
    if (typeof key !== "string" || !/^[0-9]+$/.test(key)) return;
    looks += 1;
    if (looks > limit) throw new Error("walked past the elements the array holds");
  };
  const proxy = new Proxy(list, {
    get: (target, key, receiver) => (look(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (look(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (look(key), Reflect.getOwnPropertyDescriptor(target, key)),
  });
  return { proxy, looks: () => looks };
}

/** `fields` with `key` behind a getter that answers `first` the first time it is read and `then` every time after. */
export function flipFlop(key: string, first: unknown, then: unknown, fields: object = {}): object {
  let reads = 0;
  return Object.defineProperty({ ...fields }, key, {
    enumerable: true,
    get: () => {
      reads += 1;
      return reads === 1 ? first : then;
    },
  });
}

/** A value to hand the shim, made when the property runs (each call makes a fresh one: a getter's first read is the same for each). */
export type Maker = () => unknown;

const hostileMaker: fc.Arbitrary<Maker> = fc.oneof(
  fc.constant(() => throwingProxy({})),
  fc.constant(() => throwingProxy([])),
  fc.constant(() => sparseHugeArray(["A"])),
  fc.constant(() => 10n),
  fc.constant(() => Symbol("s")),
  fc.constantFrom(...READ_FIELDS).map((key) => () => withThrowingGetter({}, key)),
  fc.tuple(fc.constantFrom(...READ_FIELDS), fc.anything(), fc.anything()).map(([key, first, then]) => () => flipFlop(key, first, then)),
);

const plainRequest = fc.record(
  { request_id: fc.constantFrom("ask-1", "ask-2"), question: fc.string(), options: fc.array(fc.constantFrom("A", "B", "C")), questions: fc.constant([{ id: "q", question: "Q?", header: "", options: [{ id: "a", label: "A" }] }]) },
  { requiredKeys: ["request_id"] },
);

/** Requests, questions and answers, each field possibly hostile, made fresh on each call. */
export const anyMaker: fc.Arbitrary<Maker> = fc.letrec<{ value: Maker }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileMaker,
    fc.oneof(fc.anything(), plainRequest).map((plain) => () => plain),
    fc.array(tie("value"), { maxLength: 3 }).map((items) => () => items.map((make) => make())),
    fc.dictionary(fc.constantFrom(...READ_FIELDS, "kind", "text", "option_id", "option_ids"), tie("value"), { maxKeys: 4 }).map((fields) => () => Object.fromEntries(Object.entries(fields).map(([key, make]) => [key, make()]))),
  ),
})).value;
