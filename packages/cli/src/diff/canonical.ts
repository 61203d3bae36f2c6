import { isJsonObject } from "../json-value.js";

/**
 * JSON text with every object's keys sorted: equal exactly for JSON values
 * that are deep-equal (as ajv's `enum` and `const` compare them), whatever
 * order a generator wrote the keys in.
 */
export function canonical(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (!isJsonObject(value)) return "null";
  return `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}`;
}
