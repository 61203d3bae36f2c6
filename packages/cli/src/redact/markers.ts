import { isJsonObject } from "../json-value.js";

/** The string a redacted string holds. */
export const REDACTED_STRING = "[redacted]";

const REDACTED_STRING_TEXT = JSON.stringify(REDACTED_STRING);

/**
 * The JSON text of the marker that replaces `value`, of the same JSON type
 * (`"[redacted]"`, `0`, `false`, `[]`, `{}`); `undefined` when `value`
 * needs none: it is `null`, or already its marker.
 */
export function markerText(value: unknown): string | undefined {
  if (typeof value === "string") return value === REDACTED_STRING ? undefined : REDACTED_STRING_TEXT;
  if (typeof value === "number") return value === 0 ? undefined : "0";
  if (typeof value === "boolean") return value ? "false" : undefined;
  if (Array.isArray(value)) return value.length === 0 ? undefined : "[]";
  return isJsonObject(value) && Object.keys(value).length > 0 ? "{}" : undefined;
}
