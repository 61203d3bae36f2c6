// Finds every union of the protocol and says how it is told apart on the
// wire, so each language can declare it as one idiomatic sum type. quicktype
// would merge each into one record with every field optional.
import {
  acceptsNull,
  constantOf,
  descriptionOf,
  propertiesOf,
  refName,
  requiredOf,
  stringValuesOf,
  unionMembers,
  type Definitions,
  type JsonObject,
} from "./schema.js";

/** A variant of an internally tagged union: the record whose `tag` field holds `value`. */
export interface TaggedVariant {
  value: string;
  /** The variant's record type (its tag field belongs to the union, not to the record). */
  type: string;
}

/**
 * A union tagged by a field inside each variant (`{"type":"request",...}`).
 * `fallback` is the variant any other tag value decodes to; it is emitted
 * with the tag `fallback.emitted` and carries no fields.
 */
export interface InternalUnion {
  kind: "internal";
  name: string;
  description: string | undefined;
  tag: string;
  variants: TaggedVariant[];
  fallback: { type: string; emitted: string } | undefined;
}

/** A payload of an externally tagged variant: a type name or a JSON primitive. */
export type VariantData = { ref: string } | { primitive: "string" | "number" | "integer" | "boolean" };

/**
 * A union in Rust's default enum encoding: a unit variant is a bare string
 * (`"Proceed"`), a data variant an object with exactly one key
 * (`{"NeedsConfirmation":{...}}`).
 */
export interface ExternalUnion {
  kind: "external";
  name: string;
  description: string | undefined;
  units: string[];
  variants: { key: string; wrapper: string; data: VariantData }[];
}

/** A union without a tag: the first variant that decodes wins. */
export interface UntaggedUnion {
  kind: "untagged";
  name: string;
  description: string | undefined;
  variants: string[];
}

export type Union = InternalUnion | ExternalUnion | UntaggedUnion;

/** The tag property every member pins to a distinct constant, with the fallback member whose tag is free. */
function internalUnion(name: string, schema: JsonObject, members: JsonObject[], definitions: Definitions): InternalUnion | undefined {
  const targets = members.map((member) => refName(member));
  if (targets.some((target) => target === undefined)) return undefined;
  const records = targets.map((target) => ({ type: target ?? "", schema: definitions[target ?? ""] ?? {} }));
  const discriminator = schema.discriminator;
  const candidates = isTagName(discriminator) ? [discriminator.propertyName] : Object.keys(propertiesOf(records[0]?.schema ?? {}));
  for (const tag of candidates) {
    const variants: TaggedVariant[] = [];
    const free: string[] = [];
    for (const { type, schema: record } of records) {
      const property = propertiesOf(record)[tag];
      if (property === undefined || !requiredOf(record).has(tag)) break;
      const value = constantOf(property);
      if (value !== undefined) variants.push({ value, type });
      else if (property.type === "string") free.push(type);
    }
    if (variants.length + free.length !== records.length || free.length > 1 || variants.length === 0) continue;
    if (new Set(variants.map((variant) => variant.value)).size !== variants.length) continue;
    const fallbackType = free[0];
    const fallback = fallbackType === undefined ? undefined : { type: fallbackType, emitted: fallbackTag(name, fallbackType) };
    return { kind: "internal", name, description: descriptionOf(schema), tag, variants, fallback };
  }
  return undefined;
}

function isTagName(value: unknown): value is { propertyName: string } {
  return typeof value === "object" && value !== null && "propertyName" in value && typeof value.propertyName === "string";
}

/**
 * The tag a fallback variant is emitted with. By convention its record is
 * named after the union plus that tag (`AgentHookCommand` +
 * `Unsupported`), which its documentation also states.
 */
function fallbackTag(union: string, variant: string): string {
  if (!variant.startsWith(union) || variant.length === union.length) throw new Error(`fallback variant ${variant} of ${union} must be named ${union}<EmittedTag>`);
  return variant.slice(union.length);
}

const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);

function variantData(schema: JsonObject): VariantData | undefined {
  const ref = refName(schema);
  if (ref !== undefined) return { ref };
  const type = schema.type;
  if (typeof type === "string" && PRIMITIVES.has(type) && stringValuesOf(schema) === undefined) return { primitive: type === "string" ? "string" : type === "number" ? "number" : type === "integer" ? "integer" : "boolean" };
  return undefined;
}

function externalUnion(name: string, schema: JsonObject, members: JsonObject[], definitions: Definitions): ExternalUnion | undefined {
  const units: string[] = [];
  const variants: ExternalUnion["variants"] = [];
  for (const member of members) {
    const values = stringValuesOf(member);
    if (values !== undefined && member.type === "string") {
      units.push(...values);
      continue;
    }
    const wrapper = refName(member);
    const record = wrapper === undefined ? undefined : definitions[wrapper];
    if (wrapper === undefined || record === undefined || record.maxProperties !== 1) return undefined;
    const entries = Object.entries(propertiesOf(record));
    const [entry] = entries;
    if (entry === undefined || entries.length !== 1 || !requiredOf(record).has(entry[0])) return undefined;
    const data = variantData(entry[1]);
    if (data === undefined) throw new Error(`${wrapper}.${entry[0]}: an externally tagged payload must be a named type or a primitive`);
    variants.push({ key: entry[0], wrapper, data });
  }
  return variants.length > 0 ? { kind: "external", name, description: descriptionOf(schema), units, variants } : undefined;
}

function untaggedUnion(name: string, schema: JsonObject, members: JsonObject[]): UntaggedUnion | undefined {
  const variants = members.map((member) => refName(member));
  if (variants.length < 2 || variants.some((variant) => variant === undefined)) return undefined;
  return { kind: "untagged", name, description: descriptionOf(schema), variants: variants.filter((variant) => variant !== undefined) };
}

/** A union member list that is only `T | null`: quicktype models it as an optional value itself. */
function isNullable(members: JsonObject[]): boolean {
  return members.length === 2 && members.some((member) => member.type === "null");
}

/**
 * Every union among the definitions, in definition order. A union nested
 * inside a property (rather than named) is an error: each needs a name in
 * every language, so the source must name it.
 */
export function findUnions(definitions: Definitions): Union[] {
  const unions: Union[] = [];
  for (const [name, schema] of Object.entries(definitions)) {
    const members = unionMembers(schema);
    if (members === undefined || isNullable(members) || members.every((member) => stringValuesOf(member) !== undefined)) continue;
    const union = internalUnion(name, schema, members, definitions) ?? externalUnion(name, schema, members, definitions) ?? untaggedUnion(name, schema, members);
    if (union === undefined) throw new Error(`${name}: a union the bindings cannot express (members: ${JSON.stringify(members)})`);
    unions.push(union);
  }
  for (const [name, schema] of Object.entries(definitions)) {
    for (const [field, property] of Object.entries(propertiesOf(schema))) {
      const members = unionMembers(property);
      if (members !== undefined && !(isNullable(members) && !acceptsNull(members.find((member) => member.type !== "null") ?? {}))) {
        throw new Error(`${name}.${field}: an anonymous union; name it in packages/types so every language can declare it`);
      }
    }
  }
  return unions;
}

/** The name each language gives a variant: the PascalCase of its tag or key, or its type for an untagged union. */
export function variantName(label: string): string {
  return label
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word.length > 0)
    .map((word) => `${word[0]?.toUpperCase() ?? ""}${word.slice(1)}`)
    .join("");
}
