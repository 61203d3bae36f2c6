import type { ReadOptions } from "@app-server-protocol/legacy-shim";

/** A JSON object as `JSON.parse` returns it. */
export type JsonObject = { readonly [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The value of an own property (a parsed `__proto__` key included), `undefined` when absent or `value` is no object. */
export function own(value: unknown, key: string): unknown {
  return isJsonObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** An own property that is a string, else `undefined`. */
export function ownString(value: unknown, key: string): string | undefined {
  const field = own(value, key);
  return typeof field === "string" ? field : undefined;
}

/**
 * The legacy shim's option for values `JSON.parse` returned: read in place,
 * with no snapshot, since such a value has no getters, proxies, holes or
 * cycles (a snapshot would copy every line's questions and answers, about
 * half a `JSON.parse` of them, for nothing).
 */
export const IN_PLACE: ReadOptions = { snapshot: false };
