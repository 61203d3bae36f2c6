/**
 * Runs `read`, or returns what `fallback` makes of the error it threw. Values
 * from outside can throw while they are read (a getter, a proxy trap, a
 * revoked proxy, a value nested deeper than the stack), and no entry point of
 * this package may pass that on.
 */
export function attempt<T>(read: () => T, fallback: (error: unknown) => T): T {
  try {
    return read();
  } catch (error) {
    return fallback(error);
  }
}

/** The name of what was thrown, for a message that must stay short: never its text. */
export function errorName(error: unknown): string {
  return attempt(
    () => (error instanceof Error && typeof error.name === "string" ? error.name.slice(0, 32) : "error"),
    () => "error",
  );
}
