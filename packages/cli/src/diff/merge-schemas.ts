import { isJsonObject, type JsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { LOWER_BOUNDS, UPPER_BOUNDS } from "./keywords.js";
import { annotates, inlinedRef, NOTHING, type Normal, type NormalContext } from "./normalize.js";

type Writable = { [key: string]: unknown };

function typeList(value: unknown): readonly string[] | undefined {
  return Array.isArray(value) && value.every((entry) => typeof entry === "string") ? value : undefined;
}

/** The types both lists allow (`integer` where one says `number`). */
function typesMet(left: readonly string[], right: readonly string[]): string[] {
  const allows = (list: readonly string[], type: string) => list.includes(type) || (type === "integer" && list.includes("number"));
  const met = new Set([...left.filter((type) => allows(right, type)), ...right.filter((type) => allows(left, type))]);
  return [...met].filter((type) => type !== "integer" || !met.has("number")).sort();
}

function propertyNames(schema: JsonObject): string[] {
  return isJsonObject(schema["properties"]) ? Object.keys(schema["properties"]) : [];
}

/** Whether `additionalProperties` of one side would also judge fields the other side declares: then the two cannot be one schema. */
function extraFieldsClash(left: JsonObject, right: JsonObject): boolean {
  const clash = (closed: JsonObject, other: JsonObject) => Object.hasOwn(closed, "additionalProperties") && propertyNames(other).some((name) => !propertyNames(closed).includes(name));
  return clash(left, right) || clash(right, left) || Object.hasOwn(left, "patternProperties") || Object.hasOwn(right, "patternProperties");
}

/** Two values of one keyword as the one value that means both, `undefined` when there is none. */
function mergedKeyword(keyword: string, left: unknown, right: unknown, context: NormalContext): { readonly value: unknown } | undefined {
  if (canonical(left) === canonical(right)) return { value: left };
  if (LOWER_BOUNDS.includes(keyword) && typeof left === "number" && typeof right === "number") return { value: Math.max(left, right) };
  if (UPPER_BOUNDS.includes(keyword) && typeof left === "number" && typeof right === "number") return { value: Math.min(left, right) };
  if (keyword === "type") {
    const [leftTypes, rightTypes] = [typeList(left), typeList(right)];
    return leftTypes === undefined || rightTypes === undefined ? undefined : { value: typesMet(leftTypes, rightTypes) };
  }
  if (keyword === "enum" && Array.isArray(left) && Array.isArray(right)) {
    const kept = new Set(right.map(canonical));
    return { value: left.filter((value) => kept.has(canonical(value))) };
  }
  if (keyword === "required" && Array.isArray(left) && Array.isArray(right)) return { value: [...new Set([...left, ...right])].sort() };
  if ((keyword === "items" || keyword === "propertyNames" || keyword === "additionalProperties") && isJsonObject(left) && isJsonObject(right)) {
    const both = mergedPair(left, right, context);
    return both === undefined ? undefined : { value: both };
  }
  if (keyword === "properties" && isJsonObject(left) && isJsonObject(right)) {
    const fields: Writable = { ...left };
    for (const [name, schema] of Object.entries(right)) {
      const known = fields[name];
      const both = known === undefined ? schema : isJsonObject(known) && isJsonObject(schema) ? mergedPair(known, schema, context) : undefined;
      if (both === undefined) return undefined;
      Object.defineProperty(fields, name, { value: both, enumerable: true, writable: true, configurable: true });
    }
    return { value: fields };
  }
  return undefined;
}

/** Two schemas as one that accepts what both accept, `undefined` when they cannot be written as one. */
export function mergedPair(left: Normal, right: Normal, context: NormalContext): Normal | undefined {
  const [first, second] = [inlinedRef(left, context) ?? left, inlinedRef(right, context) ?? right];
  if (Object.hasOwn(first, "$ref") || Object.hasOwn(second, "$ref")) return canonical(first) === canonical(second) ? first : undefined;
  if (extraFieldsClash(first, second)) return undefined;
  const merged: Writable = { ...first };
  for (const [keyword, value] of Object.entries(second)) {
    if (!Object.hasOwn(merged, keyword)) merged[keyword] = value;
    else if (annotates(keyword, context)) continue;
    else {
      const both = mergedKeyword(keyword, merged[keyword], value, context);
      if (both === undefined) return undefined;
      merged[keyword] = both.value;
    }
  }
  const type = typeList(merged["type"]);
  return type !== undefined && type.length === 0 ? { ...NOTHING } : merged;
}

/** `member` applied to `base` as one schema: a lone `$ref` among annotations stays a `$ref` (`{"description": ..., "allOf": [{"$ref": ...}]}`), compared by name; other members are merged. */
export function joined(base: Normal, member: Normal, context: NormalContext): Normal | undefined {
  const onlyAnnotations = (schema: Normal, but?: string) => Object.keys(schema).every((keyword) => keyword === but || annotates(keyword, context));
  if (Object.hasOwn(member, "$ref") && onlyAnnotations(member, "$ref") && onlyAnnotations(base)) return { ...member, ...base };
  return mergedPair(base, member, context);
}

/**
 * A schema with its `allOf` merged in: each member that can be written
 * together with the rest is (a `$ref` member, or the `$ref` beside
 * validating keywords, through the type it names unless that type is being
 * normalized: a recursion); the members that cannot stay in `allOf`.
 */
export function mergedSchemas(node: Normal, context: NormalContext): Normal {
  const members = node["allOf"];
  if (!Array.isArray(members)) return node;
  const { allOf: _allOf, ...base } = node;
  let merged: Normal = base;
  const kept: unknown[] = [];
  for (const member of members) {
    const both = isJsonObject(member) ? joined(merged, member, context) : undefined;
    if (both === undefined) kept.push(member);
    else merged = both;
  }
  return kept.length === 0 ? merged : { ...merged, allOf: kept };
}
