// The candidate values of one protocol type: its seed and single changes to
// it, per field (absent, `null`, each JSON kind it does not take, an unknown
// or differently cased enum value, an integer at each bound and one past it,
// an array where a record goes, an unknown member), per union (an unknown,
// missing or differently cased tag, a variant carrying another's tag, a
// second key), and for the whole value (another JSON kind, the record's
// field values as an array, an unknown field). Which of them are valid is
// for the validators to say.
import type { WireValue } from "@app-server-protocol/codegen/emission";
import { isJsonObject, propertiesOf, requiredOf, type JsonObject } from "@app-server-protocol/codegen/schema";
import { JSON_KINDS, type JsonKind, type SchemaView } from "./schema-view.js";
import type { Seeds } from "./seeds.js";

export interface Candidate {
  readonly name: string;
  readonly value: WireValue;
}

type WireRecord = { [key: string]: WireValue };

/** A value of each JSON kind, for a field that takes another. */
const KIND_VALUES: Readonly<Record<JsonKind, WireValue>> = {
  null: null,
  boolean: true,
  integer: 7,
  number: 1.5,
  string: "zz_wrong_kind",
  array: [],
  object: {},
};

const UNKNOWN_VALUE = "zz_unknown_value";
const UNKNOWN_FIELD = "zz_unknown_field";

function isRecord(value: WireValue): value is WireRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function withField(record: WireRecord, key: string, value: WireValue): WireRecord {
  return { ...record, [key]: value };
}

function withoutField(record: WireRecord, key: string): WireRecord {
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

/** A name part of letters, digits and underscores. */
function part(text: string): string {
  return text.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "") || "empty";
}

/** A differently cased spelling of `text`, or `undefined` when case changes nothing. */
function recased(text: string): string | undefined {
  const upper = text.toUpperCase();
  if (upper !== text) return upper;
  const lower = text.toLowerCase();
  return lower !== text ? lower : undefined;
}

export class Mutations {
  constructor(
    readonly view: SchemaView,
    readonly seeds: Seeds,
  ) {}

  /** Every candidate of type `name`, in a fixed order. */
  of(name: string): Candidate[] {
    const union = this.view.union(name);
    if (union?.kind === "internal") return [...this.internalUnion(union), ...this.wholeValue(this.seeds.of(name), new Set(["object"]))];
    if (union?.kind === "external") return this.externalUnion(union);
    if (union?.kind === "untagged") return this.untaggedUnion(union.variants);
    const schema = this.view.definition(name);
    const seed = this.seeds.of(name);
    const kinds = this.view.kinds(schema);
    const values = this.view.enumValues(schema);
    if (values !== undefined) return [...sampled(values).map((value) => ({ name: `value_${part(value)}`, value })), ...this.enumChanges("", values[0] ?? ""), ...this.wholeValue(seed, kinds)];
    if (schema.type === "array" && isJsonObject(schema.items)) return [{ name: "seed", value: seed }, { name: "empty", value: [] }, ...this.itemChanges(schema.items), ...this.wholeValue(seed, kinds)];
    if (isRecord(seed) && isJsonObject(schema.properties)) return [...this.record("", schema, seed), ...this.wholeValue(seed, kinds)];
    if (isRecord(seed) && isJsonObject(schema.additionalProperties)) return [{ name: "seed", value: seed }, { name: "empty", value: {} }, ...this.entryChanges(schema.additionalProperties), ...this.wholeValue(seed, kinds)];
    return [{ name: "seed", value: seed }, ...this.wholeValue(seed, kinds)];
  }

  /** The seed, its required fields alone, an unknown field, and a change to each field. */
  record(prefix: string, schema: JsonObject, seed: WireRecord, tag?: string): Candidate[] {
    const required = requiredOf(schema);
    const requiredOnly = Object.fromEntries(Object.entries(seed).filter(([field]) => required.has(field)));
    const candidates: Candidate[] = [
      { name: `${prefix}seed`, value: seed },
      { name: `${prefix}required_only`, value: requiredOnly },
      { name: `${prefix}unknown_field`, value: withField(seed, UNKNOWN_FIELD, "kept or dropped") },
    ];
    Object.entries(propertiesOf(schema)).forEach(([field, property], index) => {
      if (field === tag) return;
      // Each field is changed in the smallest record that holds it: the required fields and it.
      const base = required.has(field) || seed[field] === undefined ? requiredOnly : withField(requiredOnly, field, seed[field]);
      candidates.push(...this.field(`${prefix}${part(field)}_`, base, field, property, index));
    });
    return candidates;
  }

  /**
   * Single changes to one field of a record. Of the JSON kinds the field does
   * not take, one is tried, the `index`-th in turn: over a type's fields
   * every kind comes up, and the suite stays a few thousand cases.
   */
  field(prefix: string, seed: WireRecord, field: string, schema: JsonObject, index: number): Candidate[] {
    const set = (name: string, value: WireValue): Candidate => ({ name: `${prefix}${name}`, value: withField(seed, field, value) });
    const kinds = this.view.kinds(schema);
    const candidates: Candidate[] = [{ name: `${prefix}absent`, value: withoutField(seed, field) }, set("null", null)];
    const wrong = JSON_KINDS.filter((kind) => kind !== "null" && !kinds.has(kind));
    const kind = wrong[index % Math.max(wrong.length, 1)];
    if (kind !== undefined) candidates.push(set(`as_${kind}`, KIND_VALUES[kind]));
    const current = seed[field];
    const values = this.view.enumValues(schema);
    if (values !== undefined && typeof current === "string") {
      candidates.push(set("unknown_value", UNKNOWN_VALUE));
      const cased = recased(current);
      if (cased !== undefined && !values.includes(cased)) candidates.push(set("other_case", cased));
    }
    const bounds = this.view.integerBounds(schema);
    if (bounds?.minimum !== undefined) candidates.push(set("at_minimum", exactInteger(bounds.minimum)), set("below_minimum", exactInteger(bounds.minimum - 1n)));
    if (bounds?.maximum !== undefined) candidates.push(set("at_maximum", exactInteger(bounds.maximum)), set("above_maximum", exactInteger(bounds.maximum + 1n)));
    if (this.view.record(schema) !== undefined && current !== undefined && isRecord(current)) {
      candidates.push(set("as_array_of_field_values", Object.values(current)), set("unknown_member", withField(current, UNKNOWN_FIELD, 1)));
    }
    return candidates;
  }

  /**
   * The whole value as `null` and as one other JSON kind it is not (an
   * array for a record: its field values in order, which a decoder reading
   * records from arrays would take).
   */
  wholeValue(seed: WireValue, kinds: ReadonlySet<JsonKind>): Candidate[] {
    const candidates: Candidate[] = kinds.has("null") ? [] : [{ name: "as_null", value: null }];
    if (isRecord(seed) && Object.keys(seed).length > 0) return [...candidates, { name: "as_array_of_field_values", value: Object.values(seed) }];
    const other = JSON_KINDS.find((kind) => kind !== "null" && !kinds.has(kind));
    return other === undefined ? candidates : [...candidates, { name: `as_${other}`, value: KIND_VALUES[other] }];
  }

  enumChanges(prefix: string, first: string): Candidate[] {
    const cased = recased(first);
    return [{ name: `${prefix}unknown_value`, value: UNKNOWN_VALUE }, ...(cased === undefined ? [] : [{ name: `${prefix}other_case`, value: cased }])];
  }

  itemChanges(items: JsonObject): Candidate[] {
    const kinds = this.view.kinds(items);
    const wrong = JSON_KINDS.find((kind) => !kinds.has(kind));
    return [{ name: "item_null", value: [null] }, ...(wrong === undefined ? [] : [{ name: `item_as_${wrong}`, value: [KIND_VALUES[wrong]] }])];
  }

  entryChanges(values: JsonObject): Candidate[] {
    const kinds = this.view.kinds(values);
    const wrong = JSON_KINDS.find((kind) => !kinds.has(kind) && kind !== "null");
    return [{ name: "entry_null", value: { key: null } }, ...(wrong === undefined ? [] : [{ name: `entry_as_${wrong}`, value: { key: KIND_VALUES[wrong] } }])];
  }

  internalUnion(union: { tag: string; variants: { value: string; type: string }[] }): Candidate[] {
    const candidates: Candidate[] = [];
    union.variants.forEach((variant, index) => {
      const seed = this.seeds.of(variant.type);
      if (!isRecord(seed)) throw new Error(`${variant.type} is no record`);
      const prefix = `${part(variant.value)}__`;
      candidates.push(...this.record(prefix, this.view.definition(variant.type), seed, union.tag));
      const other = union.variants[(index + 1) % union.variants.length];
      if (other !== undefined && other !== variant) candidates.push({ name: `${prefix}tagged_${part(other.value)}`, value: withField(seed, union.tag, other.value) });
    });
    const first = this.seeds.of(union.variants[0]?.type ?? "");
    if (!isRecord(first)) return candidates;
    const tagValue = typeof first[union.tag] === "string" ? String(first[union.tag]) : "";
    candidates.push(
      ...this.enumChanges("tag_", tagValue).map((candidate) => ({ name: candidate.name, value: withField(first, union.tag, candidate.value) })),
      { name: "tag_absent", value: withoutField(first, union.tag) },
      { name: "tag_null", value: withField(first, union.tag, null) },
      { name: "tag_as_integer", value: withField(first, union.tag, 7) },
    );
    return candidates;
  }

  externalUnion(union: { name: string; units: string[]; variants: { key: string; wrapper: string }[] }): Candidate[] {
    const candidates: Candidate[] = union.units.map((unit) => ({ name: `unit_${part(unit)}`, value: unit }));
    for (const variant of union.variants) {
      const seed = this.seeds.of(variant.wrapper);
      const data = isRecord(seed) ? (seed[variant.key] ?? null) : null;
      const prefix = `${part(variant.key)}__`;
      const kinds = this.view.kinds(propertiesOf(this.view.definition(variant.wrapper))[variant.key] ?? {});
      const wrong = JSON_KINDS.find((kind) => !kinds.has(kind) && kind !== "null");
      candidates.push(
        { name: `${prefix}seed`, value: seed },
        { name: `${prefix}second_key`, value: { [variant.key]: data, [UNKNOWN_FIELD]: 1 } },
        { name: `${prefix}data_null`, value: { [variant.key]: null } },
        ...(wrong === undefined ? [] : [{ name: `${prefix}data_as_${wrong}`, value: { [variant.key]: KIND_VALUES[wrong] } }]),
      );
      const cased = recased(variant.key);
      if (cased !== undefined) candidates.push({ name: `${prefix}key_other_case`, value: { [cased]: data } });
    }
    const unit = union.units[0];
    if (unit !== undefined) candidates.push(...this.enumChanges("unit_", unit));
    candidates.push({ name: "unknown_key", value: { ZzUnknownVariant: {} } }, { name: "empty_object", value: {} });
    return [...candidates, ...this.wholeValue(this.seeds.of(union.name), this.view.kinds({ $ref: `#/$defs/${union.name}` }))];
  }

  untaggedUnion(variants: readonly string[]): Candidate[] {
    const candidates: Candidate[] = [];
    const kinds = new Set<JsonKind>();
    for (const variant of variants) {
      const seed = this.seeds.of(variant);
      for (const kind of this.view.kinds({ $ref: `#/$defs/${variant}` })) kinds.add(kind);
      candidates.push({ name: `${part(variant)}__seed`, value: seed });
      const schema = this.view.definition(variant);
      const [firstRequired] = requiredOf(schema);
      if (isRecord(seed) && firstRequired !== undefined) candidates.push({ name: `${part(variant)}__without_${part(firstRequired)}`, value: withoutField(seed, firstRequired) });
    }
    return [...candidates, ...this.wholeValue(null, kinds).filter((candidate) => candidate.name !== "as_array_of_field_values")];
  }
}

/** How many values of a long enumeration (the method names) are cases: the first, the last, and evenly spaced ones between. */
const ENUM_SAMPLE = 12;

function sampled(values: readonly string[]): string[] {
  if (values.length <= ENUM_SAMPLE) return [...values];
  const step = (values.length - 1) / (ENUM_SAMPLE - 1);
  return Array.from({ length: ENUM_SAMPLE }, (_, index) => values[Math.round(index * step)] ?? "");
}

/** An integer as a number when a double holds it exactly, else as a `bigint`. */
function exactInteger(value: bigint): WireValue {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}
