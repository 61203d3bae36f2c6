/** A decoded JSON object whose fields are not read yet. */
export type JsonObject = { readonly [key: string]: unknown };

/** Whether a decoded JSON value is an object (not an array, not `null`). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
