import fc from "fast-check";

// Values a JavaScript caller can hand the bridge that are not JSON data:
// proxies and getters that throw on every kind of look (get, ownKeys, has,
// getOwnPropertyDescriptor), revoked proxies, cycles, deep nesting, symbols,
// bigints and functions, alone or inside otherwise well-formed messages.
// fast-check itself looks into the values it generates, so the arbitraries
// generate recipes (plain data, readable in a counterexample) and `build`
// makes the hostile value inside the property.

/** Hands a value of any type to a typed API, as JavaScript callers (and wire data) can. */
export function asIf<T>(value: unknown): T {
  return value as T;
}

const fail = (): never => {
  throw new Error("hostile");
};

/** A proxy over `target` whose every trap throws. */
export function throwingProxy(target: object = {}): object {
  return new Proxy(target, { get: fail, ownKeys: fail, has: fail, getOwnPropertyDescriptor: fail, getPrototypeOf: fail });
}

/** A copy of `rest` whose property `key` is an enumerable getter that throws. */
export function throwingGetter(key: string, rest: object = {}): object {
  return Object.defineProperty({ ...rest }, key, { get: fail, enumerable: true });
}

/** An array nested `depth` levels around `inner`. */
export function nested(depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

const SPECIALS = ["symbol", "bigint", "function", "nan", "undefined", "proxy", "array_proxy", "revoked", "cycle", "sparse_huge", "flip_flop"] as const;

/** How to make a value. */
export type Recipe =
  | { readonly plain: unknown }
  | { readonly special: (typeof SPECIALS)[number] }
  | { readonly deep: number }
  | { readonly getter: string; readonly on: Recipe }
  /** `on`, with the field `flip` read once as it is and as a bigint after. */
  | { readonly flip: string; readonly on: Recipe }
  | { readonly proxyOver: Recipe }
  | { readonly fields: readonly (readonly [string, Recipe])[] }
  | { readonly items: readonly Recipe[] };

function special(kind: (typeof SPECIALS)[number]): unknown {
  switch (kind) {
    case "symbol":
      return Symbol("s");
    case "bigint":
      return 10n;
    case "function":
      return () => 1;
    case "nan":
      return Number.NaN;
    case "undefined":
      return undefined;
    case "proxy":
      return throwingProxy();
    case "array_proxy":
      return throwingProxy([]);
    case "revoked": {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }
    case "cycle": {
      const node: { self?: unknown } = {};
      node.self = node;
      return node;
    }
    case "sparse_huge":
      return sparseHugeArray([{ id: "s1", promptActive: true }]);
    case "flip_flop":
      return flipFlop("id", "s1", 10n, { promptActive: true, request_id: "ask-1", outcome: { outcome: "selected", optionId: "allow_once" } });
  }
}

function asObject(value: unknown): object {
  return typeof value === "object" && value !== null ? value : {};
}

/** The value a recipe makes, new each time. */
export function build(recipe: Recipe): unknown {
  if ("plain" in recipe) return recipe.plain;
  if ("special" in recipe) return special(recipe.special);
  if ("deep" in recipe) return nested(recipe.deep);
  if ("getter" in recipe) return throwingGetter(recipe.getter, asObject(build(recipe.on)));
  if ("flip" in recipe) {
    const on = asObject(build(recipe.on));
    return flipFlop(recipe.flip, Reflect.get(on, recipe.flip), 10n, on);
  }
  if ("proxyOver" in recipe) return throwingProxy(asObject(build(recipe.proxyOver)));
  if ("fields" in recipe) return Object.fromEntries(recipe.fields.map(([key, value]) => [key, build(value)]));
  return recipe.items.map(build);
}

/** Recipes for the values of `arbitrary`, used as they are. */
export const plain = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<Recipe> => arbitrary.map((value): Recipe => ({ plain: value }));

const FIELD_NAMES = ["outcome", "optionId", "id", "method", "params", "pending", "request_id", "session_id", "options", "questions", "tool_input"];

/** A value that breaks whatever reads it. */
export const hostileLeaf: fc.Arbitrary<Recipe> = fc.oneof(
  fc.constantFrom(...SPECIALS).map((kind): Recipe => ({ special: kind })),
  fc.integer({ min: 60, max: 5_000 }).map((depth): Recipe => ({ deep: depth })),
  fc.oneof(fc.string(), fc.constantFrom(...FIELD_NAMES)).map((key): Recipe => ({ getter: key, on: { plain: {} } })),
);

/** Any value, hostile ones included, also as fields of objects and items of arrays. */
export const anyValue: fc.Arbitrary<Recipe> = fc.oneof(
  plain(fc.anything()),
  hostileLeaf,
  fc.array(fc.tuple(fc.oneof(fc.string(), fc.constantFrom(...FIELD_NAMES)), fc.oneof(plain(fc.anything()), hostileLeaf)), { maxLength: 4 }).map((fields): Recipe => ({ fields })),
  fc.array(fc.oneof(plain(fc.anything()), hostileLeaf), { maxLength: 4 }).map((items): Recipe => ({ items })),
);

/** `valid` as it is, with one of `keys` replaced by any value or made a throwing getter, wrapped in a throwing proxy, or any value at all. */
export function like(valid: fc.Arbitrary<object>, keys: readonly string[]): fc.Arbitrary<Recipe> {
  const base = plain(valid);
  return fc.oneof(
    base,
    fc.tuple(valid, fc.constantFrom(...keys), anyValue).map(([object, key, bad]): Recipe => ({ fields: [...Object.entries(object).map(([name, value]): [string, Recipe] => [name, { plain: value }]), [key, bad]] })),
    fc.tuple(base, fc.constantFrom(...keys)).map(([on, key]): Recipe => ({ getter: key, on })),
    fc.tuple(base, fc.constantFrom(...keys)).map(([on, key]): Recipe => ({ flip: key, on })),
    base.map((on): Recipe => ({ proxyOver: on })),
    anyValue,
  );
}

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
