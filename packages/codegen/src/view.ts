// The schema quicktype reads. quicktype keeps names only under
// `definitions`, sorts fields unless told the order, and merges every union
// into one record; so the view renames `$defs`, pins each record's field
// order and name, takes each union's tag out of its variant records, and
// stands an empty placeholder record in for each union, which the language's
// union pass replaces with the real sum type.
import { cloneJson } from "@app-server-protocol/generator/json";
import { definitionRef, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { descriptionOf, isJsonObject, propertiesOf, refName, type Definitions, type JsonObject } from "./schema.js";
import type { Union } from "./unions.js";

/**
 * The one top level quicktype reads: a record with a field per root type.
 * quicktype resolves each top level on its own and would copy every type two
 * of them share; from one root every type is declared once. Each language
 * pass removes this record.
 */
export const VIEW_ROOT = "QuicktypeViewRoot";

export interface QuicktypeView {
  /** A JSON Schema document with every type under `definitions`, and the root record at the top. */
  schema: JsonObject;
  /** The types no other type refers to, in definition order: the root's fields. */
  topLevels: string[];
  /** Types that are another type under a second name (`SessionForkResult` is a `SessionRecord`): the language declares them as aliases. */
  aliases: Alias[];
}

export interface Alias {
  name: string;
  target: string;
  description: string | undefined;
}

/** A definition quicktype would declare as a bare alias of a primitive: every language spells those inline. */
function isPrimitiveAlias(schema: JsonObject): boolean {
  return schema.type !== "object" && schema.type !== "array" && schema.enum === undefined && schema.const === undefined && schema.anyOf === undefined && schema.oneOf === undefined;
}

function withoutField(record: JsonObject, field: string): JsonObject {
  const properties = { ...propertiesOf(record) };
  delete properties[field];
  const required = Array.isArray(record.required) ? record.required.filter((name) => name !== field) : [];
  return { ...record, properties, required };
}

/** Where each definition is referenced from, by referencing definition. */
function referrers(definitions: Definitions): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const [name, schema] of Object.entries(definitions)) {
    visitSchemas(schema, (node) => {
      const target = refName(node);
      if (target !== undefined) found.set(target, (found.get(target) ?? new Set()).add(name));
    });
  }
  return found;
}

/**
 * The records a union owns: its variants, which lose their tag field, and
 * the one-key wrappers of an externally tagged union, which disappear.
 */
function ownedRecords(union: Union): { untagged: Map<string, string>; removed: Set<string> } {
  const untagged = new Map<string, string>();
  const removed = new Set<string>();
  if (union.kind === "internal") {
    for (const variant of union.variants) untagged.set(variant.type, union.tag);
    if (union.fallback !== undefined) untagged.set(union.fallback.type, union.tag);
  } else if (union.kind === "external") {
    for (const variant of union.variants) removed.add(variant.wrapper);
  }
  return { untagged, removed };
}

function placeholder(union: Union): JsonObject {
  const schema: JsonObject = { type: "object", title: union.name, properties: {}, additionalProperties: false };
  if (union.description !== undefined) schema.description = union.description;
  return schema;
}

/**
 * Definitions that are only a reference to another: quicktype would give the
 * target both names and keep neither, so references go to the target and
 * the alias is declared by the language pass.
 */
function findAliases(definitions: Definitions): Alias[] {
  const aliases: Alias[] = [];
  for (const [name, schema] of Object.entries(definitions)) {
    let target = refName(schema);
    const seen = new Set([name]);
    while (target !== undefined && refName(definitions[target]) !== undefined) {
      if (seen.has(target)) throw new Error(`${name}: a cycle of aliases`);
      seen.add(target);
      target = refName(definitions[target]);
    }
    if (target !== undefined) aliases.push({ name, target, description: descriptionOf(schema) });
  }
  return aliases;
}

export function quicktypeView(definitions: Definitions, unions: readonly Union[]): QuicktypeView {
  const unionNames = new Set(unions.map((union) => union.name));
  const aliases = findAliases(definitions);
  const aliasTargets = new Map(aliases.map((alias) => [alias.name, alias.target]));
  const referencedBy = referrers(definitions);
  const untagged = new Map<string, string>();
  const removed = new Set<string>();
  for (const union of unions) {
    const owned = ownedRecords(union);
    for (const [record, tag] of owned.untagged) {
      const outside = [...(referencedBy.get(record) ?? [])].filter((name) => name !== union.name);
      if (outside.length > 0) throw new Error(`${record} is a variant of ${union.name} and also used by ${outside.join(", ")}: its tag cannot move to the union`);
      untagged.set(record, tag);
    }
    for (const record of owned.removed) removed.add(record);
  }

  const view: Record<string, JsonObject> = {};
  for (const [name, original] of Object.entries(definitions)) {
    if (removed.has(name) || aliasTargets.has(name)) continue;
    if (unionNames.has(name)) {
      view[name] = placeholder(unions.find((union) => union.name === name) ?? unions[0] ?? { kind: "untagged", name, description: undefined, variants: [] });
      continue;
    }
    const tag = untagged.get(name);
    const schema = tag === undefined ? cloneJson(original) : withoutField(cloneJson(original), tag);
    if (isJsonObject(schema.properties)) {
      schema.quicktypePropertyOrder = Object.keys(schema.properties);
      // Without fields or extra keys it is an empty record, not a map.
      if (Object.keys(schema.properties).length === 0 && schema.additionalProperties === undefined) schema.additionalProperties = false;
    }
    // An array's title would name (and split off) its item type.
    if (schema.type !== "array") schema.title = name;
    view[name] = schema;
  }
  for (const schema of Object.values(view)) {
    for (const property of Object.values(propertiesOf(schema))) {
      if (typeof property.$ref === "string" && Object.keys(property).length > 1) {
        property.anyOf = [{ $ref: property.$ref }];
        delete property.$ref;
      }
    }
  }
  // quicktype copies a type that is both a top level and referenced, so only
  // the roots are top levels; every other type is reached from one of them.
  const referenced = referrers(view);
  const topLevels = Object.keys(view).filter((name) => !referenced.has(name) && !unionNames.has(name) && !isPrimitiveAlias(view[name] ?? {}));
  const root: JsonObject = { type: "object", title: VIEW_ROOT, properties: Object.fromEntries(topLevels.map((name, index) => [`t${index}`, { $ref: definitionRef(name) }])), additionalProperties: false };
  let text = JSON.stringify({ ...root, definitions: view });
  for (const [alias, target] of aliasTargets) text = text.replaceAll(`"${definitionRef(alias)}"`, `"${definitionRef(target)}"`);
  text = text.replaceAll('"#/$defs/', '"#/definitions/');
  const schema: unknown = JSON.parse(text);
  if (!isJsonObject(schema)) throw new Error("unreachable: the view is an object");
  return { schema, topLevels, aliases };
}
