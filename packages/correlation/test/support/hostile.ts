import fc from "fast-check";

// Values that break code which trusts its input: getters and proxy traps
// that throw, a revoked proxy, values JSON cannot write, and nesting deeper
// than the stack. `JSON.parse` output can hold none of the throwing ones, so
// text entry points meet depth and size, and object-taking ones meet these.

function boom(): never {
  throw new Error("x");
}

/** An object whose every read throws, as the brief of each entry point puts it. */
export function throwingProxy(): object {
  return new Proxy({}, { get: boom, ownKeys: boom, has: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom });
}

/** An array-like proxy whose every read throws. */
export function throwingArrayProxy(): unknown[] {
  return new Proxy<unknown[]>([], { get: boom, ownKeys: boom, has: boom, getOwnPropertyDescriptor: boom });
}

export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** An object with the given fields, each behind a getter that throws. */
export function throwingGetters(...keys: string[]): object {
  const value = {};
  for (const key of keys) Object.defineProperty(value, key, { enumerable: true, get: boom });
  return value;
}

/** A getter that answers `first` once, then throws: a value that changes between two reads. */
export function onceThenThrow(key: string, first: unknown, rest: object = {}): object {
  let read = false;
  return Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get() {
      if (read) boom();
      read = true;
      return first;
    },
  });
}

export function deepArray(depth: number): unknown {
  let value: unknown = [];
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

export function deepObject(depth: number): unknown {
  let value: unknown = {};
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

/** JSON text nested `depth` levels deep. */
export const deepJson = (depth: number): string => `${"[".repeat(depth)}${"]".repeat(depth)}`;

function cyclic(): object {
  const value: { self?: unknown } = {};
  value.self = value;
  return value;
}

/** The makers of the hostile values, each making a fresh one. */
const MAKERS: readonly (() => unknown)[] = [
  throwingProxy,
  throwingArrayProxy,
  revokedProxy,
  () => throwingGetters("type", "id", "result", "request_id", "requestId", "questions", "outcome", "sequence", "event", "status", "data"),
  () => ({ toJSON: boom }),
  cyclic,
  () => 10n,
  () => Symbol("s"),
  () => () => 1,
  () => deepArray(20_000),
  () => deepObject(20_000),
  () => Object.create(null),
  () => new Date(Number.NaN),
  () => sparseHugeArray(["ask-1", { id: "q" }]),
  () => flipFlop("request_id", "ask-1", null, { answer: "Yes" }),
  () => flipFlop("kind", "text", 10n, { text: "x" }),
  () => flipFlop("questions", [{ id: "q", question: "Proceed?", header: "" }], 5, { request_id: "ask-1", session_id: "s1" }),
];

/** Where a hostile value goes in a generated structure; `made` puts a fresh one there. */
class HostileLeaf {
  constructor(readonly index: number) {}
}

function materialize(value: unknown): unknown {
  if (value instanceof HostileLeaf) return MAKERS[value.index]?.();
  if (Array.isArray(value)) return value.map(materialize);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, materialize(field)]));
}

/**
 * A value to hand an entry point, made when the test runs: fast-check probes
 * every value it generates, and a proxy that throws would stop it there.
 */
export interface Made {
  make(): unknown;
  toString(): string;
}

const leaf = fc.nat({ max: MAKERS.length - 1 }).map((index) => new HostileLeaf(index));

/** Any value, hostile ones included, also as leaves inside objects and arrays. */
export const anyValue: fc.Arbitrary<Made> = fc
  .oneof(fc.anything(), leaf, fc.anything({ values: [leaf, fc.string(), fc.integer(), fc.constant(null)] }))
  .map((shape) => ({ make: () => materialize(shape), toString: () => fc.stringify(shape) }));

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
