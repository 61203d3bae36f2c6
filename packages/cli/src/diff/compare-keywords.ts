import type { JsonObject } from "../json-value.js";
import type { ChangeKind } from "./change.js";
import { pointer } from "./pointer.js";

/** Reports one change at a path of the type being compared. */
export type Emit = (path: string, kind: ChangeKind, detail: string, value?: unknown) => void;

const JSON_TYPES = ["string", "number", "integer", "boolean", "null", "object", "array"];

/** The JSON types a schema allows, `undefined` when it has no `type` (any). */
export function typeSet(schema: JsonObject): readonly string[] | undefined {
  const type = schema["type"];
  if (typeof type === "string") return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === "string") : undefined;
}

function covered(type: string, allowed: readonly string[] | undefined): boolean {
  return allowed === undefined || allowed.includes(type) || (type === "integer" && allowed.includes("number"));
}

/** The types of `from` that `to` does not allow. */
function lostTypes(from: readonly string[] | undefined, to: readonly string[] | undefined): string[] {
  return (from ?? JSON_TYPES).filter((type) => !covered(type, to));
}

export function compareTypes(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
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

export function compareEnums(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [oldEnum, newEnum] = [before["enum"], after["enum"]];
  if (!Array.isArray(oldEnum) && !Array.isArray(newEnum)) return;
  if (!Array.isArray(oldEnum) || !Array.isArray(newEnum)) {
    emit(path, Array.isArray(newEnum) ? "enum_value_removed" : "enum_value_added", Array.isArray(newEnum) ? "enum added" : "enum removed");
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

export function compareBounds(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const [oldBound, newBound] = [boundValue(before, keyword), boundValue(after, keyword)];
    if (oldBound === newBound) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    const tightened = oldBound === undefined || (newBound !== undefined && (lower ? newBound > oldBound : newBound < oldBound));
    emit(pointer(path, keyword), tightened ? "bound_tightened" : "bound_relaxed", `${keyword} ${oldBound ?? "none"} -> ${newBound ?? "none"}`);
  }
}

export function comparePatterns(before: JsonObject, after: JsonObject, path: string, emit: Emit): void {
  const [oldPattern, newPattern] = [before["pattern"], after["pattern"]];
  if (oldPattern === newPattern) return;
  const at = pointer(path, "pattern");
  if (oldPattern === undefined) emit(at, "pattern_added", `pattern ${JSON.stringify(newPattern)} added`);
  else if (newPattern === undefined) emit(at, "pattern_removed", `pattern ${JSON.stringify(oldPattern)} removed`);
  else emit(at, "pattern_changed", `pattern ${JSON.stringify(oldPattern)} -> ${JSON.stringify(newPattern)}`);
}
