import type { JsonObject } from "../json-value.js";
import type { Emit } from "./comparison.js";
import { jsonTypeOf, listedValues, meetsBound, meetsPattern } from "./listed-values.js";
import { pointer } from "./pointer.js";

const JSON_TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];
const ANNOTATIONS = new Set(["title", "default", "examples", "$comment", "$schema", "$id", "deprecated", "readOnly", "writeOnly"]);

/** Whether a keyword only annotates (changes no accepted message). */
export function isAnnotation(keyword: string): boolean {
  return keyword === "description" || ANNOTATIONS.has(keyword) || keyword.startsWith("x-");
}

/** The JSON types a schema allows: its `type`, else the types of the values it lists; `undefined` when neither says (any). */
export function typeSet(schema: JsonObject): readonly string[] | undefined {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === "string");
  const listed = listedValues(schema);
  return listed === undefined ? undefined : [...new Set(listed.map(jsonTypeOf))];
}

/** Whether `allowed` (`undefined`: any) admits values of JSON type `type`. */
export function covered(type: string, allowed: readonly string[] | undefined): boolean {
  return allowed === undefined || allowed.includes(type) || (type === "integer" && allowed.includes("number"));
}

/** The types of `from` that `to` does not allow. */
function lostTypes(from: readonly string[] | undefined, to: readonly string[] | undefined): string[] {
  return (from ?? JSON_TYPES).filter((type) => !covered(type, to));
}

export function compareTypes(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  // Both sides list their values: the enum and const comparison says what changed.
  if (listedValues(before) !== undefined && listedValues(after) !== undefined) return;
  const [oldTypes, newTypes] = [typeSet(before), typeSet(after)];
  const lost = lostTypes(oldTypes, newTypes);
  const gained = lostTypes(newTypes, oldTypes);
  if (lost.includes("null")) emit(path, "nullable_removed", "null no longer allowed");
  if (gained.includes("null")) emit(path, "nullable_added", "null now allowed");
  const [lostValues, gainedValues] = [lost.filter((type) => type !== "null"), gained.filter((type) => type !== "null")];
  const detail = `type ${JSON.stringify(oldTypes ?? "any")} -> ${JSON.stringify(newTypes ?? "any")}`;
  if (lostValues.length > 0 && gainedValues.length > 0) emit(path, "type_changed", detail);
  else if (lostValues.length > 0) emit(path, "type_narrowed", detail);
  else if (gainedValues.length > 0) emit(path, "type_widened", detail);
}

/** The enum values a schema's `type` admits: a listed value of another type is never accepted. */
function admittedEnum(schema: JsonObject): readonly unknown[] | undefined {
  const values = schema["enum"];
  if (!Array.isArray(values)) return undefined;
  const declared = schema["type"] === undefined ? undefined : typeSet(schema);
  return values.filter((value) => covered(jsonTypeOf(value), declared));
}

export function compareEnums(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [oldEnum, newEnum] = [admittedEnum(before), admittedEnum(after)];
  if (oldEnum === undefined && newEnum === undefined) return;
  if (oldEnum === undefined || newEnum === undefined) {
    emit(path, newEnum !== undefined ? "enum_value_removed" : "enum_value_added", newEnum !== undefined ? "enum added" : "enum removed");
    return;
  }
  const keys = (values: readonly unknown[]) => new Set(values.map((value) => JSON.stringify(value)));
  const [oldKeys, newKeys] = [keys(oldEnum), keys(newEnum)];
  for (const value of oldEnum) if (!newKeys.has(JSON.stringify(value))) emit(path, "enum_value_removed", `enum value ${JSON.stringify(value)} removed`, value);
  for (const value of newEnum) if (!oldKeys.has(JSON.stringify(value))) emit(path, "enum_value_added", `enum value ${JSON.stringify(value)} added`, value);
}

export function compareConst(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [hadConst, hasConst] = [Object.hasOwn(before, "const"), Object.hasOwn(after, "const")];
  const [oldText, newText] = [JSON.stringify(before["const"]), JSON.stringify(after["const"])];
  if (hadConst && hasConst && oldText !== newText) emit(path, "const_changed", `const ${oldText} -> ${newText}`);
  else if (hasConst && !hadConst) emit(path, "const_added", `const ${newText} added`);
  else if (hadConst && !hasConst) emit(path, "const_removed", `const ${oldText} removed`);
}

/** Lower bounds: a larger value rejects more. */
export const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
/** Upper bounds: a smaller value rejects more. */
export const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

function boundValue(schema: JsonObject, keyword: string): number | undefined {
  const value = schema[keyword];
  return typeof value === "number" ? value : undefined;
}

/** Whether every value the old schema lists meets a constraint of the new one: then adding it rejects no old message. */
function everyListed(before: JsonObject, meets: (value: unknown) => boolean): boolean {
  return listedValues(before)?.every(meets) === true;
}

export function compareBounds(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const [oldBound, newBound] = [boundValue(before, keyword), boundValue(after, keyword)];
    if (oldBound === newBound) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    const tightened = oldBound === undefined || (newBound !== undefined && (lower ? newBound > oldBound : newBound < oldBound));
    if (tightened && newBound !== undefined && everyListed(before, (value) => meetsBound(value, keyword, newBound))) continue;
    emit(pointer(path, keyword), tightened ? "bound_tightened" : "bound_relaxed", `${keyword} ${oldBound ?? "none"} -> ${newBound ?? "none"}`);
  }
}

export function comparePatterns(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [oldPattern, newPattern] = [before["pattern"], after["pattern"]];
  if (oldPattern === newPattern) return;
  const at = pointer(path, "pattern");
  if (newPattern === undefined) {
    emit(at, "pattern_removed", `pattern ${JSON.stringify(oldPattern)} removed`);
    return;
  }
  if (everyListed(before, (value) => meetsPattern(value, newPattern))) return;
  if (oldPattern === undefined) emit(at, "pattern_added", `pattern ${JSON.stringify(newPattern)} added`);
  else emit(at, "pattern_changed", `pattern ${JSON.stringify(oldPattern)} -> ${JSON.stringify(newPattern)}`);
}
