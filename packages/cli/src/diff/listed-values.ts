import { isJsonObject, type JsonObject } from "../json-value.js";
import { matchesPattern } from "./linear-pattern.js";

/** The values a schema's `const` or `enum` lists, the most it can accept; `undefined` when it lists none. */
export function listedValues(schema: JsonObject): readonly unknown[] | undefined {
  if (Object.hasOwn(schema, "const")) return [schema["const"]];
  return Array.isArray(schema["enum"]) ? schema["enum"] : undefined;
}

/** A JSON value's type as `type` spells it; a whole number is an `integer`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return isJsonObject(value) ? "object" : typeof value;
}

/** What a bound keyword measures in `value`, `undefined` when it does not apply to the value's type. */
function measured(value: unknown, keyword: string): number | undefined {
  if (keyword.endsWith("Length")) return typeof value === "string" ? [...value].length : undefined;
  if (keyword.endsWith("Items")) return Array.isArray(value) ? value.length : undefined;
  if (keyword.endsWith("Properties")) return isJsonObject(value) ? Object.keys(value).length : undefined;
  return typeof value === "number" ? value : undefined;
}

/** Whether `value` meets `keyword: bound` (a value of a type the bound does not apply to does). */
export function meetsBound(value: unknown, keyword: string, bound: number): boolean {
  const size = measured(value, keyword);
  if (size === undefined) return true;
  if (keyword === "exclusiveMinimum") return size > bound;
  if (keyword === "exclusiveMaximum") return size < bound;
  return keyword.startsWith("min") ? size >= bound : size <= bound;
}

/** Whether `value` meets `pattern` as JSON Schema reads it (unanchored), matched in linear time; a value that is no string does; `undefined` when the engine cannot compile the pattern. */
export function meetsPattern(value: unknown, pattern: unknown): boolean | undefined {
  if (typeof value !== "string") return true;
  if (typeof pattern !== "string") return false;
  return matchesPattern(pattern, value);
}

/** The one value a schema allows by `const` or a one-value `enum` (a tag field, as generators spell it), `undefined` otherwise. */
export function singleValue(schema: JsonObject): unknown {
  const listed = listedValues(schema);
  return listed?.length === 1 ? listed[0] : undefined;
}
