/** Always true: the guard behind `untyped`. */
function passesAs<T>(_value: unknown): _value is T {
  return true;
}

/**
 * Hands an API a value its types rule out, as a JavaScript caller, a cast or
 * `JSON.parse` can: the tests check what the package does with it at run
 * time.
 */
export function untyped<T>(value: unknown): T {
  if (passesAs<T>(value)) return value;
  throw new Error("unreachable");
}
