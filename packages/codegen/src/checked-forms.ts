// The forms the generated checkers (Python, Go) read some definitions in,
// which accept exactly the values the definitions accept but fail the way
// the TypeScript validators compile them to fail (packages/validators: the
// unions compiled by how they are told apart, tagged records by their tag):
// - an internal union with a fallback variant: the variant whose tag
//   matches, else the fallback (`if`/`then`/`else`), so only the chosen
//   variant's errors count;
// - an external union (`externalUnion`) and an untagged one
//   (`untaggedUnion`): `anyOf` under a name saying how it is told apart, so
//   a value no variant accepts is described in the protocol's terms;
// - a record with one required constant string field that is no union's
//   variant (`McpServerSourcePlugin`): selected by that tag, so the tag is
//   checked before its other fields.
import type { BindingsModel } from "./model.js";
import { isJsonObject, propertiesOf, refName, requiredOf, unionMembers, type JsonObject } from "./schema.js";
import type { InternalUnion, Union } from "./unions.js";
import { definitionRef, visitSchemas } from "@app-server-protocol/generator/schema-tools";

/** A definition's name through the definitions that are only another's name (aliases). */
function resolved(model: BindingsModel, name: string | undefined): string | undefined {
  const alias = model.aliases.find((entry) => entry.name === name);
  return alias === undefined ? name : alias.target;
}

function isNullablePair(members: readonly JsonObject[]): boolean {
  return members.length === 2 && members.some((member) => member.type === "null");
}

/** The definitions that are a member of some union (value-or-null choices aside). */
function unionMembersOfAll(model: BindingsModel): Set<string> {
  const members = new Set<string>();
  for (const schema of Object.values(model.definitions)) {
    visitSchemas(schema, (node) => {
      for (const list of [node.anyOf, node.oneOf]) {
        const entries = Array.isArray(list) ? list.filter(isJsonObject) : undefined;
        if (entries === undefined || isNullablePair(entries)) continue;
        for (const entry of entries) {
          const name = resolved(model, refName(entry));
          if (name !== undefined) members.add(name);
        }
      }
    });
  }
  return members;
}

function stringConstant(schema: JsonObject): string | undefined {
  return schema.type === "string" && typeof schema.const === "string" ? schema.const : undefined;
}

/** Records with exactly one required constant string field (their tag) that are no union's member. */
export function taggedRecords(model: BindingsModel): { name: string; tag: string }[] {
  const members = unionMembersOfAll(model);
  return Object.entries(model.definitions).flatMap(([name, schema]) => {
    if (schema.type !== "object" || members.has(name)) return [];
    const required = requiredOf(schema);
    const tags = Object.entries(propertiesOf(schema)).filter(([field, property]) => required.has(field) && stringConstant(property) !== undefined);
    const [only] = tags;
    return only === undefined || tags.length !== 1 ? [] : [{ name, tag: only[0] }];
  });
}

function reference(name: string): JsonObject {
  return { $ref: definitionRef(name) };
}

/** The variant whose tag matches, else the next test; the fallback when none does. */
function choiceByTag(union: InternalUnion, fallback: string): JsonObject {
  let choice = reference(fallback);
  for (const variant of [...union.variants].reverse()) {
    choice = { if: { properties: { [union.tag]: { const: variant.value } }, required: [union.tag] }, then: reference(variant.type), else: choice };
  }
  return { type: "object", ...choice };
}

function discriminated(tag: string, variants: JsonObject[]): JsonObject {
  return { type: "object", discriminator: { propertyName: tag }, oneOf: variants };
}

function members(model: BindingsModel, union: Union): JsonObject[] {
  return unionMembers(model.definitions[union.name] ?? {}) ?? [];
}

function unionForm(model: BindingsModel, union: Union): JsonObject | undefined {
  if (union.kind === "external") return { externalUnion: members(model, union) };
  if (union.kind === "untagged") return { untaggedUnion: members(model, union) };
  if (union.fallback !== undefined) return choiceByTag(union, union.fallback.type);
  // A tagged union the schema already gives with its discriminator is checked as given.
  if (isJsonObject(model.definitions[union.name]?.discriminator)) return undefined;
  return discriminated(union.tag, union.variants.map((variant) => reference(variant.type)));
}

/** The checked forms, by definition name, as schemas of the bundle. */
export function checkForms(model: BindingsModel): Map<string, JsonObject> {
  const forms = new Map<string, JsonObject>();
  for (const union of model.unions) {
    const form = unionForm(model, union);
    if (form !== undefined) forms.set(union.name, form);
  }
  for (const { name, tag } of taggedRecords(model)) forms.set(name, discriminated(tag, [model.definitions[name] ?? {}]));
  return forms;
}
