import { validateType, type MessageTypeName, type ProtocolTypes } from "@app-server-protocol/validators";
import { readJson } from "./json-data.js";

/** `value` as protocol type `name`, read once into plain data and checked against its schema; `undefined` when it is not one. */
export function decode<K extends MessageTypeName>(name: K, value: unknown): ProtocolTypes[K] | undefined {
  const read = readJson(value);
  if (read === undefined) return undefined;
  const result = validateType(name, read);
  return result.ok ? result.value : undefined;
}
