/** ajv's test of a JSON object: an object, not null, not an array. The generated matchers call it for each object they check. */
export function isObject(value: unknown): value is object {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
