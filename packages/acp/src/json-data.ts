import { DEFAULT_SNAPSHOT_DEPTH, jsonSnapshot, type JsonValue } from "@app-server-protocol/validators";

// Everything the bridge takes from its caller is read once, into plain JSON
// data (`jsonSnapshot` of the validators), before it is checked or used: a
// getter or a proxy cannot answer one way when checked and another when
// used, cannot throw past the bridge, no array is walked past what it holds,
// and whatever the bridge keeps or hands back can be written with
// JSON.stringify. The readers below read that data.

/**
 * How deeply nested (arrays and objects inside each other) the JSON the
 * bridge reads may be: deeper params do not decode, and a deeper
 * `tool_input` is kept as text. Protocol params nest 5 levels at most; the
 * limit keeps anything the bridge produces far from the depth at which
 * `JSON.stringify` overflows the stack. It is the validators' default
 * snapshot depth.
 */
export const MAX_JSON_DEPTH = DEFAULT_SNAPSHOT_DEPTH;

/** A value read once into JSON data; `undefined` for one with no snapshot (it throws when read, holds a cycle, a bigint or an array with holes, nests deeper than `MAX_JSON_DEPTH`, or is not JSON data at all). */
export function readJson(value: unknown): JsonValue | undefined {
  const snapshot = jsonSnapshot(value, { maxDepth: MAX_JSON_DEPTH });
  return snapshot.ok ? snapshot.value : undefined;
}

/**
 * The top-level fields of a message envelope (`id`, `method`, `params`),
 * each read once: the id and method are used only when they are strings,
 * the params only once read with `readJson`, so a request whose params have
 * no snapshot still names the id it answers. `undefined` for a value that is
 * not an object or throws when read.
 */
export function envelopeFields(value: unknown): { readonly id: unknown; readonly method: unknown; readonly params: unknown } | undefined {
  try {
    if (typeof value !== "object" || value === null) return undefined;
    return { id: Reflect.get(value, "id"), method: Reflect.get(value, "method"), params: Reflect.get(value, "params") };
  } catch {
    return undefined;
  }
}

/** Whether JSON data is a list. */
export function isList(value: JsonValue | undefined): value is JsonValue[] {
  return Array.isArray(value);
}

/** An own field of JSON data, or `undefined` when it is not an object or has no such field. */
export function readField(value: JsonValue | undefined, key: string): JsonValue | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

/** A string field of JSON data, or `""` when it is missing or not a string. */
export function readString(value: JsonValue | undefined, key: string): string {
  const field = readField(value, key);
  return typeof field === "string" ? field : "";
}
