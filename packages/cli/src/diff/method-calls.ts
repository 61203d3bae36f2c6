import type { JsonObject } from "../json-value.js";
import type { MethodEntry } from "./schema-set.js";

/**
 * A set's method registry read as a schema of method calls, so a removed
 * method or a changed direction is witnessed by ajv like any other change:
 * an instance `{"direction": ..., "method": ..., "params": ...}` is
 * accepted when the registry has that method in that direction and its
 * params type accepts the params (`$ref`s into the set `id`).
 */
export function methodCallSchema(methods: ReadonlyMap<string, MethodEntry>, id: string): JsonObject {
  const calls = [...methods].map(([method, { direction, params }]) => ({
    type: "object",
    properties: { direction: { const: direction }, method: { const: method }, ...(params === null ? {} : { params: { $ref: `${id}#/$defs/${encodeURIComponent(params)}` } }) },
    required: ["direction", "method", ...(params === null ? [] : ["params"])],
  }));
  return { anyOf: calls.length === 0 ? [false] : calls };
}
