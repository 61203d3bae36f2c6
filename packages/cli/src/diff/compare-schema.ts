import type { JsonObject } from "../json-value.js";
import { compareAnnotations, compareFormats } from "./compare-annotations.js";
import { compareBounds, compareEnums, comparePatterns, compareTypes } from "./compare-keywords.js";
import { comparedThrough } from "./compare-through.js";
import { compareUnion } from "./compare-union.js";
import { asObject, deeper, same, type Comparison, type Place } from "./comparison.js";
import { isAnnotation, LOWER_BOUNDS, UPPER_BOUNDS } from "./keywords.js";
import type { TypeTable } from "./minimal-instance.js";

/** Keywords compared by their own rule; any other validating keyword that differs is a `keyword_changed`. */
const COMPARED = new Set(["$ref", "type", "enum", "const", "pattern", "format", "properties", "required", "additionalProperties", "items", "oneOf", "anyOf", ...LOWER_BOUNDS, ...UPPER_BOUNDS]);

function requiredSet(schema: JsonObject): Set<string> {
  const required = schema["required"];
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : []);
}

function compareProperties(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  const { emit } = comparison;
  const [oldProperties, newProperties] = [asObject(before["properties"]), asObject(after["properties"])];
  const [oldRequired, newRequired] = [requiredSet(before), requiredSet(after)];
  const closed = after["additionalProperties"] !== undefined && same(after["additionalProperties"], { not: {} });
  for (const [name, schema] of Object.entries(oldProperties)) {
    const place = deeper(at, "properties", name);
    if (!Object.hasOwn(newProperties, name)) {
      emit(place, closed ? "field_removed_closed" : "field_removed", `field ${name} removed`);
      continue;
    }
    if (oldRequired.has(name) && !newRequired.has(name)) emit(place, "field_made_optional", `field ${name} now optional`);
    if (!oldRequired.has(name) && newRequired.has(name)) emit(place, "field_made_required", `field ${name} now required`);
    compareSchemas(schema, newProperties[name], place, comparison);
  }
  for (const name of Object.keys(newProperties)) {
    if (Object.hasOwn(oldProperties, name)) continue;
    const required = newRequired.has(name);
    emit(deeper(at, "properties", name), required ? "field_added_required" : "field_added_optional", `${required ? "required" : "optional"} field ${name} added`);
  }
}

function compareAdditional(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  const [oldExtra, newExtra] = [asObject(before["additionalProperties"]), asObject(after["additionalProperties"])];
  if (same(oldExtra, newExtra)) return;
  const place = deeper(at, "additionalProperties");
  const closed = (schema: JsonObject) => same(schema, { not: {} });
  if (closed(newExtra)) comparison.emit(place, "additional_properties_closed", "additional properties no longer allowed");
  else if (closed(oldExtra)) comparison.emit(place, "additional_properties_opened", "additional properties now allowed");
  else compareSchemas(oldExtra, newExtra, place, comparison);
}

/** A `$ref` that could not be followed is compared by the name it points to. */
function compareRefs(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  if (!same(before["$ref"], after["$ref"])) comparison.emit(at, "ref_changed", `$ref ${String(before["$ref"] ?? "none")} -> ${String(after["$ref"] ?? "none")}`);
}

function compareOthers(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const keyword of keywords) {
    if (COMPARED.has(keyword) || isAnnotation(keyword, comparison.assertFormats) || same(before[keyword], after[keyword])) continue;
    comparison.emit(deeper(at, keyword), "keyword_changed", `${keyword} changed`);
  }
}

/** Compares what validates at a place that is no union on either side. */
function compareValidation(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison): void {
  const { emit } = comparison;
  compareRefs(before, after, at, comparison);
  compareTypes(before, after, at, emit);
  compareEnums(before, after, at, emit);
  compareBounds(before, after, at, emit);
  comparePatterns(before, after, at, emit);
  if (comparison.assertFormats) compareFormats(before, after, at, comparison);
  compareProperties(before, after, at, comparison);
  compareAdditional(before, after, at, comparison);
  if (Object.hasOwn(before, "items") || Object.hasOwn(after, "items")) compareSchemas(before["items"], after["items"], deeper(at, "items"), comparison);
  compareOthers(before, after, at, comparison);
}

/**
 * Reports every difference between two schemas (in normal form) of the
 * same place in a type, walking properties, items, additional properties
 * and union variants: annotations (patch), then what validates. The same
 * `$ref` on both sides is compared by name, the named type on its own;
 * different ones (or a `$ref` against an inline schema) are compared
 * through the types they name.
 */
export function compareSchemas(oldSchema: unknown, newSchema: unknown, at: Place, comparison: Comparison): void {
  const [before, after] = [asObject(oldSchema), asObject(newSchema)];
  // The same text is the same schema: a `$ref` in it names a type compared on its own.
  if (same(before, after)) return;
  if (!same(before["$ref"], after["$ref"]) && comparedThrough(before, after, at, comparison, compareSchemas)) return;
  compareAnnotations(before, after, at, comparison);
  if (compareUnion(before, after, at, comparison, compareSchemas, (left, right, place, within) => compareValidation(asObject(left), asObject(right), place, within))) return;
  compareValidation(before, after, at, comparison);
}

/** Every difference between the old and new schema of one type, each side's `$ref`s read in its own types. */
export function compareTypeSchemas(oldSchema: unknown, newSchema: unknown, oldTypes: TypeTable, newTypes: TypeTable, emit: Comparison["emit"], assertFormats: boolean): void {
  // Most types of two sets are alike, and normal forms of alike schemas are written alike: the plain text, much
  // cheaper than the canonical one, settles those. Below a type, `same` compares canonical texts, each made once.
  if (JSON.stringify(oldSchema) === JSON.stringify(newSchema)) return;
  compareSchemas(oldSchema, newSchema, { old: "", new: "" }, { emit, oldTypes, newTypes, following: new Set(), assertFormats });
}
