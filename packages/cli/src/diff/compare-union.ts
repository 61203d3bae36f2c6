import type { JsonObject } from "../json-value.js";
import { effectOf } from "./change.js";
import { asObject, same, type Compare, type Comparison } from "./comparison.js";
import { singleValue } from "./listed-values.js";
import { resolved, type TypeTable } from "./minimal-instance.js";
import { pointer, refName } from "./pointer.js";

/** One variant of a `oneOf`/`anyOf`: its place, its schema, and what identifies it across versions. */
interface Variant {
  readonly index: number;
  readonly schema: unknown;
  readonly key: string;
}

function tagName(schema: JsonObject): string | undefined {
  const tag = asObject(schema["discriminator"])["propertyName"];
  return typeof tag === "string" ? tag : undefined;
}

/** The value of a variant's tag field, `undefined` without one. */
function tagValue(variant: JsonObject, tag: string | undefined): unknown {
  return tag === undefined ? undefined : singleValue(asObject(asObject(variant["properties"])[tag]));
}

/** What identifies a union variant across versions: the type it names, its tag, or its place. */
function variantKey(variant: unknown, index: number, tag: string | undefined): string {
  const schema = asObject(variant);
  const name = refName(schema["$ref"]);
  if (name !== undefined) return `ref:${name}`;
  const value = tagValue(schema, tag);
  if (value !== undefined) return `tag:${JSON.stringify(value)}`;
  if (same(schema["type"], "null")) return "null";
  if (Object.hasOwn(schema, "const")) return `const:${JSON.stringify(schema["const"])}`;
  return `index:${index}`;
}

function variantsOf(schema: JsonObject, union: string): Variant[] {
  const variants = schema[union];
  const tag = tagName(schema);
  return Array.isArray(variants) ? variants.map((variant, index) => ({ index, schema: variant, key: variantKey(variant, index, tag) })) : [];
}

/** The union's variants on both sides and which old one became which new one. */
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
  compare(before.schema, after.schema, "", { ...comparison, emit: (_path, kind) => (alike &&= effectOf(kind) === "neither") });
  return alike;
}

/** The tag a variant's `$ref` leads to, as text, `undefined` without one. */
function tagThrough(variant: Variant, tag: string | undefined, types: TypeTable): string | undefined {
  const value = tagValue(resolved(variant.schema, types), tag);
  return value === undefined ? undefined : JSON.stringify(value);
}

/**
 * Compares the variants of a `oneOf`/`anyOf`, pairing old and new ones by
 * the type their `$ref` names, their tag or their place; then the rest by
 * the tag their `$ref` leads to, then by accepting the same messages (a
 * variant inlined or its type renamed); what is left was removed or added.
 */
export function compareUnion(before: JsonObject, after: JsonObject, union: string, path: string, comparison: Comparison, compare: Compare): void {
  const [hadUnion, hasUnion] = [Array.isArray(before[union]), Array.isArray(after[union])];
  if (!hadUnion && !hasUnion) return;
  if (hadUnion !== hasUnion) {
    comparison.emit(pointer(path, union), "keyword_changed", `${union} ${hasUnion ? "added" : "removed"}`);
    return;
  }
  const pairing = new Pairing(variantsOf(before, union), variantsOf(after, union));
  pairing.pairBy((old, candidate) => old.key === candidate.key);
  const [oldTag, newTag] = [tagName(before), tagName(after)];
  pairing.pairBy((old, candidate) => {
    const tag = tagThrough(old, oldTag, comparison.oldTypes);
    return tag !== undefined && tag === tagThrough(candidate, newTag, comparison.newTypes);
  });
  pairing.pairBy((old, candidate) => acceptSame(old, candidate, comparison, compare));
  for (const old of pairing.oldVariants) {
    const at = pointer(path, union, old.index);
    const counterpart = pairing.pairs.get(old);
    if (counterpart !== undefined) compare(old.schema, counterpart.schema, at, comparison);
    else comparison.emit(at, old.key === "null" ? "nullable_removed" : "variant_removed", `variant ${old.key} removed`);
  }
  for (const added of pairing.added()) comparison.emit(pointer(path, union, added.index), added.key === "null" ? "nullable_added" : "variant_added", `variant ${added.key} added`);
}
