/**
 * One option of a caller's options object, read once: `undefined` when the
 * options are not an object or reading the option throws (a getter, a proxy
 * trap), so that an entry point falls back to the option's default.
 */
export function readOption(options: unknown, key: string): unknown {
  try {
    return typeof options === "object" && options !== null ? Reflect.get(options, key) : undefined;
  } catch {
    return undefined;
  }
}

/** A number option as given, or `fallback` when it is missing, not a number, or NaN. */
export function numberOption(options: unknown, key: string, fallback: number): number {
  const value = readOption(options, key);
  return typeof value === "number" && !Number.isNaN(value) ? value : fallback;
}

/** The options of a call given none: one shared object, not a new one per validated message. */
export const NO_OPTIONS: Readonly<Record<never, never>> = Object.freeze({});
