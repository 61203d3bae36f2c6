import { jsonSnapshot, type JsonValue } from "@app-server-protocol/validators";

/**
 * The typing seam of the output lines: what a value is read as stands for
 * the value, as the type it was given as. The writer of a line checks what
 * it reads (and `attempt` catches a value of another shape), as it did with
 * the value itself.
 */
function standsFor<T>(_given: T, _read: JsonValue): asserts _read is JsonValue & T {
  // Nothing to check at run time: the caller checks what it reads.
}

/** `value` read once into JSON data (`jsonSnapshot`), typed as it was given; `undefined` for a value with no snapshot. */
export function readAsGiven<T>(value: T): T | undefined {
  const snapshot = jsonSnapshot(value);
  if (!snapshot.ok) return undefined;
  const read = snapshot.value;
  standsFor(value, read);
  return read;
}
