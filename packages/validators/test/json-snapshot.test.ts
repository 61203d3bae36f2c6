import { describe, expect, it } from "vitest";
import { DEFAULT_SNAPSHOT_DEPTH, MAX_SNAPSHOT_DEPTH, jsonSnapshot, type JsonSnapshot, type JsonSnapshotOptions } from "@app-server-protocol/validators";
import { countingElementLooks, flipFlop, sparseHugeArray, trapProxy } from "./support/hostile.js";

// jsonSnapshot reads a value once into JSON data: what JSON.stringify would
// write, read so that nothing changes or throws in between, and never walking
// what a value does not hold.

/** Hands a value of any type to a typed API, as a JavaScript caller can. */
function asIf<T>(input: unknown): T {
  return input as T;
}

function value(snapshot: JsonSnapshot): unknown {
  if (!snapshot.ok) throw new Error(`no snapshot: ${snapshot.error.message}`);
  return snapshot.value;
}

function nested(depth: number, inner: unknown = 1): unknown {
  let current = inner;
  for (let level = 0; level < depth; level += 1) current = [current];
  return current;
}

describe("JSON data", () => {
  it("is copied as it is, into fresh objects", () => {
    const input = { type: "request", id: "1", params: { list: [1, "two", true, null, { deep: [] }] } };
    const copy = value(jsonSnapshot(input));
    expect(copy).toEqual(input);
    expect(copy).not.toBe(input);
    if (typeof copy === "object" && copy !== null && !Array.isArray(copy)) Reflect.set(copy, "type", "changed");
    expect(input.type).toBe("request");
  });

  it("keeps a __proto__ key as a plain own key, as JSON.parse does", () => {
    const input: unknown = JSON.parse('{"__proto__":{"polluted":true},"a":1}');
    const copy = value(jsonSnapshot(input));
    expect(Object.keys(copy as object)).toEqual(["__proto__", "a"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });

  it("reads own enumerable string keys only, as JSON.stringify does", () => {
    class Request {
      readonly id = "1";
      get computed(): string {
        return "not own";
      }
    }
    const inherited = Object.assign(Object.create({ id: "inherited" }), { own: 1 });
    const hidden = Object.defineProperty({ shown: 1, [Symbol("s")]: 2 }, "hidden", { value: 3, enumerable: false });
    expect(value(jsonSnapshot(new Request()))).toEqual({ id: "1" });
    expect(value(jsonSnapshot(inherited))).toEqual({ own: 1 });
    expect(value(jsonSnapshot(hidden))).toEqual({ shown: 1 });
    expect(value(jsonSnapshot(Object.assign(Object.create(null), { a: 1 })))).toEqual({ a: 1 });
  });

  it("writes what JSON has no text for as JSON.stringify writes it", () => {
    const input = { nan: Number.NaN, infinite: -Infinity, zero: -0, gone: undefined, fn: () => 1, symbol: Symbol("s"), list: [undefined, () => 1, Symbol("s"), Number.NaN] };
    const copy = value(jsonSnapshot(input));
    expect(copy).toEqual({ nan: null, infinite: null, zero: 0, list: [null, null, null, null] });
    expect(Object.is((copy as { zero: number }).zero, 0)).toBe(true);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(input));
  });

  it("calls toJSON once, with the key, and writes what it returns as it is", () => {
    const keys: string[] = [];
    const stamp = { toJSON: (key: string) => (keys.push(key), { at: 5, toJSON: () => "not called" }) };
    expect(value(jsonSnapshot({ when: new Date(0), stamp, list: [stamp] }))).toEqual({ when: "1970-01-01T00:00:00.000Z", stamp: { at: 5 }, list: [{ at: 5 }] });
    expect(keys).toEqual(["stamp"]);
    expect(value(jsonSnapshot({ self: { toJSON() { return this; }, a: 1 } }))).toEqual({ self: { a: 1 } });
    expect(value(jsonSnapshot({ gone: { toJSON: () => undefined }, kept: 1 }))).toEqual({ kept: 1 });
  });

  it("reads boxed primitives as their primitives, and a Map or a Set as JSON.stringify does", () => {
    expect(value(jsonSnapshot([Object(3), Object("ab"), Object(false)]))).toEqual([3, "ab", false]);
    expect(value(jsonSnapshot({ map: new Map([["a", 1]]), set: new Set([1]) }))).toEqual({ map: {}, set: {} });
  });
});

describe("each property is read exactly once", () => {
  it("a getter runs once, and its first answer is the snapshot's", () => {
    let reads = 0;
    const input = { get request_id() { reads += 1; return reads === 1 ? "ask-1" : null; } };
    expect(value(jsonSnapshot(input))).toEqual({ request_id: "ask-1" });
    expect(reads).toBe(1);
  });

  it("an object met twice is copied once, and its copy is shared", () => {
    let reads = 0;
    const shared = { get id() { reads += 1; return `read ${reads}`; } };
    const copy = value(jsonSnapshot({ a: shared, b: [shared, shared] }));
    expect(copy).toEqual({ a: { id: "read 1" }, b: [{ id: "read 1" }, { id: "read 1" }] });
    expect(reads).toBe(1);
  });

  it("a value shared at every level is copied in linear time, where JSON.stringify doubles its work per level", () => {
    let diamond: unknown = { leaf: true };
    for (let level = 0; level < 60; level += 1) diamond = { left: diamond, right: diamond };
    const copy = value(jsonSnapshot(diamond));
    expect(typeof copy).toBe("object");
  });

  it("a flip-flopping getter inside a list is read once", () => {
    expect(value(jsonSnapshot([flipFlop("kind", "text", "banana", { text: "hi" })]))).toEqual([{ kind: "text", text: "hi" }]);
  });
});

describe("a value that is not JSON data has no snapshot, and the failure says why and where", () => {
  const failure = (input: unknown, maxDepth?: number) => {
    const snapshot = maxDepth === undefined ? jsonSnapshot(input) : jsonSnapshot(input, { maxDepth });
    return snapshot.ok ? undefined : snapshot.error;
  };

  it("a proxy that throws, a throwing getter or toJSON, a revoked proxy: unreadable", () => {
    expect(failure({ params: { questions: [trapProxy()] } })).toEqual({ reason: "unreadable", path: "/params/questions/0", message: "/params/questions/0: could not be read (Error thrown)" });
    const getter = Object.defineProperty({}, "id", { enumerable: true, get: () => { throw new TypeError("no"); } });
    expect(failure({ a: getter })).toMatchObject({ reason: "unreadable", path: "/a/id" });
    expect(failure({ toJSON: () => { throw new RangeError("no"); } })).toMatchObject({ reason: "unreadable", path: "", message: "could not be read (RangeError thrown)" });
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(failure([proxy])).toMatchObject({ reason: "unreadable", path: "/0" });
    expect(failure(trapProxy([]))).toMatchObject({ reason: "unreadable", path: "" });
  });

  it("a cycle, at the place it closes", () => {
    const node: { next?: unknown } = {};
    node.next = [node];
    expect(failure({ node })).toEqual({ reason: "cycle", path: "/node/next/0", message: "/node/next/0: the value contains itself" });
  });

  it("a bigint anywhere; undefined, a function or a symbol as the whole value; binary data", () => {
    expect(failure({ count: [1n] })).toEqual({ reason: "not_json", path: "/count/0", message: "/count/0: a bigint is not JSON data" });
    expect(failure(Object(1n))).toMatchObject({ reason: "not_json", path: "" });
    expect(failure(undefined)).toEqual({ reason: "not_json", path: "", message: "undefined is not JSON data" });
    expect(failure(() => 1)).toMatchObject({ reason: "not_json", message: "a function is not JSON data" });
    expect(failure(Symbol("s"))).toMatchObject({ reason: "not_json", message: "a symbol is not JSON data" });
    expect(failure({ bytes: new Uint8Array(8) })).toMatchObject({ reason: "not_json", path: "/bytes" });
  });

  it("an array with holes, however long it claims to be", () => {
    expect(failure([1, , 3])).toMatchObject({ reason: "sparse_array", path: "" });
    expect(failure({ list: sparseHugeArray(["a", "b"]) })).toEqual({ reason: "sparse_array", path: "/list", message: "/list: an array with holes (length 4294967295) is not JSON data" });
    const withNames = Object.assign([0, 1, 2, 3, 4], { extra: 1, more: 2 });
    delete withNames[2];
    expect(failure(withNames)).toMatchObject({ reason: "sparse_array" });
  });

  it("nesting deeper than maxDepth", () => {
    expect(failure(nested(DEFAULT_SNAPSHOT_DEPTH))).toBeUndefined();
    expect(failure(nested(DEFAULT_SNAPSHOT_DEPTH + 1))).toMatchObject({ reason: "too_deep" });
    expect(failure(nested(3), 3)).toBeUndefined();
    expect(failure(nested(3, []), 3)).toMatchObject({ reason: "too_deep", path: "/0/0/0", message: "/0/0/0: nests deeper than 3 levels of arrays and objects" });
    expect(failure(nested(100_000))).toMatchObject({ reason: "too_deep" });
    const shallow = [1];
    expect(failure({ near: shallow, far: nested(2, shallow) }, 4)).toBeUndefined();
    expect(failure({ near: shallow, far: nested(3, shallow) }, 4)).toMatchObject({ reason: "too_deep", path: "/far/0/0/0" });
  });
});

describe("what a value does not hold is never walked", () => {
  it("an array of length 2^32 - 1 is refused after a look at each element it holds", () => {
    const counted = countingElementLooks(sparseHugeArray(["a", "b", "c"]));
    expect(jsonSnapshot({ list: counted.proxy })).toMatchObject({ ok: false, error: { reason: "sparse_array" } });
    expect(counted.looks()).toBeLessThanOrEqual(3);
  });

  it("a short array is walked only up to its first hole", () => {
    const list = Array.from({ length: 20 }, (_, index) => index);
    delete list[5];
    const counted = countingElementLooks(list);
    expect(jsonSnapshot(counted.proxy).ok).toBe(false);
    expect(counted.looks()).toBeLessThanOrEqual(7);
  });

  it("a dense array of any length is copied", () => {
    const list = Array.from({ length: 100_000 }, (_, index) => index);
    expect(value(jsonSnapshot(list))).toEqual(list);
  });
});

describe("the maxDepth option", () => {
  it("falls back to the default when it is not a whole number or cannot be read, and is capped", () => {
    const deep = nested(DEFAULT_SNAPSHOT_DEPTH + 1);
    const throwing = Object.defineProperty({}, "maxDepth", { get: () => { throw new Error("no"); } });
    const hostile: unknown[] = [{ maxDepth: 100n }, { maxDepth: Symbol("s") }, { maxDepth: Number.NaN }, { maxDepth: -1 }, { maxDepth: 70.5 }, { maxDepth: "70" }, trapProxy(), throwing, 70n];
    for (const options of hostile) expect(jsonSnapshot(deep, asIf<JsonSnapshotOptions>(options)).ok).toBe(false);
    expect(jsonSnapshot(deep, { maxDepth: DEFAULT_SNAPSHOT_DEPTH + 1 }).ok).toBe(true);
    expect(jsonSnapshot(nested(MAX_SNAPSHOT_DEPTH), { maxDepth: Number.MAX_SAFE_INTEGER }).ok).toBe(true);
    expect(jsonSnapshot(nested(MAX_SNAPSHOT_DEPTH + 1), { maxDepth: Number.MAX_SAFE_INTEGER }).ok).toBe(false);
  });
});

describe("a toJSON that returns an object met elsewhere", () => {
  it("reuses that object's copy, read once, within the depth limit", () => {
    let reads = 0;
    const shared = { get id() { reads += 1; return "once"; } };
    const copy = value(jsonSnapshot({ first: shared, second: { toJSON: () => shared } }));
    expect(copy).toEqual({ first: { id: "once" }, second: { id: "once" } });
    expect(reads).toBe(1);
    expect(jsonSnapshot({ first: [[1]], second: { toJSON: () => [[1]] } }, { maxDepth: 3 }).ok).toBe(true);
    const deep = [[1]];
    expect(jsonSnapshot({ first: deep, second: [{ toJSON: () => deep }] }, { maxDepth: 3 })).toMatchObject({ ok: false, error: { reason: "too_deep" } });
  });
});
