import { isJsonObject, type JsonObject } from "../json.js";

/** Keywords in the order a reader wants them; anything else follows, sorted. */
const KEY_ORDER = [
  "$schema",
  "$id",
  "title",
  "description",
  "x-protocol-version",
  "x-sensitive",
  "x-opaque",
  "x-emitted",
  "$ref",
  "type",
  "const",
  "enum",
  "discriminator",
  "oneOf",
  "anyOf",
  "allOf",
  "properties",
  "required",
  "additionalProperties",
  "prefixItems",
  "items",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "default",
  "$defs",
];

const SUBSCHEMA = new Set(["additionalProperties", "items", "not", "if", "then", "else", "contains", "propertyNames"]);
const SUBSCHEMA_LIST = new Set(["anyOf", "oneOf", "allOf", "items", "prefixItems"]);
const SOURCE_ORDERED_MAPS = new Set(["properties", "patternProperties"]);

function rank(key: string): number {
  const index = KEY_ORDER.indexOf(key);
  return index === -1 ? KEY_ORDER.length : index;
}

function layoutValue(key: string, value: unknown): unknown {
  if (SUBSCHEMA_LIST.has(key) && Array.isArray(value)) return value.map((item) => (isJsonObject(item) ? layoutSchema(item) : item));
  if (SUBSCHEMA.has(key) && isJsonObject(value)) return layoutSchema(value);
  if (SOURCE_ORDERED_MAPS.has(key) && isJsonObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, isJsonObject(item) ? layoutSchema(item) : item]));
  }
  if (key === "$defs" && isJsonObject(value)) {
    const names = Object.keys(value).sort();
    return Object.fromEntries(names.map((name) => {
      const item = value[name];
      return [name, isJsonObject(item) ? layoutSchema(item) : item];
    }));
  }
  return value;
}

/**
 * A copy of `schema` with keywords in reading order, `$defs` sorted by name
 * and properties left in source order, so the output is byte-stable.
 */
export function layoutSchema(schema: JsonObject): JsonObject {
  const keys = Object.keys(schema).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, layoutValue(key, schema[key])]));
}
