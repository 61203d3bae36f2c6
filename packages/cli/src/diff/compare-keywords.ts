import type { JsonObject } from "../json-value.js";
import { deeper, type Emit, type Place } from "./comparison.js";
import { JSON_TYPES, LOWER_BOUNDS, UPPER_BOUNDS } from "./keywords.js";
import { jsonTypeOf, listedValues, meetsBound, meetsPattern } from "./listed-values.js";

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

export function compareTypes(before: JsonObject, after: JsonObject, at: Place, emit: Emit): void {
  // Both sides list their values: the enum and const comparison says what changed.
  if (listedValues(before) !== undefined && listedValues(after) !== undefined) return;
  const [oldTypes, newTypes] = [typeSet(before), typeSet(after)];
  const lost = lostTypes(oldTypes, newTypes);
  const gained = lostTypes(newTypes, oldTypes);
  if (lost.includes("null")) emit(at, "nullable_removed", "null no longer allowed");
  if (gained.includes("null")) emit(at, "nullable_added", "null now allowed");
  const [lostValues, gainedValues] = [lost.filter((type) => type !== "null"), gained.filter((type) => type !== "null")];
  const detail = `type ${JSON.stringify(oldTypes ?? "any")} -> ${JSON.stringify(newTypes ?? "any")}`;
  if (lostValues.length > 0 && gainedValues.length > 0) emit(at, "type_changed", detail);
  else if (lostValues.length > 0) emit(at, "type_narrowed", detail);
  else if (gainedValues.length > 0) emit(at, "type_widened", detail);
}

/** The one value of a schema that lists exactly one, as `{ value }`. */
function single(values: readonly unknown[] | undefined): { readonly value: unknown } | undefined {
  return values?.length === 1 ? { value: values[0] } : undefined;
}

export function compareEnums(before: JsonObject, after: JsonObject, at: Place, emit: Emit): void {
  const [oldEnum, newEnum] = [listedValues(before), listedValues(after)];
  if (oldEnum === undefined && newEnum === undefined) return;
  const [oldOne, newOne] = [single(oldEnum), single(newEnum)];
  // One value on a side (a `const`, or a one-value `enum`, which read alike): the const kinds.
  if (oldOne !== undefined && newOne !== undefined) {
    if (JSON.stringify(oldOne.value) !== JSON.stringify(newOne.value)) emit(at, "const_changed", `const ${JSON.stringify(oldOne.value)} -> ${JSON.stringify(newOne.value)}`);
    return;
  }
  if (oldEnum === undefined && newOne !== undefined) return emit(at, "const_added", `const ${JSON.stringify(newOne.value)} added`);
  if (newEnum === undefined && oldOne !== undefined) return emit(at, "const_removed", `const ${JSON.stringify(oldOne.value)} removed`);
  if (oldEnum === undefined || newEnum === undefined) {
    emit(at, newEnum !== undefined ? "enum_value_removed" : "enum_value_added", newEnum !== undefined ? "enum added" : "enum removed");
    return;
  }
  const keys = (values: readonly unknown[]) => new Set(values.map((value) => JSON.stringify(value)));
  const [oldKeys, newKeys] = [keys(oldEnum), keys(newEnum)];
  for (const value of oldEnum) if (!newKeys.has(JSON.stringify(value))) emit(at, "enum_value_removed", `enum value ${JSON.stringify(value)} removed`, value);
  for (const value of newEnum) if (!oldKeys.has(JSON.stringify(value))) emit(at, "enum_value_added", `enum value ${JSON.stringify(value)} added`, value);
}

function boundValue(schema: JsonObject, keyword: string): number | undefined {
  const value = schema[keyword];
  return typeof value === "number" ? value : undefined;
}

/** Whether every value the old schema lists meets a constraint of the new one: then adding it rejects no old message. */
function everyListed(before: JsonObject, meets: (value: unknown) => boolean): boolean {
  return listedValues(before)?.every(meets) === true;
}

export function compareBounds(before: JsonObject, after: JsonObject, at: Place, emit: Emit): void {
  for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const [oldBound, newBound] = [boundValue(before, keyword), boundValue(after, keyword)];
    if (oldBound === newBound) continue;
    const lower = LOWER_BOUNDS.includes(keyword);
    const tightened = oldBound === undefined || (newBound !== undefined && (lower ? newBound > oldBound : newBound < oldBound));
    if (tightened && newBound !== undefined && everyListed(before, (value) => meetsBound(value, keyword, newBound))) continue;
    emit(deeper(at, keyword), tightened ? "bound_tightened" : "bound_relaxed", `${keyword} ${oldBound ?? "none"} -> ${newBound ?? "none"}`);
  }
}

export function comparePatterns(before: JsonObject, after: JsonObject, at: Place, emit: Emit): void {
  const [oldPattern, newPattern] = [before["pattern"], after["pattern"]];
  if (oldPattern === newPattern) return;
  const place = deeper(at, "pattern");
  if (newPattern === undefined) {
    emit(place, "pattern_removed", `pattern ${JSON.stringify(oldPattern)} removed`);
    return;
  }
  if (everyListed(before, (value) => meetsPattern(value, newPattern) === true)) return;
  if (oldPattern === undefined) emit(place, "pattern_added", `pattern ${JSON.stringify(newPattern)} added`);
  else emit(place, "pattern_changed", `pattern ${JSON.stringify(oldPattern)} -> ${JSON.stringify(newPattern)}`);
}
