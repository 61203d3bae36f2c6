import { isJsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { filteredEnum, uniqueValues } from "./enum-normal.js";
import { domainOf, inDomain } from "./keywords.js";
import { jsonTypeOf } from "./listed-values.js";
import { joined } from "./merge-schemas.js";
import { annotationPart, inlinedRef, NOTHING, validationPart, type Normal, type NormalContext } from "./normalize.js";

const UNIONS = ["oneOf", "anyOf"] as const;

function asNormal(variant: unknown): Normal {
  return isJsonObject(variant) ? variant : { $invalid: canonical(variant) };
}

/** Whether a schema accepts nothing (`{"not": {}}`, as normal form spells `false`). */
export function acceptsNothing(schema: Normal): boolean {
  const not = schema["not"];
  return isJsonObject(not) && Object.keys(not).length === 0;
}

// What a variant's `$ref` leads to and which types it admits, worked out once per variant: a union compares each variant with every other.
const followedVariants = new WeakMap<Normal, Normal>();
const variantTypes = new WeakMap<Normal, readonly string[] | "any">();

/** A variant as the type its `$ref` names, when it can be followed. */
function seen(variant: Normal, context: NormalContext): Normal {
  const known = followedVariants.get(variant);
  if (known !== undefined) return known;
  const inlined = inlinedRef(variant, context);
  if (inlined !== undefined) followedVariants.set(variant, inlined);
  return inlined ?? variant;
}

/** The JSON types a normal schema admits, `undefined` when it does not say (any). */
export function typesOf(schema: Normal, context: NormalContext): readonly string[] | undefined {
  const known = variantTypes.get(schema);
  if (known !== undefined) return known === "any" ? undefined : known;
  const types = typesOfUncached(schema, context);
  variantTypes.set(schema, types ?? "any");
  return types;
}

function typesOfUncached(schema: Normal, context: NormalContext): readonly string[] | undefined {
  const node = seen(schema, context);
  if (Array.isArray(node["type"])) return node["type"].filter((type): type is string => typeof type === "string");
  if (Array.isArray(node["enum"])) return [...new Set(node["enum"].map(jsonTypeOf))];
  const union = UNIONS.map((keyword) => node[keyword]).find(Array.isArray);
  if (union === undefined) return undefined;
  const types = union.map((variant) => typesOf(asNormal(variant), context));
  return types.some((entry) => entry === undefined) ? undefined : [...new Set(types.flatMap((entry) => entry ?? []))];
}

function overlap(left: readonly string[], right: readonly string[]): boolean {
  return left.some((type) => right.some((other) => inDomain(type, other) || inDomain(other, type)));
}

/** The values a field is held to when present (an enum or one value), `undefined` when it is not held. */
function heldValues(schema: Normal, field: string): Set<string> | undefined {
  const properties = schema["properties"];
  const held = isJsonObject(properties) ? properties[field] : undefined;
  return isJsonObject(held) && Array.isArray(held["enum"]) ? new Set(held["enum"].map(canonical)) : undefined;
}

function requires(schema: Normal, field: string): boolean {
  const required = schema["required"];
  return Array.isArray(required) && required.includes(field);
}

/** Whether no instance is accepted by both: their types, their listed values, or a required field held to different values (a tag), tell them apart. */
export function disjoint(left: Normal, right: Normal, context: NormalContext): boolean {
  const [a, b] = [seen(left, context), seen(right, context)];
  const [leftTypes, rightTypes] = [typesOf(a, context), typesOf(b, context)];
  if (leftTypes !== undefined && rightTypes !== undefined && !overlap(leftTypes, rightTypes)) return true;
  if (Array.isArray(a["enum"]) && Array.isArray(b["enum"])) {
    const kept = new Set(b["enum"].map(canonical));
    return !a["enum"].some((value) => kept.has(canonical(value)));
  }
  const fields = isJsonObject(a["properties"]) ? Object.keys(a["properties"]) : [];
  return fields.some((field) => {
    // Held to different values on each side, and present in every instance of one of them (an instance without it could be of both).
    const [mine, theirs] = [heldValues(a, field), heldValues(b, field)];
    return mine !== undefined && theirs !== undefined && (requires(a, field) || requires(b, field)) && ![...mine].some((value) => theirs.has(value));
  });
}

function pairwiseDisjoint(variants: readonly Normal[], context: NormalContext): boolean {
  return variants.every((variant, index) => variants.slice(index + 1).every((other) => disjoint(variant, other, context)));
}

/** An `anyOf` inside an `anyOf`, with nothing else that validates beside it, as its variants. */
function flattened(variants: readonly Normal[], context: NormalContext): Normal[] {
  return variants.flatMap((variant) => {
    const inner = variant["anyOf"];
    const alone = Object.keys(validationPart(variant, context)).length === 1;
    return Array.isArray(inner) && alone ? inner.map(asNormal) : [variant];
  });
}

/** The values a variant lists when it is nothing but them (an `enum`, or `{"type": ["null"]}`), `undefined` otherwise. */
function finiteValues(variant: Normal, context: NormalContext): readonly unknown[] | undefined {
  const validating = validationPart(variant, context);
  const keywords = Object.keys(validating);
  if (keywords.length !== 1) return undefined;
  if (Array.isArray(validating["enum"])) return validating["enum"];
  return canonical(validating["type"]) === '["null"]' ? [null] : undefined;
}

/** The variants that only list values, as one `enum` where the first of them was. */
function mergedFinite(variants: readonly Normal[], context: NormalContext): Normal[] {
  const finite = variants.map((variant) => finiteValues(variant, context));
  if (finite.filter((values) => values !== undefined).length < 2) return [...variants];
  const values = uniqueValues(finite.flatMap((entry) => entry ?? []));
  const first = finite.findIndex((entry) => entry !== undefined);
  return variants.flatMap((variant, index) => (index === first ? [filteredEnum({ enum: values })] : finite[index] === undefined ? [variant] : []));
}

/** The types of a variant that has a `type` and only keywords of particular types beside it, `undefined` for any other variant. */
function typeOnly(variant: Normal, context: NormalContext): readonly string[] | undefined {
  const validating = validationPart(variant, context);
  const types = validating["type"];
  if (!Array.isArray(types) || !Object.keys(validating).every((keyword) => keyword === "type" || domainOf(keyword) !== undefined)) return undefined;
  return types.filter((type): type is string => typeof type === "string");
}

/** Whether none of `schema`'s keywords constrains a value of `types`. */
function blindTo(schema: Normal, types: readonly string[]): boolean {
  return Object.keys(schema).every((keyword) => {
    const domain = domainOf(keyword);
    return domain === undefined || !types.some((type) => inDomain(type, domain));
  });
}

/** Two type-only variants as one schema with a type list, when their types and keywords do not meet (`{"type": "string"}` and `{"type": "null"}` as `{"type": ["null", "string"]}`). */
function typeMerged(left: Normal, right: Normal, context: NormalContext): Normal | undefined {
  const [leftTypes, rightTypes] = [typeOnly(left, context), typeOnly(right, context)];
  if (leftTypes === undefined || rightTypes === undefined || overlap(leftTypes, rightTypes)) return undefined;
  const [a, b] = [validationPart(left, context), validationPart(right, context)];
  if (!blindTo(a, rightTypes) || !blindTo(b, leftTypes)) return undefined;
  return { ...a, ...b, type: [...leftTypes, ...rightTypes].sort() };
}

function mergedByType(variants: readonly Normal[], context: NormalContext): Normal[] {
  const list = [...variants];
  for (let index = 0; index < list.length; index++) {
    for (let other = index + 1; other < list.length; other++) {
      const [left, right] = [list[index], list[other]];
      const merged = left === undefined || right === undefined ? undefined : typeMerged(left, right, context);
      if (merged === undefined) continue;
      list[index] = merged;
      list.splice(other, 1);
      other = index;
    }
  }
  return list;
}

function uniqueVariants(variants: readonly Normal[], context: NormalContext): Normal[] {
  const seenKeys = new Set<string>();
  return variants.filter((variant) => {
    const key = canonical(validationPart(variant, context));
    if (seenKeys.has(key)) return false;
    seenKeys.add(key);
    return true;
  });
}

/** A union's node without a `type` beside the union that every variant already implies (`{"type": "object", "oneOf": [objects]}`). */
function withoutImpliedType(node: Normal, variants: readonly Normal[], context: NormalContext): Normal {
  const sibling = node["type"];
  if (!Array.isArray(sibling)) return node;
  const implied = variants.every((variant) => typesOf(variant, context)?.every((type) => sibling.includes(type) || (type === "integer" && sibling.includes("number"))) === true);
  if (!implied) return node;
  const { type: _type, ...rest } = node;
  return rest;
}

function normalUnion(node: Normal, keyword: (typeof UNIONS)[number], context: NormalContext): Normal {
  const written = node[keyword];
  if (!Array.isArray(written)) return node;
  const { [keyword]: _union, ...rest } = node;
  let variants = written.map(asNormal).filter((variant) => !acceptsNothing(validationPart(variant, context)));
  const anyOf = keyword === "anyOf" || pairwiseDisjoint(variants, context);
  if (anyOf) {
    variants = uniqueVariants(mergedByType(mergedFinite(flattened(variants, context), context), context), context);
    if (variants.some((variant) => Object.keys(validationPart(variant, context)).length === 0)) variants = [{}];
  }
  if (variants.length === 0) return { ...annotationPart(rest, context), ...NOTHING };
  const [only] = variants;
  if (variants.length === 1 && only !== undefined) return joined(rest, only, context) ?? { ...rest, anyOf: variants };
  const target = anyOf ? "anyOf" : "oneOf";
  if (Object.hasOwn(rest, target)) return { ...rest, allOf: [...(Array.isArray(rest["allOf"]) ? rest["allOf"] : []), { [target]: variants }] };
  return { ...withoutImpliedType(rest, variants, context), [target]: variants };
}

/** A schema's `oneOf` and `anyOf` in normal form (README "Normalization"). */
export function normalUnions(node: Normal, context: NormalContext): Normal {
  return UNIONS.reduce((current, keyword) => normalUnion(current, keyword, context), node);
}
