import { validateType, type MessageTypeName, type ProtocolTypes } from "@app-server-protocol/validators";
import { jsonSnapshot } from "./json-snapshot.js";

/** `value` as protocol type `name`, read once into plain data and checked against its schema; `undefined` when it is not one. */
export function decode<K extends MessageTypeName>(name: K, value: unknown): ProtocolTypes[K] | undefined {
  const snapshot = jsonSnapshot(value);
  if (!snapshot.ok) return undefined;
  const result = validateType(name, snapshot.value);
  return result.ok ? result.value : undefined;
}
