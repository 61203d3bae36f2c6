// The type aliases of definitions quicktype does not declare under their
// own name: the view's aliases, the root types that are lists, maps or
// nullable records, enumerations quicktype merged into another with the
// same values, and bare primitives (`Uint32`, `NoData`).
import { ClassType, EnumType, nullableFromUnion, UnionType, type Type } from "quicktype-core";
import type { BindingsModel } from "../../model.js";
import { acceptsNull, stringValuesOf, type JsonObject } from "../../schema.js";
import { primitiveRustType, rustTypeOf, type NamedTypes } from "./types.js";

export interface TypeAlias {
  name: string;
  type: string;
}

export interface QuicktypeGraph {
  /** The view's root record, a field `t<i>` per top level. */
  root: ClassType;
  enumerations: readonly EnumType[];
  named: NamedTypes;
}

/** A definition that is only a primitive type: quicktype spells it inline. */
function isBareType(schema: JsonObject): boolean {
  return !["object", "array"].includes(String(schema.type)) && ["$ref", "enum", "const", "anyOf", "oneOf"].every((keyword) => !(keyword in schema));
}

function rootTypes(model: BindingsModel, { root, named }: QuicktypeGraph): TypeAlias[] {
  const aliases: TypeAlias[] = [];
  for (const [field, property] of root.getProperties()) {
    const name = model.view.topLevels[Number(field.slice(1))];
    const schema = name === undefined ? undefined : model.definitions[name];
    if (name === undefined || schema === undefined) throw new Error(`the view's root field ${field} names no protocol type`);
    // Root fields are optional; only a definition that accepts null is an `Option`.
    const present: Type | null = property.type instanceof UnionType && !acceptsNull(schema) ? nullableFromUnion(property.type) : null;
    const value = present ?? property.type;
    const declared = (value instanceof ClassType || value instanceof EnumType) && named.name(value) === name;
    if (!declared) aliases.push({ name, type: rustTypeOf(value, named) });
  }
  return aliases;
}

/** Enumerations declared under another definition's name, because quicktype merged the two. */
function mergedEnumerations(model: BindingsModel, { enumerations, named }: QuicktypeGraph): TypeAlias[] {
  const byValues = new Map(enumerations.map((t) => [JSON.stringify([...t.cases].sort()), named.name(t)]));
  const declared = new Set(byValues.values());
  const merged: TypeAlias[] = [];
  for (const [name, schema] of Object.entries(model.definitions)) {
    const values = stringValuesOf(schema);
    const target = values === undefined || declared.has(name) ? undefined : byValues.get(JSON.stringify([...values].sort()));
    if (target !== undefined) merged.push({ name, type: target });
  }
  return merged;
}

export function undeclaredAliases(model: BindingsModel, graph: QuicktypeGraph): TypeAlias[] {
  const aliases: TypeAlias[] = model.aliases.map((alias) => ({ name: alias.name, type: alias.target }));
  for (const alias of [...rootTypes(model, graph), ...mergedEnumerations(model, graph)]) {
    if (!aliases.some((entry) => entry.name === alias.name)) aliases.push(alias);
  }
  const covered = new Set([...aliases.map((entry) => entry.name), ...model.view.topLevels]);
  for (const [name, schema] of Object.entries(model.definitions)) {
    if (!covered.has(name) && isBareType(schema)) aliases.push({ name, type: primitiveRustType(name, schema) });
  }
  return aliases;
}
