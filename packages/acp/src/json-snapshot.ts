// Everything the bridge takes from its caller is read once, into plain JSON
// data, before it is checked or used: a getter or a proxy cannot answer one
// way when checked and another when used, cannot throw past the bridge, and
// whatever the bridge keeps or hands back can be written with JSON.stringify.

/**
 * How deeply nested (arrays and objects inside each other) the JSON the
 * bridge reads may be: deeper params do not decode, and a deeper
 * `tool_input` is kept as text. Protocol params nest 5 levels at most; the
 * limit keeps anything the bridge produces far from the depth at which
 * `JSON.stringify` overflows the stack.
 */
export const MAX_JSON_DEPTH = 64;

/** A value read into plain JSON data, or not ok when it could not be. */
export type Snapshot = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

type JsonRecord = { readonly [key: string]: unknown };

function isRecord(value: unknown): value is JsonRecord {
  return typeof value === "object" && value !== null;
}

/** `Array.isArray`, typed without `any`, and false for a revoked proxy (where `Array.isArray` throws). */
export function isList(value: unknown): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return false;
  }
}

/** Thrown inside a snapshot when the value is not JSON data within the depth limit. */
class NotJson extends Error {}

/** A copied object and the nesting depth it reaches (1 for an object of primitives). */
interface Copied {
  readonly value: unknown;
  readonly height: number;
}

/** Marks an object whose copy is under way: meeting it again is a cycle. */
const OPEN: Copied = { value: undefined, height: Infinity };

/** Sets a property as JSON.parse does: an own data property, `__proto__` included. */
function define(target: { [key: string]: unknown }, key: string, value: unknown): void {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

class Copier {
  /** Each object met, copied once (a shared object is not copied again), or `OPEN` while its copy is under way. */
  private readonly seen = new Map<object, Copied>();
  /** The nesting depth of the value `copy` returned last. */
  private height = 0;

  constructor(private readonly maxDepth: number) {}

  /** The JSON copy of `value` met `depth` levels down; `undefined` for what JSON leaves out. */
  copy(value: unknown, depth: number): unknown {
    this.height = 0;
    if (typeof value === "string" || typeof value === "boolean" || value === null) return value;
    if (typeof value === "number") return Number.isFinite(value) ? value : null;
    if (typeof value === "bigint") throw new NotJson();
    if (!isRecord(value)) return undefined;
    const copied = this.seen.get(value) ?? this.copyObject(value, depth);
    if (depth + copied.height > this.maxDepth) throw new NotJson();
    this.height = copied.height;
    return copied.value;
  }

  private copyObject(value: JsonRecord, depth: number): Copied {
    if (depth >= this.maxDepth) throw new NotJson();
    this.seen.set(value, OPEN);
    let height = 0;
    let copy: unknown;
    if (isList(value)) {
      const length: unknown = value.length;
      if (typeof length !== "number" || !Number.isSafeInteger(length) || length < 0) throw new NotJson();
      const items: unknown[] = [];
      for (let index = 0; index < length; index += 1) {
        items.push(this.copy(value[index], depth + 1) ?? null);
        height = Math.max(height, this.height);
      }
      copy = items;
    } else {
      const fields: { [key: string]: unknown } = {};
      for (const key of Object.keys(value)) {
        const item = this.copy(value[key], depth + 1);
        height = Math.max(height, this.height);
        if (item !== undefined) define(fields, key, item);
      }
      copy = fields;
    }
    const copied = { value: copy, height: height + 1 };
    this.seen.set(value, copied);
    return copied;
  }
}

/**
 * `value` read into plain JSON data: own enumerable properties, each read
 * once; `undefined`, functions and symbols left out as JSON.stringify leaves
 * them out; non-finite numbers as `null`. Not ok for a value that throws when
 * read, a cycle, a bigint, or nesting deeper than `maxDepth`.
 */
export function jsonSnapshot(value: unknown, maxDepth: number = MAX_JSON_DEPTH): Snapshot {
  try {
    return { ok: true, value: new Copier(maxDepth).copy(value, 0) };
  } catch {
    return { ok: false };
  }
}

/** One property of a value, or `undefined` when it has none or reading it throws. */
export function readField(value: unknown, key: string): unknown {
  try {
    return isRecord(value) ? value[key] : undefined;
  } catch {
    return undefined;
  }
}

/** A string property, or `""` when it is missing, not a string, or throws. */
export function readString(value: unknown, key: string): string {
  const field = readField(value, key);
  return typeof field === "string" ? field : "";
}
