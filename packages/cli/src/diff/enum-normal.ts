import { canonical } from "./canonical.js";
import { LOWER_BOUNDS, UPPER_BOUNDS } from "./keywords.js";
import { linearPattern } from "./linear-pattern.js";
import { jsonTypeOf, meetsBound } from "./listed-values.js";
import { NOTHING, type Normal } from "./normalize.js";

type Writable = { [key: string]: unknown };

/** Whether a type list (`undefined`: no `type`) admits values of JSON type `type`. */
function admits(types: unknown, type: string): boolean {
  if (!Array.isArray(types)) return true;
  return types.includes(type) || (type === "integer" && types.includes("number"));
}

/** The values of `values` without repeats (deep equality), in their order. */
export function uniqueValues(values: readonly unknown[]): unknown[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = canonical(value);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The `type` an enum of these values amounts to when it lists every value of its types (`true` and `false`, `null`), `undefined` otherwise. */
function wholeTypes(values: readonly unknown[]): string[] | undefined {
  const types = new Set(values.map(jsonTypeOf));
  if (![...types].every((type) => type === "boolean" || type === "null")) return undefined;
  if (types.has("boolean") && !(values.includes(true) && values.includes(false))) return undefined;
  return [...types].sort();
}

/**
 * An `enum` with only the values the keywords beside it let through (a
 * listed value of another type is never accepted), those keywords then
 * dropped: `{"type": "string", "enum": ["a"]}` and `{"const": "a"}` read
 * alike. A `pattern` the linear-time engine cannot compile stays. An enum
 * of every boolean, or of `null`, is its `type`; an empty one accepts
 * nothing.
 */
export function filteredEnum(node: Normal): Normal {
  const listed = node["enum"];
  if (!Array.isArray(listed)) return node;
  const result: Writable = { ...node };
  const pattern = typeof node["pattern"] === "string" ? linearPattern(node["pattern"]) : undefined;
  const bounds = [...LOWER_BOUNDS, ...UPPER_BOUNDS].filter((keyword) => typeof node[keyword] === "number");
  const kept = uniqueValues(listed).filter((value) => {
    if (!admits(node["type"], jsonTypeOf(value))) return false;
    if (!bounds.every((keyword) => meetsBound(value, keyword, Number(node[keyword])))) return false;
    return pattern === undefined || typeof value !== "string" || pattern.test(value);
  });
  for (const keyword of ["type", ...bounds]) delete result[keyword];
  if (pattern !== undefined) delete result["pattern"];
  if (kept.length === 0) return { ...withoutEnum(result), ...NOTHING };
  const types = wholeTypes(kept);
  if (types !== undefined) return { ...withoutEnum(result), type: types };
  result["enum"] = kept;
  return result;
}

function withoutEnum(node: Writable): Writable {
  const { enum: _enum, ...rest } = node;
  return rest;
}
