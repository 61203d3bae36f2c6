// Values from JavaScript callers are not always JSON data: a getter can
// answer differently each time it is read, a proxy can throw, an array can
// claim 2^32 - 1 elements in a few bytes. A snapshot reads such a value once
// into plain JSON data, which every later check and use then reads instead,
// so what was checked is what is used, and whatever is built from it can be
// written with JSON.stringify.
import { pointerToken } from "./pointer.js";
import { messageAt, thrownName } from "./result.js";

/** JSON data, as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Why a value has no snapshot:
 * - `unreadable`: reading it threw (a getter, a proxy trap, a revoked proxy, a `toJSON`);
 * - `cycle`: it contains itself;
 * - `too_deep`: arrays and objects nest deeper than `maxDepth`;
 * - `not_json`: a bigint, or (the whole value) `undefined`, a function or a symbol, which JSON has no text for;
 * - `sparse_array`: an array with holes, whose `length` says more than it holds.
 */
export type JsonSnapshotReason = "unreadable" | "cycle" | "too_deep" | "not_json" | "sparse_array";

/** Why a value has no snapshot, and where. */
export interface JsonSnapshotFailure {
  /** Why the value has no snapshot. */
  readonly reason: JsonSnapshotReason;
  /** JSON Pointer to the value that could not be read (`""` is the whole value). */
  readonly path: string;
  /** One line for people, starting with the path when there is one; bounded in length as a validation failure's. */
  readonly message: string;
}

/** A value read into JSON data, or why it could not be. */
export type JsonSnapshot = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly error: JsonSnapshotFailure };

/** Options of `jsonSnapshot`. */
export interface JsonSnapshotOptions {
  /**
   * How many levels of arrays and objects may nest (`[]` is one level).
   * Defaults to `DEFAULT_SNAPSHOT_DEPTH`; at most `MAX_SNAPSHOT_DEPTH`, and a
   * value that is not a whole number counts as the default.
   */
  readonly maxDepth?: number;
}

/** The default nesting limit of `jsonSnapshot`: protocol messages nest far less, and `JSON.stringify` overflows far deeper. */
export const DEFAULT_SNAPSHOT_DEPTH = 64;

/** The largest `maxDepth` `jsonSnapshot` takes: a snapshot recurses once per level, and must stay far from the stack's end. */
export const MAX_SNAPSHOT_DEPTH = 1000;

/** Arrays up to this length are checked for holes element by element; longer ones count their elements first, so a huge `length` is never walked. */
const ITEMS_CHECKED_ONE_BY_ONE = 32;

/** Thrown inside a snapshot when the value is not JSON data. Not an `Error`: nothing needs its stack. */
class Refusal {
  constructor(
    readonly reason: JsonSnapshotReason,
    readonly text: string,
  ) {}
}

interface Copied {
  readonly value: JsonValue;
  /** How many levels of arrays and objects the copy nests (1 for an object of primitives). */
  readonly height: number;
}

/** Marks an object whose copy is under way: meeting it again is a cycle. */
const OPEN: Copied = { value: null, height: Number.POSITIVE_INFINITY };

/** How many objects are looked up by a scan of a list before a map takes over (a map hashes each object it keys, which costs more than scanning a short list). */
const SCANNED_OBJECTS = 128;

/** The copies of the objects of one snapshot, by object. */
class Copies {
  private readonly objects: object[] = [];
  private readonly copies: Copied[] = [];
  private map: Map<object, Copied> | undefined;

  get(object: object): Copied | undefined {
    if (this.map !== undefined) return this.map.get(object);
    const index = this.objects.indexOf(object);
    return index === -1 ? undefined : this.copies[index];
  }

  set(object: object, copied: Copied): void {
    if (this.map !== undefined) {
      this.map.set(object, copied);
      return;
    }
    const index = this.objects.indexOf(object);
    if (index !== -1) {
      this.copies[index] = copied;
      return;
    }
    this.objects.push(object);
    this.copies.push(copied);
    if (this.objects.length > SCANNED_OBJECTS) this.map = new Map(this.objects.map((known, at) => [known, this.copies[at] ?? OPEN]));
  }

  delete(object: object): void {
    if (this.map !== undefined) {
      this.map.delete(object);
      return;
    }
    const index = this.objects.indexOf(object);
    if (index === -1) return;
    this.objects.splice(index, 1);
    this.copies.splice(index, 1);
  }
}

type Fields = { [key: string]: JsonValue };

/** Sets a field as JSON.parse does: an own data property, `__proto__` included. */
function define(fields: Fields, key: string, value: JsonValue): void {
  if (key === "__proto__") Object.defineProperty(fields, key, { value, enumerable: true, writable: true, configurable: true });
  else fields[key] = value;
}

/** An object's contents copied, or the primitive it stands for (what its `toJSON` returned, or a boxed primitive). */
type Contents = Copied | { readonly primitive: unknown };

/** The primitive a `Number`, `String`, `Boolean` or `BigInt` object holds (JSON.stringify writes the primitive), read from its internal slot, never by calling its own methods. */
function boxedPrimitive(value: object): { readonly primitive: unknown } | undefined {
  // Object.prototype.toString only names the slot to try: the intrinsic valueOf throws for an object without that slot.
  const tag: unknown = Object.prototype.toString.call(value);
  try {
    if (tag === "[object Number]") return { primitive: Number.prototype.valueOf.call(value) };
    if (tag === "[object String]") return { primitive: String.prototype.valueOf.call(value) };
    if (tag === "[object Boolean]") return { primitive: Boolean.prototype.valueOf.call(value) };
    if (tag === "[object BigInt]") return { primitive: BigInt.prototype.valueOf.call(value) };
  } catch {
    return undefined;
  }
  return undefined;
}

class Snapshotter {
  /** Each object met, copied once (a shared object is not read again), or `OPEN` while its copy is under way. */
  private readonly copies = new Copies();
  /** Where the copy is: the keys and indexes from the whole value down. */
  readonly path: (string | number)[] = [];
  /** The height of the value `copy` returned last. */
  private height = 0;

  constructor(private readonly maxDepth: number) {}

  /** The copy of `value`, read under `key` of its holder `depth` levels down; `undefined` for what JSON leaves out. */
  copy(value: unknown, key: string | number, depth: number): JsonValue | undefined {
    this.height = 0;
    switch (typeof value) {
      case "string":
      case "boolean":
        return value;
      case "number":
        // JSON writes -0 as 0, and has no text for NaN or the infinities, which JSON.stringify writes as null.
        return Number.isFinite(value) ? value + 0 : null;
      case "bigint":
        throw new Refusal("not_json", "a bigint is not JSON data");
      case "object":
        return value === null ? null : this.object(value, key, depth);
      default:
        return undefined;
    }
  }

  private object(value: object, key: string | number, depth: number): JsonValue | undefined {
    const known = this.copies.get(value);
    if (known === OPEN) throw new Refusal("cycle", "the value contains itself");
    if (known !== undefined) {
      if (depth + known.height > this.maxDepth) throw this.tooDeep();
      this.height = known.height;
      return known.value;
    }
    if (depth >= this.maxDepth) throw this.tooDeep();
    this.copies.set(value, OPEN);
    const contents = this.contentsOf(value, key, depth);
    if ("primitive" in contents) {
      this.copies.delete(value);
      return this.copy(contents.primitive, key, depth);
    }
    this.copies.set(value, contents);
    this.height = contents.height;
    return contents.value;
  }

  /** As JSON.stringify reads an object: `toJSON` first, and what it returns is written as it is (its own `toJSON` is not called). */
  private contentsOf(value: object, key: string | number, depth: number): Contents {
    const toJSON: unknown = Reflect.get(value, "toJSON");
    if (typeof toJSON !== "function") return this.contents(value, depth);
    const replaced: unknown = Reflect.apply(toJSON, value, [String(key)]);
    if (typeof replaced !== "object" || replaced === null) return { primitive: replaced };
    if (replaced === value) return this.contents(value, depth);
    const known = this.copies.get(replaced);
    if (known === OPEN) throw new Refusal("cycle", "the value contains itself");
    // Met before as a value, it was read then: its copy stands (a replacement's own toJSON aside, the same contents).
    if (known !== undefined) {
      if (depth + known.height > this.maxDepth) throw this.tooDeep();
      return known;
    }
    this.copies.set(replaced, OPEN);
    const contents = this.contents(replaced, depth);
    this.copies.delete(replaced);
    return contents;
  }

  /** An object's own contents: its elements, its enumerable own string-keyed fields, or the primitive a boxed one holds. */
  private contents(value: object, depth: number): Contents {
    if (Array.isArray(value)) return this.items(value, depth);
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      // Binary data is not JSON data, and its elements as fields could be a key per byte of a large buffer.
      if (ArrayBuffer.isView(value)) throw new Refusal("not_json", "binary data is not JSON data");
      const boxed = boxedPrimitive(value);
      if (boxed !== undefined) return boxed;
    }
    return this.fields(value, depth);
  }

  private items(list: readonly unknown[], depth: number): Copied {
    const length: unknown = list.length;
    // Only a proxy can give an array another length.
    if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) throw new Refusal("not_json", "an array whose length is not a length");
    // The own keys are in memory, the length is only a number: counting the keys first bounds the walk below by what the array holds.
    if (length > ITEMS_CHECKED_ONE_BY_ONE && Object.keys(list).length < length) throw this.sparse(length);
    const items: JsonValue[] = [];
    let height = 0;
    for (let index = 0; index < length; index += 1) {
      const item: unknown = list[index];
      if (item === undefined && !Object.hasOwn(list, index)) throw this.sparse(length);
      this.path.push(index);
      items.push(this.copy(item, index, depth + 1) ?? null);
      this.path.pop();
      if (this.height > height) height = this.height;
    }
    return { value: items, height: height + 1 };
  }

  private fields(record: object, depth: number): Copied {
    const fields: Fields = {};
    let height = 0;
    for (const key of Object.keys(record)) {
      this.path.push(key);
      const item = this.copy(Reflect.get(record, key), key, depth + 1);
      this.path.pop();
      if (item !== undefined) define(fields, key, item);
      if (this.height > height) height = this.height;
    }
    return { value: fields, height: height + 1 };
  }

  private tooDeep(): Refusal {
    return new Refusal("too_deep", `nests deeper than ${this.maxDepth} levels of arrays and objects`);
  }

  private sparse(length: number): Refusal {
    return new Refusal("sparse_array", `an array with holes (length ${length}) is not JSON data`);
  }
}

/** The `maxDepth` option, read once; the default for one that is missing, not a whole number, or throws when read. */
function maxDepthOf(options: unknown): number {
  let depth: unknown;
  try {
    depth = typeof options === "object" && options !== null ? Reflect.get(options, "maxDepth") : undefined;
  } catch {
    return DEFAULT_SNAPSHOT_DEPTH;
  }
  if (typeof depth !== "number" || !Number.isInteger(depth) || depth < 0) return DEFAULT_SNAPSHOT_DEPTH;
  return Math.min(depth, MAX_SNAPSHOT_DEPTH);
}

function refused(reason: JsonSnapshotReason, path: readonly (string | number)[], text: string): JsonSnapshot {
  const pointer = path.map((key) => `/${typeof key === "number" ? key : pointerToken(key)}`).join("");
  return { ok: false, error: { reason, path: pointer, message: messageAt(pointer, text) } };
}

/** What JSON has no text for, named for a message. */
function unwritable(value: unknown): string {
  return value === undefined ? "undefined" : `a ${typeof value}`;
}

/**
 * `value` read once into plain JSON data: what `JSON.parse(JSON.stringify(value))`
 * gives, read so that nothing can change or throw in between. Each property
 * is read exactly once (a getter runs once; an object met twice is copied
 * once); `toJSON` is called as JSON.stringify calls it; `Number`, `String`
 * and `Boolean` objects are their primitives; a `__proto__` key stays a
 * plain key; fields holding `undefined`, a function or a symbol are left out
 * and such array elements are `null`; non-finite numbers are `null` and -0
 * is 0. Never throws, and never walks what a value does not hold: a value
 * that throws when read, contains itself, nests deeper than `maxDepth`,
 * holds a bigint, is itself `undefined`, a function or a symbol, or holds an
 * array with holes (however large its `length`) has no snapshot, and the
 * failure says why and where.
 *
 * @example
 * ```ts
 * import { jsonSnapshot } from "@app-server-protocol/validators";
 *
 * let reads = 0;
 * const flaky = { get request_id() { reads += 1; return reads === 1 ? "ask-1" : null; } };
 * const snapshot = jsonSnapshot({ data: flaky, at: new Date(0), skipped: undefined });
 * snapshot; // => { ok: true, value: { data: { request_id: "ask-1" }, at: "1970-01-01T00:00:00.000Z" } }
 * const huge: unknown[] = [];
 * huge[2 ** 32 - 2] = "last";
 * jsonSnapshot({ list: huge }); // => { ok: false, error: { reason: "sparse_array", path: "/list", message: "/list: an array with holes (length 4294967295) is not JSON data" } }
 * jsonSnapshot({ count: 10n }).ok; // => false
 * ```
 */
export function jsonSnapshot(value: unknown, options: JsonSnapshotOptions = {}): JsonSnapshot {
  const snapshotter = new Snapshotter(maxDepthOf(options));
  try {
    const copy = snapshotter.copy(value, "", 0);
    return copy === undefined ? refused("not_json", [], `${unwritable(value)} is not JSON data`) : { ok: true, value: copy };
  } catch (error) {
    const { path } = snapshotter;
    return error instanceof Refusal ? refused(error.reason, path, error.text) : refused("unreadable", path, `could not be read (${thrownName(error)} thrown)`);
  }
}
