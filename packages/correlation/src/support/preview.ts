import { attempt } from "./attempt.js";

/** How many UTF-16 units of a peer-chosen id or name a message quotes. */
const QUOTED_LENGTH = 64;

/**
 * A peer-chosen name (a line `type`, a control subtype, a method) as the
 * stream-JSON texts show it: its first 64 UTF-16 units.
 */
export function shownName(name: string): string {
  return name.slice(0, QUOTED_LENGTH);
}

/** `text` cut to `limit` UTF-16 units, an ellipsis marking the cut. */
export function clipped(text: string, limit: number): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}

/**
 * A short rendering of any value for a message, as the validators preview
 * values: a number, boolean or `null` as written, a string cut to 64 units
 * with an ellipsis, anything else by its kind. Never the whole of a large or
 * deep value, and never throws.
 */
export function previewValue(value: unknown): string {
  if (typeof value === "string") return clipped(value, QUOTED_LENGTH);
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "object") return typeof value;
  // Array.isArray throws on a revoked proxy.
  return attempt(
    () => (Array.isArray(value) ? "an array" : "an object"),
    () => "an object",
  );
}

/** An id in backticks for a message, cut short when long; a value that is not a string shows by its kind. */
export function quotedId(id: unknown): string {
  return `\`${previewValue(id)}\``;
}
