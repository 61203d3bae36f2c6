/**
 * `read()`, or `fallback()` when reading throws: a getter or proxy that
 * throws, or a value of another shape than its type says (only a value from
 * outside the type system can be one). Each function of the shim documents
 * what its fallback is.
 */
export function readOr<T>(read: () => T, fallback: () => T): T {
  try {
    return read();
  } catch {
    return fallback();
  }
}

/** Whether `value` is an object, whose fields can be read. */
export function isObject(value: unknown): value is object {
  return typeof value === "object" && value !== null;
}
