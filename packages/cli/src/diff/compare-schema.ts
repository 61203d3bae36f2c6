import { isJsonObject, type JsonObject } from "../json-value.js";
import { compareBounds, compareConst, compareEnums, comparePatterns, compareTypes, LOWER_BOUNDS, UPPER_BOUNDS, type Emit } from "./compare-keywords.js";
import { pointer, refName } from "./pointer.js";

const ANNOTATIONS = new Set(["title", "default", "examples", "$comment", "$schema", "$id", "deprecated", "readOnly", "writeOnly"]);
const UNIONS = ["oneOf", "anyOf"];
/** Keywords compared by their own rule; any other keyword that differs is a `keyword_changed`. */
const COMPARED = new Set(["description", "$ref", "type", "enum", "const", "pattern", "properties", "required", "additionalProperties", "items", ...UNIONS, ...LOWER_BOUNDS, ...UPPER_BOUNDS]);

/** A boolean schema or none as the object schema that accepts the same. */
function asObject(schema: unknown): JsonObject {
  if (isJsonObject(schema)) return schema;
  return schema === false ? { not: {} } : {};
}

function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(left) === JSON.stringify(right);
}

function requiredSet(schema: JsonObject): Set<string> {
  const required = schema["required"];
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : []);
}

function compareProperties(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [oldProperties, newProperties] = [asObject(before["properties"]), asObject(after["properties"])];
  const [oldRequired, newRequired] = [requiredSet(before), requiredSet(after)];
  const closed = after["additionalProperties"] === false;
  for (const [name, schema] of Object.entries(oldProperties)) {
    const at = pointer(path, "properties", name);
    if (!Object.hasOwn(newProperties, name)) {
      emit(at, closed ? "field_removed_closed" : "field_removed", `field ${name} removed`);
      continue;
    }
    if (oldRequired.has(name) && !newRequired.has(name)) emit(at, "field_made_optional", `field ${name} now optional`);
    if (!oldRequired.has(name) && newRequired.has(name)) emit(at, "field_made_required", `field ${name} now required`);
    compareSchemas(schema, newProperties[name], at, emit);
  }
  for (const name of Object.keys(newProperties)) {
    if (Object.hasOwn(oldProperties, name)) continue;
    const required = newRequired.has(name);
    emit(pointer(path, "properties", name), required ? "field_added_required" : "field_added_optional", `${required ? "required" : "optional"} field ${name} added`);
  }
}

function compareAdditional(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [oldExtra, newExtra] = [before["additionalProperties"], after["additionalProperties"]];
  if (same(oldExtra, newExtra)) return;
  const at = pointer(path, "additionalProperties");
  if (newExtra === false) emit(at, "additional_properties_closed", "additional properties no longer allowed");
  else if (oldExtra === false) emit(at, "additional_properties_opened", "additional properties now allowed");
  else compareSchemas(asObject(oldExtra), asObject(newExtra), at, emit);
}

/** What identifies a union variant across versions: the type it names, its tag, or its place. */
function variantKey(variant: unknown, index: number, tag: string | undefined): string {
  const schema = asObject(variant);
  const name = refName(schema["$ref"]);
  if (name !== undefined) return `ref:${name}`;
  const tagValue = tag === undefined ? undefined : asObject(asObject(schema["properties"])[tag])["const"];
  if (tagValue !== undefined) return `tag:${JSON.stringify(tagValue)}`;
  if (same(schema["type"], "null")) return "null";
  if (Object.hasOwn(schema, "const")) return `const:${JSON.stringify(schema["const"])}`;
  return `index:${index}`;
}

function keyedVariants(schema: JsonObject, union: string): Map<string, [number, unknown]> {
  const variants = schema[union];
  const tag = asObject(schema["discriminator"])["propertyName"];
  const tagName = typeof tag === "string" ? tag : undefined;
  return new Map(Array.isArray(variants) ? variants.map((variant, index): [string, [number, unknown]] => [variantKey(variant, index, tagName), [index, variant]]) : []);
}

function compareUnion(before: JsonObject, after: JsonObject, union: string, path: string, emit: Emit): void {
  const [hadUnion, hasUnion] = [Array.isArray(before[union]), Array.isArray(after[union])];
  if (!hadUnion && !hasUnion) return;
  if (hadUnion !== hasUnion) {
    emit(pointer(path, union), "keyword_changed", `${union} ${hasUnion ? "added" : "removed"}`);
    return;
  }
  const [oldVariants, newVariants] = [keyedVariants(before, union), keyedVariants(after, union)];
  for (const [key, [index, variant]] of oldVariants) {
    const at = pointer(path, union, index);
    const counterpart = newVariants.get(key);
    if (counterpart !== undefined) compareSchemas(variant, counterpart[1], at, emit);
    else emit(at, key === "null" ? "nullable_removed" : "variant_removed", `variant ${key} removed`);
  }
  for (const [key, [index]] of newVariants) {
    if (!oldVariants.has(key)) emit(pointer(path, union, index), key === "null" ? "nullable_added" : "variant_added", `variant ${key} added`);
  }
}

function compareRefs(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  if (before["$ref"] !== after["$ref"]) emit(path, "ref_changed", `$ref ${String(before["$ref"] ?? "none")} -> ${String(after["$ref"] ?? "none")}`);
}

function compareRest(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const keyword of keywords) {
    if (COMPARED.has(keyword) || same(before[keyword], after[keyword])) continue;
    const annotation = ANNOTATIONS.has(keyword) || keyword.startsWith("x-");
    emit(pointer(path, keyword), annotation ? "annotation_changed" : "keyword_changed", `${keyword} changed`);
  }
}

/** Reports every difference between two schemas of the same place in a type, walking properties, items, additional properties and union variants; a `$ref` is compared by the name it points to, the named type on its own. */
export function compareSchemas(oldSchema: unknown, newSchema: unknown, path: string, emit: Emit): void {
  const [before, after] = [asObject(oldSchema), asObject(newSchema)];
  if (before["description"] !== after["description"]) emit(path, "description_changed", "description changed");
  compareRefs(before, after, path, emit);
  compareTypes(before, after, path, emit);
  compareEnums(before, after, path, emit);
  compareConst(before, after, path, emit);
  compareBounds(before, after, path, emit);
  comparePatterns(before, after, path, emit);
  compareProperties(before, after, path, emit);
  compareAdditional(before, after, path, emit);
  if (Object.hasOwn(before, "items") || Object.hasOwn(after, "items")) compareSchemas(before["items"], after["items"], pointer(path, "items"), emit);
  for (const union of UNIONS) compareUnion(before, after, union, path, emit);
  compareRest(before, after, path, emit);
}
