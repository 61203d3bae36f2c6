import type { JsonValue } from "@app-server-protocol/validators";

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };

export function isJsonObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The own field `key` of `value` when it is an object. */
export function member(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** The string field `key` of `value`, if it is one. */
export function stringMember(value: JsonValue | undefined, key: string): string | undefined {
  const field = member(value, key);
  return typeof field === "string" ? field : undefined;
}

/** The value a JSON Pointer (RFC 6901) names inside `value`; `undefined` when it names nothing. */
export function atPointer(value: JsonValue | undefined, pointer: string): JsonValue | undefined {
  if (pointer === "") return value;
  if (!pointer.startsWith("/")) return undefined;
  let current = value;
  for (const raw of pointer.slice(1).split("/")) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (Array.isArray(current)) current = /^(0|[1-9][0-9]*)$/.test(key) ? current[Number(key)] : undefined;
    else current = member(current, key);
    if (current === undefined) return undefined;
  }
  return current;
}

/**
 * Whether two JSON values are equal: the same scalars, arrays element by
 * element, objects key by key in any order. Walked with a stack of its own,
 * so a value a peer nested deeply is compared, not a stack overflow.
 */
export function jsonEqual(left: JsonValue | undefined, right: JsonValue | undefined): boolean {
  const pending: [JsonValue | undefined, JsonValue | undefined][] = [[left, right]];
  for (let pair = pending.pop(); pair !== undefined; pair = pending.pop()) {
    const [a, b] = pair;
    if (a === b) continue;
    if (Array.isArray(a)) {
      if (!Array.isArray(b) || a.length !== b.length) return false;
      a.forEach((item, index) => pending.push([item, b[index]]));
      continue;
    }
    if (!isJsonObject(a) || !isJsonObject(b)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length || !keys.every((key) => Object.hasOwn(b, key))) return false;
    for (const key of keys) pending.push([a[key], b[key]]);
  }
  return true;
}

/** `base` with the fields of `extra` added (or replaced), when both are objects; `base` otherwise. */
export function withFields(base: JsonValue, extra: JsonValue | undefined): JsonValue {
  if (extra === undefined || !isJsonObject(base) || !isJsonObject(extra)) return base;
  // fromEntries defines each key as an own field, `__proto__` included.
  return Object.fromEntries([...Object.entries(base), ...Object.entries(extra)]);
}

/** `base` with the fields of `extra` it does not have (its own win), when `extra` is an object. */
export function withExtraFields(base: JsonObject, extra: JsonValue | undefined): JsonObject {
  return isJsonObject(extra) ? Object.fromEntries([...Object.entries(extra), ...Object.entries(base)]) : base;
}

/** `value` without the field `key`, when it is an object. */
export function withoutMember(value: JsonValue | undefined, key: string): JsonValue | undefined {
  if (!isJsonObject(value)) return value;
  // fromEntries defines each key as an own field, `__proto__` included.
  return Object.fromEntries(Object.entries(value).filter(([field]) => field !== key));
}

const QUOTED_CHARACTERS = 64;

/** A short, bounded quote of a value for a message: strings quoted and cut short, containers named, never serialized whole. */
export function excerpt(value: JsonValue | undefined): string {
  if (value === undefined) return "nothing";
  if (typeof value === "string") return JSON.stringify(value.length > QUOTED_CHARACTERS ? `${value.slice(0, QUOTED_CHARACTERS)}…` : value);
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null || typeof value !== "object") return String(value);
  return "an object";
}
