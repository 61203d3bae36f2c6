import type { JsonObject } from "../json-value.js";
import { asObject, type Compare, type Comparison, type Place } from "./comparison.js";
import type { TypeTable } from "./minimal-instance.js";
import { refName } from "./pointer.js";

// Deep enough for chains of renamed or inlined types; past it a `$ref` is compared by the name it points to.
const MAX_FOLLOWED = 32;

/**
 * `schema` as the messages see it: for a `$ref`, the named type of its own
 * set (in normal form), with the annotations beside the `$ref` winning
 * over the type's own (normal form leaves nothing that validates beside a
 * `$ref`: that became an `allOf`); `undefined` when the `$ref` names no
 * type of the set.
 */
function followed(schema: JsonObject, types: TypeTable): JsonObject | undefined {
  if (!Object.hasOwn(schema, "$ref")) return schema;
  const name = refName(schema["$ref"]);
  if (name === undefined || !types.has(name)) return undefined;
  const { $ref: _ref, ...beside } = schema;
  return { ...asObject(types.get(name)), ...beside };
}

/**
 * Compares two schemas whose `$ref`s differ through the types they name
 * (a `$ref` against an inline schema, or against a `$ref` to another name),
 * so that only what changes the accepted messages is reported. False when a
 * `$ref` cannot be followed: it is then compared by the name it points to.
 */
export function comparedThrough(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison, compare: Compare): boolean {
  const [oldView, newView] = [followed(before, comparison.oldTypes), followed(after, comparison.newTypes)];
  if (oldView === undefined || newView === undefined || comparison.following.size >= MAX_FOLLOWED) return false;
  const pair = JSON.stringify([before["$ref"] ?? null, after["$ref"] ?? null]);
  if (comparison.following.has(pair)) return true;
  comparison.following.add(pair);
  try {
    compare(oldView, newView, at, comparison);
  } finally {
    comparison.following.delete(pair);
  }
  return true;
}
