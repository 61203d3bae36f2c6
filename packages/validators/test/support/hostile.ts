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

/** An array claiming 2^32 - 1 elements, holding only `items` at its start: a few bytes, as `structuredClone` or `postMessage` can deliver. */
export function sparseHugeArray(items: readonly unknown[] = []): unknown[] {
  const list = [...items];
  list.length = 2 ** 32 - 1;
  return list;
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

/** `list` behind a proxy that counts every look at one of its elements (get, has, own-property lookups by index). */
export function countingElementLooks(list: unknown[]): { readonly proxy: unknown[]; looks(): number } {
  let looks = 0;
  const count = (key: string | symbol) => {
    if (typeof key === "string" && /^[0-9]+$/.test(key)) looks += 1;
  };
  const proxy = new Proxy(list, {
    get: (target, key, receiver) => (count(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (count(key), Reflect.has(target, key)),
    getOwnPropertyDescriptor: (target, key) => (count(key), Reflect.getOwnPropertyDescriptor(target, key)),
  });
  return { proxy, looks: () => looks };
}

/** Ways to make a value hostile that an in-place check reads as it reads the value itself: each read answers the same. */
export const INERT = ["stable_getters", "forwarding_proxy", "null_prototype"] as const;

/** Ways to make a value hostile that a check cannot read as it reads JSON data. */
export const FIGHTING = ["sparse_huge", "trap", "trap_array", "throwing_getter", "flip_flop", "bigint", "symbol", "function", "revoked"] as const;

export type Hostility = (typeof INERT)[number] | (typeof FIGHTING)[number];

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const JUNK = "\u0000changed";

/** `node` made hostile in the way `how` names (a fresh value each call). */
export function hostileFrom(node: unknown, how: Hostility): unknown {
  switch (how) {
    case "stable_getters":
      if (!isRecord(node)) return node;
      return Object.defineProperties({}, Object.fromEntries(Object.entries(node).map(([key, field]) => [key, { enumerable: true, get: () => field }])));
    case "forwarding_proxy":
      return typeof node === "object" && node !== null ? new Proxy(node, {}) : node;
    case "null_prototype":
      return isRecord(node) ? Object.assign(Object.create(null), node) : node;
    case "sparse_huge":
      return sparseHugeArray(Array.isArray(node) ? node.slice(0, 1) : [node]);
    case "trap":
      return trapProxy();
    case "trap_array":
      return trapProxy([]);
    case "throwing_getter": {
      const [key] = isRecord(node) ? Object.keys(node) : [];
      if (key === undefined || !isRecord(node)) return throwingGetter("type", new Error("boom"));
      return Object.defineProperty({ ...node }, key, { enumerable: true, get: () => { throw new Error("boom"); } });
    }
    case "flip_flop": {
      const [key] = isRecord(node) ? Object.keys(node) : [];
      return key === undefined || !isRecord(node) ? flipFlop("type", "request", JUNK) : flipFlop(key, node[key], JUNK, node);
    }
    case "bigint":
      return 10n;
    case "symbol":
      return Symbol("s");
    case "function":
      return () => 1;
    case "revoked": {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
  }
}
