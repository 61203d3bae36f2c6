import type { JsonObject } from "../json-value.js";
import { compareBounds, compareConst, compareEnums, comparePatterns, compareTypes, isAnnotation, LOWER_BOUNDS, UPPER_BOUNDS } from "./compare-keywords.js";
import { comparedThrough } from "./compare-through.js";
import { compareUnion } from "./compare-union.js";
import { asObject, same, type Comparison, type Emit } from "./comparison.js";
import { alikeSpelled } from "./encodings.js";
import type { TypeTable } from "./minimal-instance.js";
import { pointer } from "./pointer.js";

const UNIONS = ["oneOf", "anyOf"];
/** Keywords compared by their own rule; any other keyword that differs is a `keyword_changed`. */
const COMPARED = new Set(["description", "$ref", "type", "enum", "const", "pattern", "properties", "required", "additionalProperties", "items", ...UNIONS, ...LOWER_BOUNDS, ...UPPER_BOUNDS]);

function requiredSet(schema: JsonObject): Set<string> {
  const required = schema["required"];
  return new Set(Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : []);
}

function compareProperties(before: JsonObject, after: JsonObject, path: string, comparison: Comparison): void {
  const { emit } = comparison;
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
    compareSchemas(schema, newProperties[name], at, comparison);
  }
  for (const name of Object.keys(newProperties)) {
    if (Object.hasOwn(oldProperties, name)) continue;
    const required = newRequired.has(name);
    emit(pointer(path, "properties", name), required ? "field_added_required" : "field_added_optional", `${required ? "required" : "optional"} field ${name} added`);
  }
}

function compareAdditional(before: JsonObject, after: JsonObject, path: string, comparison: Comparison): void {
  const [oldExtra, newExtra] = [before["additionalProperties"], after["additionalProperties"]];
  if (same(oldExtra, newExtra)) return;
  const at = pointer(path, "additionalProperties");
  if (newExtra === false) comparison.emit(at, "additional_properties_closed", "additional properties no longer allowed");
  else if (oldExtra === false) comparison.emit(at, "additional_properties_opened", "additional properties now allowed");
  else compareSchemas(asObject(oldExtra), asObject(newExtra), at, comparison);
}

/** A `$ref` that could not be followed is compared by the name it points to. */
function compareRefs(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  if (!same(before["$ref"], after["$ref"])) emit(path, "ref_changed", `$ref ${String(before["$ref"] ?? "none")} -> ${String(after["$ref"] ?? "none")}`);
}

function compareRest(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const keywords = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const keyword of keywords) {
    if (COMPARED.has(keyword) || same(before[keyword], after[keyword])) continue;
    emit(pointer(path, keyword), isAnnotation(keyword) ? "annotation_changed" : "keyword_changed", `${keyword} changed`);
  }
}

/**
 * Reports every difference between two schemas of the same place in a type,
 * walking properties, items, additional properties and union variants. The
 * same `$ref` on both sides is compared by name, the named type on its own;
 * different ones (or a `$ref` against an inline schema) are compared
 * through the types they name.
 */
export function compareSchemas(oldSchema: unknown, newSchema: unknown, path: string, comparison: Comparison): void {
  const [oldWritten, newWritten] = [asObject(oldSchema), asObject(newSchema)];
  if (!same(oldWritten["$ref"], newWritten["$ref"]) && comparedThrough(oldWritten, newWritten, path, comparison, compareSchemas)) return;
  const [before, after] = alikeSpelled(oldWritten, newWritten);
  const { emit } = comparison;
  if (!same(before["description"], after["description"])) emit(path, "description_changed", "description changed");
  compareRefs(before, after, path, emit);
  compareTypes(before, after, path, emit);
  compareEnums(before, after, path, emit);
  compareConst(before, after, path, emit);
  compareBounds(before, after, path, emit);
  comparePatterns(before, after, path, emit);
  compareProperties(before, after, path, comparison);
  compareAdditional(before, after, path, comparison);
  if (Object.hasOwn(before, "items") || Object.hasOwn(after, "items")) compareSchemas(before["items"], after["items"], pointer(path, "items"), comparison);
  for (const union of UNIONS) compareUnion(before, after, union, path, comparison, compareSchemas);
  compareRest(before, after, path, emit);
}

/** Every difference between the old and new schema of one type, each side's `$ref`s read in its own types. */
export function compareTypeSchemas(oldSchema: unknown, newSchema: unknown, oldTypes: TypeTable, newTypes: TypeTable, emit: Emit): void {
  compareSchemas(oldSchema, newSchema, "", { emit, oldTypes, newTypes, following: new Set() });
}
