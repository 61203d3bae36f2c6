import type { JsonObject } from "../json-value.js";
import { effectOf } from "./change.js";
import { asObject, same, type Compare, type Comparison, type Place } from "./comparison.js";
import { domainOf, inDomain, isAnnotation } from "./keywords.js";
import { resolved, type TypeTable } from "./minimal-instance.js";
import { pointer, refName } from "./pointer.js";

/** One variant of a union: its schema and where it is in its side's type. */
interface Variant {
  readonly schema: JsonObject;
  readonly at: string;
  /** Its place in its union; `undefined` for a plain schema read as variants. */
  readonly index?: number;
}

/** A union's variants, or a plain schema read as the variants it amounts to. */
interface Variants {
  readonly keyword: "anyOf" | "oneOf" | undefined;
  readonly list: readonly Variant[];
  /** What validates beside the union, compared on its own when both sides are unions. */
  readonly siblings: JsonObject;
}

function unionKeyword(schema: JsonObject): "anyOf" | "oneOf" | undefined {
  return Array.isArray(schema["anyOf"]) ? "anyOf" : Array.isArray(schema["oneOf"]) ? "oneOf" : undefined;
}

function validating(schema: JsonObject, assertFormats: boolean): JsonObject {
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => !isAnnotation(keyword, assertFormats)));
}

/** Whether a variant is `null` alone. */
function isNull(variant: Variant, assertFormats: boolean): boolean {
  return same(validating(variant.schema, assertFormats), { type: ["null"] });
}

/** A plain schema as one variant per JSON type it allows (each with the keywords that judge that type), or `null` split from the values it lists: how it pairs with a union's variants. */
function splitPlain(schema: JsonObject, at: string, assertFormats: boolean): Variant[] {
  const plain = validating(schema, assertFormats);
  const types = plain["type"];
  if (Array.isArray(types) && types.length > 1) {
    return types.map((type) => ({ schema: { ...Object.fromEntries(Object.entries(plain).filter(([keyword]) => keyword !== "type" && (domainOf(keyword) === undefined || inDomain(String(type), domainOf(keyword) ?? "")))), type: [type] }, at }));
  }
  const values = plain["enum"];
  if (Array.isArray(values) && values.includes(null) && values.length > 1) return [{ schema: { ...plain, enum: values.filter((value) => value !== null) }, at }, { schema: { type: ["null"] }, at }];
  return [{ schema: plain, at }];
}

function variantsOf(schema: JsonObject, at: string, assertFormats: boolean): Variants {
  const keyword = unionKeyword(schema);
  const written = keyword === undefined ? undefined : schema[keyword];
  if (keyword === undefined || !Array.isArray(written)) return { keyword: undefined, list: splitPlain(schema, at, assertFormats), siblings: {} };
  const list = written.map((variant, index) => ({ schema: asObject(variant), at: pointer(at, keyword, index), index }));
  const { [keyword]: _union, ...rest } = validating(schema, assertFormats);
  return { keyword, list, siblings: rest };
}

/** The field that tells variants apart: the `discriminator`'s, else one every variant holds to a single value. */
function tagField(before: JsonObject, after: JsonObject, variants: readonly Variant[], types: TypeTable): string | undefined {
  for (const schema of [before, after]) {
    const named = asObject(schema["discriminator"])["propertyName"];
    if (typeof named === "string") return named;
  }
  const [first] = variants;
  if (first === undefined) return undefined;
  const fields = Object.keys(asObject(resolved(first.schema, types)["properties"]));
  return fields.find((field) => variants.every((variant) => tagValue(variant, field, types) !== undefined));
}

/** The one value a variant holds its tag field to, as JSON text; `undefined` without one. */
function tagValue(variant: Variant, field: string | undefined, types: TypeTable): string | undefined {
  if (field === undefined) return undefined;
  const values = asObject(asObject(resolved(variant.schema, types)["properties"])[field])["enum"];
  return Array.isArray(values) && values.length === 1 ? JSON.stringify(values[0]) : undefined;
}

/** The JSON types a variant allows through its `$ref`, `undefined` when it does not say. */
function variantTypes(variant: Variant, types: TypeTable): readonly unknown[] | undefined {
  const node = resolved(variant.schema, types);
  const type = node["type"];
  if (Array.isArray(type)) return type;
  return Array.isArray(node["enum"]) ? [...new Set(node["enum"].map((value) => (value === null ? "null" : Array.isArray(value) ? "array" : typeof value)))] : undefined;
}

/** The target of a variant's `$ref` when it is a union and nothing else that validates: its variants, at paths through the `$ref`. */
function unionBehind(variant: Variant, types: TypeTable, assertFormats: boolean): Variant[] | undefined {
  if (refName(variant.schema["$ref"]) === undefined) return undefined;
  const target = validating(resolved(variant.schema, types), assertFormats);
  const keyword = unionKeyword(target);
  const members = keyword === undefined ? undefined : target[keyword];
  if (keyword !== "anyOf" || !Array.isArray(members) || Object.keys(target).length !== 1) return undefined;
  return members.map((member, index) => ({ schema: asObject(member), at: pointer(variant.at, keyword, index), index }));
}

/**
 * A union's variants as the smallest pieces the other side may have spelled
 * apart: a `$ref` to a union the other side does not name, as that union's
 * variants; a variant with a type list, as one per type (`null` apart).
 */
function pieces(variants: readonly Variant[], other: readonly Variant[], types: TypeTable, assertFormats: boolean): Variant[] {
  const named = new Set(other.map((variant) => refName(variant.schema["$ref"])).filter((name) => name !== undefined));
  return variants.flatMap((variant) => {
    const name = refName(variant.schema["$ref"]);
    const behind = name === undefined || named.has(name) ? undefined : unionBehind(variant, types, assertFormats);
    if (behind !== undefined) return pieces(behind, other, types, assertFormats);
    if (Object.hasOwn(variant.schema, "$ref")) return [variant];
    return splitPlain(variant.schema, variant.at, assertFormats).map((piece) => ({ ...piece, ...(variant.index === undefined ? {} : { index: variant.index }) }));
  });
}

/** Which old variant became which new one. */
class Pairing {
  readonly pairs = new Map<Variant, Variant>();
  private readonly unpaired: Set<Variant>;

  constructor(readonly oldVariants: readonly Variant[], newVariants: readonly Variant[]) {
    this.unpaired = new Set(newVariants);
  }

  /** Pairs each old variant not paired yet with the first new one not paired yet that `matches` it. */
  pairBy(matches: (before: Variant, after: Variant) => boolean): void {
    for (const before of this.oldVariants) {
      if (this.pairs.has(before)) continue;
      const after = [...this.unpaired].find((candidate) => matches(before, candidate));
      if (after === undefined) continue;
      this.pairs.set(before, after);
      this.unpaired.delete(after);
    }
  }

  added(): Variant[] {
    return [...this.unpaired];
  }
}

/** Whether comparing two variants finds annotations changed at most: they accept the same messages. */
function acceptSame(before: Variant, after: Variant, comparison: Comparison, compare: Compare): boolean {
  let alike = true;
  compare(before.schema, after.schema, { old: before.at, new: after.at }, { ...comparison, emit: (_at, kind) => (alike &&= effectOf(kind, comparison.assertFormats) === "neither") });
  return alike;
}

/** Pairs the variants: by the type their `$ref` names, by tag (through `$ref`s), by accepting the same messages (a variant renamed or inlined), `null` with `null`, then by JSON type. */
function paired(before: JsonObject, after: JsonObject, oldList: readonly Variant[], newList: readonly Variant[], comparison: Comparison, compare: Compare): Pairing {
  const pairing = new Pairing(oldList, newList);
  const { assertFormats, oldTypes, newTypes } = comparison;
  pairing.pairBy((old, candidate) => refName(old.schema["$ref"]) !== undefined && refName(old.schema["$ref"]) === refName(candidate.schema["$ref"]));
  const field = tagField(before, after, oldList, oldTypes);
  pairing.pairBy((old, candidate) => {
    const tag = tagValue(old, field, oldTypes);
    return tag !== undefined && tag === tagValue(candidate, field, newTypes);
  });
  pairing.pairBy((old, candidate) => isNull(old, assertFormats) && isNull(candidate, assertFormats));
  pairing.pairBy((old, candidate) => !isNull(old, assertFormats) && !isNull(candidate, assertFormats) && acceptSame(old, candidate, comparison, compare));
  pairing.pairBy((old, candidate) => {
    const [oldTypesOf, newTypesOf] = [variantTypes(old, oldTypes), variantTypes(candidate, newTypes)];
    return !isNull(old, assertFormats) && !isNull(candidate, assertFormats) && oldTypesOf !== undefined && newTypesOf !== undefined && oldTypesOf.some((type) => newTypesOf.includes(type));
  });
  return pairing;
}

/** A variant with what validates beside its union, when the other side has no union to compare that with (a `$ref` variant is compared as it is). */
function withSiblings(variant: Variant, siblings: JsonObject): Variant {
  if (Object.keys(siblings).length === 0 || Object.hasOwn(variant.schema, "$ref")) return variant;
  return { ...variant, schema: { ...siblings, ...variant.schema } };
}

/**
 * Compares a place where either side is a union (`oneOf`/`anyOf`), a
 * plain schema on the other side read as the variants it amounts to (a
 * type list as one variant per type, `null` apart): paired variants are
 * compared, a variant left over was removed or added, and `null` gained or
 * lost is `nullable_*` at the place itself. False when neither side is a
 * union.
 */
export function compareUnion(before: JsonObject, after: JsonObject, at: Place, comparison: Comparison, compare: Compare, compareRest: Compare): boolean {
  const { assertFormats, emit } = comparison;
  const [oldSide, newSide] = [variantsOf(before, at.old, assertFormats), variantsOf(after, at.new, assertFormats)];
  if (oldSide.keyword === undefined && newSide.keyword === undefined) return false;
  if (oldSide.keyword !== undefined && newSide.keyword !== undefined) {
    if (oldSide.keyword !== newSide.keyword) emit(at, "keyword_changed", `${oldSide.keyword} -> ${newSide.keyword}`);
    compareRest(oldSide.siblings, newSide.siblings, at, comparison);
  }
  // Against a plain schema, a union's variants carry what validates beside them, and their own annotations are not compared.
  const asPlainAs = (side: Variants) => side.list.map((variant) => withSiblings({ ...variant, schema: validating(variant.schema, assertFormats) }, side.siblings));
  const [oldList, newList] = newSide.keyword === undefined ? [asPlainAs(oldSide), newSide.list] : oldSide.keyword === undefined ? [oldSide.list, asPlainAs(newSide)] : [oldSide.list, newSide.list];
  const pairing = paired(before, after, pieces(oldList, newList, comparison.oldTypes, assertFormats), pieces(newList, oldList, comparison.newTypes, assertFormats), comparison, compare);
  for (const old of pairing.oldVariants) {
    const counterpart = pairing.pairs.get(old);
    if (counterpart !== undefined) compare(old.schema, counterpart.schema, { old: old.at, new: counterpart.at }, comparison);
    else if (isNull(old, assertFormats)) emit(at, "nullable_removed", "null no longer allowed");
    else emit({ old: old.at, new: at.new }, "variant_removed", `variant ${variantName(old)} removed`);
  }
  for (const added of pairing.added()) {
    if (isNull(added, assertFormats)) emit(at, "nullable_added", "null now allowed");
    else emit({ old: at.old, new: added.at }, "variant_added", `variant ${variantName(added)} added`);
  }
  return true;
}

/** A variant as people name it: the type its `$ref` names, else its place. */
function variantName(variant: Variant): string {
  const name = refName(variant.schema["$ref"]);
  if (name !== undefined) return `ref:${name}`;
  return variant.index === undefined ? "schema" : `index:${variant.index}`;
}
