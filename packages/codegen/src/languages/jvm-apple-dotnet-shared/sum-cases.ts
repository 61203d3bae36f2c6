// Each union of the protocol as a flat list of cases, the shape every sum
// type (Swift enum, Kotlin sealed class, C# closed record hierarchy) declares.
import { variantName, type Union, type VariantData } from "../../unions.js";

export type SumCase =
  /** An internally tagged variant: the record, with the tag value the union writes. */
  | { kind: "tagged"; name: string; tag: string; type: string; fallback: boolean }
  /** An externally tagged unit variant: a bare string. */
  | { kind: "unit"; name: string; key: string }
  /** An externally tagged data variant: an object with the one key. */
  | { kind: "keyed"; name: string; key: string; data: VariantData }
  /** A variant of an untagged union, named after its type. */
  | { kind: "untagged"; name: string; type: string };

export type TaggedCase = Extract<SumCase, { kind: "tagged" }>;
export type UnitCase = Extract<SumCase, { kind: "unit" }>;
export type KeyedCase = Extract<SumCase, { kind: "keyed" }>;

export function isTagged(entry: SumCase): entry is TaggedCase {
  return entry.kind === "tagged";
}

export function isUnit(entry: SumCase): entry is UnitCase {
  return entry.kind === "unit";
}

export function isKeyed(entry: SumCase): entry is KeyedCase {
  return entry.kind === "keyed";
}

/** The cases of a union in wire order (the fallback last), each with a distinct PascalCase name. */
export function sumCases(union: Union): SumCase[] {
  const cases: SumCase[] = [];
  if (union.kind === "internal") {
    for (const variant of union.variants) cases.push({ kind: "tagged", name: variantName(variant.value), tag: variant.value, type: variant.type, fallback: false });
    if (union.fallback !== undefined) cases.push({ kind: "tagged", name: variantName(union.fallback.emitted), tag: union.fallback.emitted, type: union.fallback.type, fallback: true });
  } else if (union.kind === "external") {
    for (const unit of union.units) cases.push({ kind: "unit", name: variantName(unit), key: unit });
    for (const variant of union.variants) cases.push({ kind: "keyed", name: variantName(variant.key), key: variant.key, data: variant.data });
  } else {
    for (const type of union.variants) cases.push({ kind: "untagged", name: variantName(type), type });
  }
  const names = new Set<string>();
  for (const entry of cases) {
    if (entry.name === "" || /^[0-9]/.test(entry.name)) throw new Error(`${union.name}: variant name "${entry.name}" is not an identifier`);
    if (names.has(entry.name)) throw new Error(`${union.name}: two variants are both named ${entry.name}`);
    names.add(entry.name);
  }
  return cases;
}

/** The types a union's cases carry, by name (primitives excluded). */
export function payloadTypes(cases: readonly SumCase[]): string[] {
  const types: string[] = [];
  for (const entry of cases) {
    if (entry.kind === "tagged" || entry.kind === "untagged") types.push(entry.type);
    else if (entry.kind === "keyed" && "ref" in entry.data) types.push(entry.data.ref);
  }
  return types;
}
