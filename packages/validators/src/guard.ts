import { matches } from "./compiled.js";
import type { ProtocolTypeName, ProtocolTypes } from "./generated/protocol-types.js";

/** A type guard for one protocol type; the generated `is<Type>` guards are made with it. */
export function guard<K extends ProtocolTypeName>(name: K): (value: unknown) => value is ProtocolTypes[K] {
  return (value: unknown): value is ProtocolTypes[K] => {
    try {
      return matches(name, value);
    } catch {
      return false;
    }
  };
}
