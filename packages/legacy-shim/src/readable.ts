import { jsonSnapshot, type JsonValue } from "@app-server-protocol/validators";

// Each function of the shim reads each argument once, into JSON data
// (`jsonSnapshot` of the validators), and works on that: a getter cannot
// answer one way when checked and another when used, no array is walked past
// what it holds, nothing the shim returns is the caller's object, and all it
// returns can be written with JSON.stringify.

/**
 * The typing seam of the shim: what an argument is read as stands for the
 * argument, as the type it was given as. The shim reads, and does not
 * decode, so a value of another type than its declared one is passed on as
 * read, for the validators to refuse, as the argument itself was before.
 */
function standsFor<T>(_given: T, _read: JsonValue): asserts _read is JsonValue & T {
  // Nothing to check at run time: the shim reads, it does not decode.
}

/**
 * `value` read once into JSON data, typed as it was given; `null` for a
 * value with no snapshot (it throws when read, holds a cycle, a bigint or an
 * array with holes, or is not JSON data at all).
 */
export function readAsGiven<T>(value: T): T {
  const snapshot = jsonSnapshot(value);
  const read = snapshot.ok ? snapshot.value : null;
  standsFor(value, read);
  return read;
}

/**
 * `read()`, or `fallback()` when it throws: a value of another shape than
 * its type says (only a value from outside the type system can be one).
 * Each function of the shim documents what its fallback is.
 */
export function readOr<T>(read: () => T, fallback: () => T): T {
  try {
    return read();
  } catch {
    return fallback();
  }
}

/**
 * Options of the functions that read a request or a client's answer
 * (`canonicalQuestions`, `outcomeFromResponse`, `checkAnswer`).
 */
export interface ReadOptions {
  /**
   * `false` reads the arguments in place, without a snapshot, as the
   * validators read values: for arguments that are JSON data already, such
   * as what `JSON.parse` returned, the result is the one their snapshot
   * gets, without the copy, and may share their objects. Any other value
   * still gets a result, never an exception, and no array is walked past
   * what it holds; but a getter may then run more than once. Defaults to
   * `true`.
   */
  readonly snapshot?: boolean;
}

/** Whether `options` asks for the arguments to be read in place: `snapshot` is `false`. Read once; an option that throws when read counts as absent. */
export function readsInPlace(options: unknown): boolean {
  try {
    return typeof options === "object" && options !== null && Reflect.get(options, "snapshot") === false;
  } catch {
    return false;
  }
}

/** Thrown on an array with a hole: it is not JSON data, and its `length` may be far more than it holds. */
class HoleInArray extends Error {}

/**
 * The items of `list`, its length read once and each item once, by index;
 * throws at the first hole, so that a list whose `length` is 2^32 - 1 is
 * never walked past what it holds. A snapshot has no holes: it is its
 * items as they are.
 */
export function heldItems<T>(list: readonly T[]): T[] {
  const count = list.length;
  const items: T[] = [];
  for (let index = 0; index < count; index += 1) {
    const item = list[index];
    if (item === undefined) throw new HoleInArray();
    items.push(item);
  }
  return items;
}

/** Whether `value` is an object, whose fields can be read. */
export function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
