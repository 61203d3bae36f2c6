import { isJsonObject } from "../json-value.js";
import type { PathStep } from "./sensitive-paths.js";

/** The string a redacted string field holds. */
export const REDACTED_STRING = "[redacted]";

/** The marker of the same JSON type that replaces a sensitive value; `null` stays `null`. */
export function redactionMarker(value: unknown): unknown {
  if (typeof value === "string") return REDACTED_STRING;
  if (typeof value === "number") return 0;
  if (typeof value === "boolean") return false;
  if (Array.isArray(value)) return [];
  return isJsonObject(value) ? {} : value;
}

function isMarker(value: unknown): boolean {
  const marker = redactionMarker(value);
  if (Array.isArray(value)) return value.length === 0;
  if (isJsonObject(value)) return Object.keys(value).length === 0;
  return marker === value;
}

/**
 * `value` with the field at `steps` replaced by its marker, or `value`
 * itself (the same reference) when there is nothing to replace: the path is
 * absent, or the field already holds its marker. Copies only along the path.
 */
export function redactedAt(value: unknown, steps: readonly PathStep[]): unknown {
  const [step, ...rest] = steps;
  if (step === undefined) return isMarker(value) ? value : redactionMarker(value);
  if ("each" in step) {
    if (!Array.isArray(value)) return value;
    const items: unknown[] = value.map((item: unknown) => redactedAt(item, rest));
    return items.every((item, index) => item === value[index]) ? value : items;
  }
  if (!isJsonObject(value) || !Object.hasOwn(value, step.key)) return value;
  const field = value[step.key];
  const redacted = redactedAt(field, rest);
  if (redacted === field) return value;
  // defineProperty, not assignment: a parsed `__proto__` key stays an own field.
  const copy = { ...value };
  Object.defineProperty(copy, step.key, { value: redacted, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** `value` with every path of `paths` redacted (the same reference when nothing changed). */
export function redactedAll(value: unknown, paths: readonly (readonly PathStep[])[]): unknown {
  return paths.reduce<unknown>((current, steps) => redactedAt(current, steps), value);
}
