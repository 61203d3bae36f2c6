// What a protocol type is, as far as Go declarations differ: the other Go
// files ask it of union variants and of every name the type table lists.
import type { BindingsModel } from "../../model.js";
import { isJsonObject, stringValuesOf } from "../../schema.js";

export type DefinitionKind = "union" | "enum" | "record" | "list" | "alias" | "other";

export function definitionKind(model: BindingsModel, name: string): DefinitionKind {
  if (model.unions.some((union) => union.name === name)) return "union";
  if (model.aliases.some((alias) => alias.name === name)) return "alias";
  const schema = model.definitions[name];
  if (schema === undefined) throw new Error(`no protocol type ${name}`);
  if (schema.type === "string" && stringValuesOf(schema) !== undefined) return "enum";
  if (schema.type === "array") return "list";
  if (schema.type === "object" && isJsonObject(schema.properties)) return "record";
  return "other";
}

/** The kind of the type an alias finally names, or of the type itself. */
export function targetKind(model: BindingsModel, name: string): DefinitionKind {
  const alias = model.aliases.find((candidate) => candidate.name === name);
  return alias === undefined ? definitionKind(model, name) : definitionKind(model, alias.target);
}
