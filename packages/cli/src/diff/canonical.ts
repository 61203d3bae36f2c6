import { isJsonObject } from "../json-value.js";

// Each object's text is worked out once: comparing whole subschemas at every level would otherwise cost their size again at each.
const known = new WeakMap<object, string>();

/**
 * JSON text with every object's keys sorted: equal exactly for JSON values
 * that are deep-equal (as ajv's `enum` and `const` compare them), whatever
 * order a generator wrote the keys in. The schemas a diff reads are never
 * changed in place, so each object's text is kept.
 */
export function canonical(value: unknown): string {
  if (typeof value !== "object" || value === null) return JSON.stringify(value) ?? "null";
  const cached = known.get(value);
  if (cached !== undefined) return cached;
  const text = Array.isArray(value) ? `[${value.map(canonical).join(",")}]` : isJsonObject(value) ? `{${Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(",")}}` : "null";
  known.set(value, text);
  return text;
}
