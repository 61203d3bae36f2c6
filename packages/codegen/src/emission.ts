// The TypeScript emission: what an encoder writes for a value its decoder
// accepted, by the emission rules of the field plans (field-plans.ts), which
// every binding follows. A value decoded and encoded again by any binding
// must be this value (equal as JSON). Integers beyond the doubles' exact
// range may be held as `bigint`s; they pass through unchanged.
import { recordPlans, type FieldPlan } from "./field-plans.js";
import type { BindingsModel } from "./model.js";
import { isJsonObject, propertiesOf, refName, unionMembers, type JsonObject } from "./schema.js";
import type { Union } from "./unions.js";

/** A JSON value; an integer a double does not hold exactly may be a `bigint`. */
export type WireValue = null | boolean | number | bigint | string | WireValue[] | { [key: string]: WireValue };

export interface Emission {
  /** What an encoder writes for `value`, a valid `type`. */
  emitted(type: string, value: WireValue): WireValue;
}

/** Whether `value` is a valid `type`: tells an untagged union's variants apart, as its decoder does (the first that accepts it). */
export type TypeMatcher = (type: string, value: WireValue) => boolean;

function isRecordValue(value: WireValue): value is { [key: string]: WireValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function own(record: { readonly [key: string]: WireValue }, key: string): WireValue | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** A number's exact digits, so that `30`, `30.0` and `30n` are one value. */
function numberText(value: number | bigint): string {
  return typeof value === "bigint" || Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** Equality of JSON values: numbers by value, objects by their keys in any order. */
export function sameWireValue(left: WireValue, right: WireValue): boolean {
  if ((typeof left === "number" || typeof left === "bigint") && (typeof right === "number" || typeof right === "bigint")) return numberText(left) === numberText(right);
  if (Array.isArray(left) || Array.isArray(right)) {
    return Array.isArray(left) && Array.isArray(right) && left.length === right.length && left.every((item, index) => sameWireValue(item, right[index] ?? null));
  }
  if (isRecordValue(left) || isRecordValue(right)) {
    if (!isRecordValue(left) || !isRecordValue(right)) return false;
    const keys = Object.keys(left);
    return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameWireValue(left[key] ?? null, right[key] ?? null));
  }
  return left === right;
}

function isEmptyCollection(value: WireValue): boolean {
  return Array.isArray(value) ? value.length === 0 : isRecordValue(value) && Object.keys(value).length === 0;
}

/** Parsed JSON (a schema's default) as a wire value. */
export function wireValueOf(value: unknown): WireValue {
  if (value === null || typeof value === "boolean" || typeof value === "number" || typeof value === "bigint" || typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(wireValueOf);
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wireValueOf(item)]));
  throw new Error(`${typeof value} is not JSON`);
}

function defaultOf(plan: FieldPlan): WireValue | undefined {
  return plan.default === undefined ? undefined : wireValueOf(plan.default.value);
}

/** The emission of the protocol types of `model`. */
export function emission(model: BindingsModel, matches: TypeMatcher): Emission {
  const unions = new Map<string, Union>(model.unions.map((union) => [union.name, union]));
  const plans = new Map<JsonObject, Map<string, FieldPlan>>();

  function plansOf(schema: JsonObject): Map<string, FieldPlan> {
    let found = plans.get(schema);
    if (found === undefined) plans.set(schema, (found = recordPlans(schema)));
    return found;
  }

  function definition(name: string): JsonObject {
    const schema = model.definitions[name];
    if (schema === undefined) throw new Error(`no protocol type ${name}`);
    return schema;
  }

  function named(name: string, value: WireValue): WireValue {
    const union = unions.get(name);
    return union === undefined ? ofSchema(definition(name), value) : ofUnion(union, value);
  }

  function ofUnion(union: Union, value: WireValue): WireValue {
    if (union.kind === "internal") {
      const tag = isRecordValue(value) ? own(value, union.tag) : undefined;
      const variant = union.variants.find((candidate) => candidate.value === tag);
      if (variant !== undefined) return named(variant.type, value);
      if (union.fallback !== undefined) return { [union.tag]: union.fallback.emitted };
      throw new Error(`${union.name}: no variant is tagged ${JSON.stringify(tag)}`);
    }
    if (union.kind === "external") {
      if (typeof value === "string") return value;
      const [key] = isRecordValue(value) ? Object.keys(value) : [];
      const variant = union.variants.find((candidate) => candidate.key === key);
      if (variant === undefined || key === undefined || !isRecordValue(value)) throw new Error(`${union.name}: no variant is keyed ${JSON.stringify(key)}`);
      const data = propertiesOf(definition(variant.wrapper))[key] ?? {};
      return { [key]: ofSchema(data, value[key] ?? null) };
    }
    const variant = union.variants.find((candidate) => matches(candidate, value));
    if (variant === undefined) throw new Error(`${union.name}: no variant accepts the value`);
    return named(variant, value);
  }

  function ofSchema(schema: JsonObject, value: WireValue): WireValue {
    const ref = refName(schema);
    if (ref !== undefined) return value === null ? null : named(ref, value);
    if (value === null) return null;
    const members = unionMembers(schema);
    if (members !== undefined) {
      // Every named union is a definition: an inline one is `T | null`.
      const present = members.filter((member) => member.type !== "null");
      return present.length === 1 && present[0] !== undefined ? ofSchema(present[0], value) : value;
    }
    const items = schema.items;
    if (Array.isArray(value)) return isJsonObject(items) ? value.map((item) => ofSchema(items, item)) : value;
    if (isRecordValue(value)) return isJsonObject(schema.properties) ? ofRecord(schema, value) : ofMap(schema, value);
    return value;
  }

  function ofMap(schema: JsonObject, value: { [key: string]: WireValue }): WireValue {
    const values = schema.additionalProperties;
    if (!isJsonObject(values)) return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, ofSchema(values, item)]));
  }

  function ofRecord(schema: JsonObject, value: { [key: string]: WireValue }): WireValue {
    const properties = propertiesOf(schema);
    const written: { [key: string]: WireValue } = {};
    for (const plan of plansOf(schema).values()) {
      const field = ofField(plan, properties[plan.wire] ?? {}, own(value, plan.wire));
      if (field !== undefined) written[plan.wire] = field;
    }
    const extra = schema.additionalProperties;
    if (isJsonObject(extra)) {
      for (const [key, item] of Object.entries(value)) if (!Object.hasOwn(properties, key)) written[key] = ofSchema(extra, item);
    }
    return written;
  }

  /** What is written for a field holding `raw` (`undefined` when absent); `undefined` when it is left out. */
  function ofField(plan: FieldPlan, schema: JsonObject, raw: WireValue | undefined): WireValue | undefined {
    if (plan.emit === "unless_unset") return raw === undefined ? undefined : ofSchema(schema, raw);
    const fallback = defaultOf(plan);
    const value = (raw === undefined || raw === null) && fallback !== undefined ? fallback : raw;
    if (value === undefined || value === null) {
      if (plan.emit === "always") return null;
      return plan.emit === "or_default" ? (fallback ?? null) : undefined;
    }
    const written = ofSchema(schema, value);
    if (plan.emit !== "when_set") return written;
    if (fallback !== undefined && sameWireValue(written, fallback)) return undefined;
    return plan.omitEmpty && isEmptyCollection(written) ? undefined : written;
  }

  return { emitted: named };
}
