import { isJsonObject, type JsonObject } from "../json-value.js";
import { patternSample } from "./pattern-sample.js";
import { refName } from "./pointer.js";

/** Types by name, for following `$ref`. */
export type TypeTable = ReadonlyMap<string, unknown>;

// Deep enough for every type of the protocol; recursive types stop here with null.
const MAX_DEPTH = 24;

/** The schema `$ref` points to, or the schema itself. */
export function resolved(schema: unknown, types: TypeTable): JsonObject {
  let node = schema;
  for (let hops = 0; hops < MAX_DEPTH && isJsonObject(node); hops++) {
    const name = refName(node["$ref"]);
    if (name === undefined) return node;
    node = types.get(name);
  }
  return isJsonObject(node) ? node : {};
}

function firstType(schema: JsonObject): string | undefined {
  const type = schema["type"];
  if (typeof type === "string") return type;
  if (Array.isArray(type)) return type.find((entry) => entry !== "null") ?? type[0];
  return isJsonObject(schema["properties"]) ? "object" : undefined;
}

function numberIn(schema: JsonObject, integer: boolean): number {
  const step = integer ? 1 : 0.5;
  const { minimum, exclusiveMinimum, maximum, exclusiveMaximum } = schema;
  let value = typeof minimum === "number" ? minimum : typeof exclusiveMinimum === "number" ? exclusiveMinimum + step : 0;
  if (typeof maximum === "number" && value > maximum) value = maximum;
  if (typeof exclusiveMaximum === "number" && value >= exclusiveMaximum) value = exclusiveMaximum - step;
  return integer ? Math.ceil(value) : value;
}

function count(schema: JsonObject, keyword: string): number {
  const value = schema[keyword];
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? Math.min(value, 10000) : 0;
}

/** The object of the required fields, each its simplest value, merged with the first union variant. */
function minimalObject(schema: JsonObject, types: TypeTable, depth: number): JsonObject {
  const properties = isJsonObject(schema["properties"]) ? schema["properties"] : {};
  const required = Array.isArray(schema["required"]) ? schema["required"].filter((name): name is string => typeof name === "string") : [];
  const object: { [key: string]: unknown } = {};
  // In the order the fields are declared, then any required field that is not.
  for (const name of [...Object.keys(properties).filter((field) => required.includes(field)), ...required.filter((field) => !Object.hasOwn(properties, field))]) object[name] = minimalInstance(properties[name], types, depth + 1);
  for (const name of Object.keys(properties)) if (Object.keys(object).length < count(schema, "minProperties")) object[name] = minimalInstance(properties[name], types, depth + 1);
  const variant = firstVariant(schema);
  const variantValue = variant === undefined ? undefined : minimalInstance(variant, types, depth + 1);
  return isJsonObject(variantValue) ? { ...object, ...variantValue } : object;
}

function firstVariant(schema: JsonObject): unknown {
  for (const union of ["oneOf", "anyOf"]) {
    const variants = schema[union];
    if (Array.isArray(variants) && variants.length > 0) return variants.find((variant) => !isJsonObject(variant) || variant["type"] !== "null") ?? variants[0];
  }
  return undefined;
}

/**
 * The simplest instance of a schema: required fields only, the first enum
 * value, the const, the first variant, numbers and lengths at their lower
 * bound. A guess to start a witness from; ajv decides whether it is valid.
 */
export function minimalInstance(schema: unknown, types: TypeTable, depth = 0): unknown {
  if (depth > MAX_DEPTH) return null;
  const node = resolved(schema, types);
  if (Object.hasOwn(node, "const")) return node["const"];
  if (Array.isArray(node["enum"]) && node["enum"].length > 0) return node["enum"][0];
  const type = firstType(node);
  const variant = firstVariant(node);
  if (type === undefined && variant !== undefined) return minimalInstance(variant, types, depth + 1);
  switch (type) {
    case "object":
      return minimalObject(node, types, depth);
    case "array":
      return Array.from({ length: count(node, "minItems") }, () => minimalInstance(node["items"], types, depth + 1));
    case "string":
      return (typeof node["pattern"] === "string" ? patternSample(node["pattern"], count(node, "minLength")) : undefined) ?? "a".repeat(count(node, "minLength"));
    case "integer":
    case "number":
      return numberIn(node, type === "integer");
    case "boolean":
      return false;
    default:
      return null;
  }
}
