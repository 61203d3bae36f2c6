import { attempt } from "./attempt.js";

/** One option of a caller's options object, read once: `undefined` when the options are not an object or reading the option throws. */
export function readOption(options: unknown, key: string): unknown {
  return attempt(
    () => (typeof options === "object" && options !== null ? Reflect.get(options, key) : undefined),
    () => undefined,
  );
}

/** A number option, read once; `fallback` for one that is missing, not a number, `NaN`, or throws when read. */
export function numberOption(options: unknown, key: string, fallback: number): number {
  const value = readOption(options, key);
  return typeof value === "number" && !Number.isNaN(value) ? value : fallback;
}
