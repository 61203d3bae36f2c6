// How each union of the schema bundle is told apart on the wire, and the
// equivalent form the validators compile it in, so that a value no variant
// accepts gets the error the protocol's decoder would give:
//   internal  a tag field inside each variant; given as `anyOf` (a variant
//             whose tag is any other string is the fallback), it is compiled
//             as a choice by tag (`if`/`then`/`else`), so only the chosen
//             variant's errors are reported;
//   external  Rust's default enum encoding (a bare string, or an object whose
//             one key names the variant), compiled under its own keyword;
//   untagged  the first variant that decodes wins, under its own keyword;
// and a record with a constant tag that is no union's variant (a union with
// one variant, such as `McpServerSource`) is compiled as a union selected by
// that tag, so its tag is checked before its other fields.
// Every rewrite accepts exactly the values the original accepts.
import { Ajv2020 } from "ajv/dist/2020.js";
import { cloneJson, isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { definitionRef, localDefinitionName, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "../src/union-keywords.js";

/** A variant of an internally tagged union: the definition whose tag holds `value`. */
export interface TaggedVariant {
  readonly value: string;
  readonly ref: string;
}

/** A data variant of an externally tagged union: the one-key record whose key is `key`. */
export interface KeyedVariant {
  readonly key: string;
  readonly ref: string;
}

/** A union of the bundle, by how its variants are told apart. */
export type UnionForm =
  | { readonly form: "internal"; readonly name: string; readonly tag: string; readonly variants: readonly TaggedVariant[]; readonly fallback: string | undefined }
  | { readonly form: "external"; readonly name: string; readonly units: readonly string[]; readonly variants: readonly KeyedVariant[] }
  | { readonly form: "untagged"; readonly name: string; readonly variants: readonly string[] };

/** A record whose required field `tag` holds the constant `value`, and which is no union's variant. */
export interface TaggedRecord {
  readonly name: string;
  readonly tag: string;
  readonly value: string;
}

function propertiesOf(schema: JsonObject): JsonObject {
  return isJsonObject(schema.properties) ? schema.properties : {};
}

function requires(schema: JsonObject, field: string): boolean {
  return Array.isArray(schema.required) && schema.required.includes(field);
}

/** Keywords that describe a schema without constraining values. */
function isAnnotation(keyword: string): boolean {
  return ["description", "title", "$comment", "examples", "default"].includes(keyword) || keyword.startsWith("x-");
}

/** The definition a reference names, through definitions that are only a reference (aliases). */
function resolved(definitions: JsonObject, schema: unknown, seen: ReadonlySet<string> = new Set()): { name: string; schema: JsonObject } | undefined {
  const name = isJsonObject(schema) ? localDefinitionName(schema.$ref) : undefined;
  const target = name === undefined ? undefined : definitions[name];
  if (name === undefined || !isJsonObject(target) || seen.has(name)) return undefined;
  const isAlias = typeof target.$ref === "string" && Object.keys(target).every((keyword) => keyword === "$ref" || isAnnotation(keyword));
  return isAlias ? resolved(definitions, target, new Set([...seen, name])) : { name, schema: target };
}

function isNullablePair(members: readonly unknown[]): boolean {
  return members.length === 2 && members.some((member) => isJsonObject(member) && member.type === "null");
}

function stringConstant(schema: unknown): string | undefined {
  return isJsonObject(schema) && schema.type === "string" && typeof schema.const === "string" ? schema.const : undefined;
}

function stringValues(schema: unknown): string[] | undefined {
  if (!isJsonObject(schema) || schema.type !== "string") return undefined;
  if (typeof schema.const === "string") return [schema.const];
  return Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string") ? schema.enum.map(String) : undefined;
}

function internalForm(name: string, members: readonly unknown[], definitions: JsonObject): UnionForm | undefined {
  const records = members.map((member) => resolved(definitions, member));
  const first = records[0];
  if (first === undefined || records.some((record) => record === undefined || record.schema.type !== "object")) return undefined;
  for (const tag of Object.keys(propertiesOf(first.schema))) {
    const variants: TaggedVariant[] = [];
    const free: string[] = [];
    for (const record of records) {
      if (record === undefined || !requires(record.schema, tag)) break;
      const property = propertiesOf(record.schema)[tag];
      const value = stringConstant(property);
      if (value !== undefined) variants.push({ value, ref: record.name });
      else if (isJsonObject(property) && property.type === "string" && property.enum === undefined) free.push(record.name);
    }
    const distinct = new Set(variants.map((variant) => variant.value)).size === variants.length;
    if (variants.length > 0 && free.length <= 1 && variants.length + free.length === records.length && distinct) {
      return { form: "internal", name, tag, variants, fallback: free[0] };
    }
  }
  return undefined;
}

function externalForm(name: string, members: readonly unknown[], definitions: JsonObject): UnionForm | undefined {
  const units: string[] = [];
  const variants: KeyedVariant[] = [];
  for (const member of members) {
    const values = stringValues(member);
    if (values !== undefined) {
      units.push(...values);
      continue;
    }
    const wrapper = resolved(definitions, member);
    const fields = wrapper === undefined ? [] : Object.keys(propertiesOf(wrapper.schema));
    const [key] = fields;
    if (wrapper === undefined || wrapper.schema.maxProperties !== 1 || fields.length !== 1 || key === undefined || !requires(wrapper.schema, key)) return undefined;
    variants.push({ key, ref: wrapper.name });
  }
  return variants.length > 0 ? { form: "external", name, units, variants } : undefined;
}

function untaggedForm(name: string, members: readonly unknown[], definitions: JsonObject): UnionForm | undefined {
  const variants = members.map((member) => resolved(definitions, member)?.name);
  if (variants.length < 2 || variants.some((variant) => variant === undefined)) return undefined;
  return { form: "untagged", name, variants: variants.filter((variant) => variant !== undefined) };
}

/**
 * The unions among the definitions that JSON Schema's `anyOf` leaves for the
 * validators to tell apart: tagged unions given with `oneOf` and a
 * `discriminator` are told apart by ajv already, and a value-or-null choice
 * or a choice of strings is not a union of variants.
 */
export function unionForms(definitions: JsonObject): UnionForm[] {
  const forms: UnionForm[] = [];
  for (const [name, schema] of Object.entries(definitions)) {
    const members = isJsonObject(schema) && Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
    if (members === undefined || isNullablePair(members) || members.every((member) => stringValues(member) !== undefined)) continue;
    const form = internalForm(name, members, definitions) ?? externalForm(name, members, definitions) ?? untaggedForm(name, members, definitions);
    if (form !== undefined) forms.push(form);
  }
  return forms;
}

/** The definitions that are a variant of some union (value-or-null choices aside). */
function unionVariants(definitions: JsonObject): Set<string> {
  const variants = new Set<string>();
  for (const schema of Object.values(definitions)) {
    if (!isJsonObject(schema)) continue;
    visitSchemas(schema, (node) => {
      for (const members of [node.anyOf, node.oneOf]) {
        if (!Array.isArray(members) || isNullablePair(members)) continue;
        for (const member of members) {
          const target = resolved(definitions, member);
          if (target !== undefined) variants.add(target.name);
        }
      }
    });
  }
  return variants;
}

/** Records with one required constant string field, their tag, that are no union's variant. */
export function taggedRecords(definitions: JsonObject): TaggedRecord[] {
  const variants = unionVariants(definitions);
  const records: TaggedRecord[] = [];
  for (const [name, schema] of Object.entries(definitions)) {
    if (!isJsonObject(schema) || schema.type !== "object" || variants.has(name)) continue;
    const tags = Object.entries(propertiesOf(schema)).filter(([field, property]) => requires(schema, field) && stringConstant(property) !== undefined);
    const [only] = tags;
    if (only === undefined || tags.length !== 1) continue;
    records.push({ name, tag: only[0], value: stringConstant(only[1]) ?? "" });
  }
  return records;
}

function ref(name: string): JsonObject {
  return { $ref: definitionRef(name) };
}

/**
 * Throws unless the fallback variant rejects every constant tag: only then
 * does choosing the variant by tag accept exactly what `anyOf` accepts.
 */
function assertFallbackExcludesConstants(union: Extract<UnionForm, { form: "internal" }>, fallback: string, definitions: JsonObject): void {
  const record = definitions[fallback];
  const tagSchema = isJsonObject(record) ? propertiesOf(record)[union.tag] : undefined;
  if (!isJsonObject(tagSchema)) throw new Error(`${fallback}: the fallback of ${union.name} has no ${union.tag} schema`);
  const acceptsTag = new Ajv2020({ strict: false }).compile(tagSchema);
  for (const { value } of union.variants) {
    if (acceptsTag(value)) throw new Error(`${union.name}: its fallback ${fallback} also accepts the tag ${JSON.stringify(value)}, so the variant cannot be chosen by tag`);
  }
}

/** The variant whose constant the tag holds, else the fallback. */
function choiceByTag(tag: string, variants: readonly TaggedVariant[], fallback: string): JsonObject {
  let choice = ref(fallback);
  for (const variant of [...variants].reverse()) {
    choice = { if: { properties: { [tag]: { const: variant.value } }, required: [tag] }, then: ref(variant.ref), else: choice };
  }
  return choice;
}

function compiledUnion(union: UnionForm, definitions: JsonObject): JsonObject {
  const schema = definitions[union.name];
  const members = isJsonObject(schema) ? schema.anyOf : undefined;
  switch (union.form) {
    case "external":
      return { [EXTERNAL_UNION_KEYWORD]: members };
    case "untagged":
      return { [UNTAGGED_UNION_KEYWORD]: members };
    case "internal":
      if (union.fallback === undefined) return { type: "object", discriminator: { propertyName: union.tag }, oneOf: members };
      assertFallbackExcludesConstants(union, union.fallback, definitions);
      return { type: "object", ...choiceByTag(union.tag, union.variants, union.fallback) };
  }
}

/** The bundle the validators compile: each union and tagged record in the form described above. */
export function compiledBundle(bundle: JsonObject): JsonObject {
  const copy = cloneJson(bundle);
  const definitions = isJsonObject(copy.$defs) ? copy.$defs : {};
  const unions = unionForms(definitions);
  const records = taggedRecords(definitions);
  const rewritten = new Map<string, JsonObject>();
  for (const union of unions) rewritten.set(union.name, compiledUnion(union, definitions));
  for (const record of records) rewritten.set(record.name, { type: "object", discriminator: { propertyName: record.tag }, oneOf: [definitions[record.name]] });
  for (const [name, schema] of rewritten) definitions[name] = schema;
  return copy;
}
