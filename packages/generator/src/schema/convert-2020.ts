import { isJsonObject, type JsonObject } from "../json.js";

/** Keywords whose value is one subschema. */
const SCHEMA_KEYWORDS = ["additionalProperties", "items", "additionalItems", "not", "if", "then", "else", "contains", "propertyNames"];
/** Keywords whose value is a list of subschemas. */
const SCHEMA_LIST_KEYWORDS = ["anyOf", "oneOf", "allOf", "items", "prefixItems"];
/** Keywords whose value maps names to subschemas. */
const SCHEMA_MAP_KEYWORDS = ["properties", "patternProperties", "definitions", "$defs"];

const DRAFT_07_DEFINITIONS = "#/definitions/";
const DEFS = "#/$defs/";

/**
 * Visits every subschema of `schema` (depth first, the schema itself last),
 * descending only through schema-valued keywords, so data such as `enum`,
 * `const` or `default` values and property names are never mistaken for
 * schemas.
 */
export function visitSchemas(schema: JsonObject, visit: (node: JsonObject) => void): void {
  for (const keyword of SCHEMA_KEYWORDS) {
    const value = schema[keyword];
    if (isJsonObject(value)) visitSchemas(value, visit);
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    const value = schema[keyword];
    if (Array.isArray(value)) for (const item of value) if (isJsonObject(item)) visitSchemas(item, visit);
  }
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    const value = schema[keyword];
    if (isJsonObject(value)) for (const item of Object.values(value)) if (isJsonObject(item)) visitSchemas(item, visit);
  }
  visit(schema);
}

/** The definition name a local `$ref` points at, or `undefined` for any other reference. */
export function localDefinitionName(ref: unknown): string | undefined {
  if (typeof ref !== "string" || !ref.startsWith(DEFS)) return undefined;
  return decodeURIComponent(ref.slice(DEFS.length)).replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The `$ref` value for a local definition. */
export function definitionRef(name: string): string {
  return `${DEFS}${encodeURIComponent(name.replace(/~/g, "~0").replace(/\//g, "~1"))}`;
}

function convertNode(node: JsonObject): void {
  if (typeof node.$ref === "string" && node.$ref.startsWith(DRAFT_07_DEFINITIONS)) {
    node.$ref = `${DEFS}${node.$ref.slice(DRAFT_07_DEFINITIONS.length)}`;
  }
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    delete node.items;
    if ("additionalItems" in node) {
      node.items = node.additionalItems;
      delete node.additionalItems;
    }
  }
  if (isJsonObject(node.definitions)) {
    node.$defs = node.definitions;
    delete node.definitions;
  }
}

/**
 * Converts a draft-07 schema to JSON Schema 2020-12 in place, keyword by
 * keyword: `definitions` become `$defs` (and references follow), tuple
 * `items` become `prefixItems` and `additionalItems` becomes `items`.
 */
export function convertToDraft2020(schema: JsonObject): JsonObject {
  visitSchemas(schema, convertNode);
  return schema;
}
