// The protocol types neither quicktype nor the union pass declares: aliases
// (`SessionForkResult` is a `SessionRecord`), named lists and primitives
// (`SessionListResult`, `Uint32`, `NoData`), and records without fields
// (`EmptyParams`), and enumerations quicktype merged into an identical one
// (`PermissionModeInput` is the `AgentPermissionModeInput` enum), so every
// TypeScript type name exists in Python too.
import type { BindingsModel } from "../../model.js";
import { descriptionOf, refName, stringValuesOf, type JsonObject } from "../../schema.js";
import { visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { docstring } from "./docstring.js";
import { typeExpression } from "./type-expression.js";

export interface OtherDeclarations {
  lines: string[];
  /** Records without fields, decoded as an instance of their class. */
  emptyRecords: string[];
  /** Enumerations declared as another with the same values, with that one's name. */
  enumAliases: Map<string, string>;
  names: string[];
}

function isEmptyRecord(schema: JsonObject): boolean {
  return schema.type === "object" && schema.properties === undefined && schema.additionalProperties === undefined;
}

function referencedNames(schema: JsonObject): Set<string> {
  const names = new Set<string>();
  visitSchemas(schema, (node) => {
    const name = refName(node);
    if (name !== undefined) names.add(name);
  });
  return names;
}

/** `pending` ordered so each name follows the names it refers to among them: these are module-level expressions. */
function dependencyOrder(pending: string[], model: BindingsModel): string[] {
  const ordered: string[] = [];
  const visit = (name: string, trail: Set<string>): void => {
    if (ordered.includes(name)) return;
    if (trail.has(name)) throw new Error(`${name}: a cycle of aliases`);
    for (const used of referencedNames(model.definitions[name] ?? {})) if (pending.includes(used)) visit(used, new Set([...trail, name]));
    ordered.push(name);
  };
  for (const name of pending) visit(name, new Set());
  return ordered;
}

function sameValues(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((value) => right.includes(value));
}

/** The declared enum quicktype merged an enumeration into: the first with the same values. */
function mergedInto(model: BindingsModel, schema: JsonObject, enums: readonly string[]): string | undefined {
  const values = stringValuesOf(schema);
  if (values === undefined) return undefined;
  return enums.find((name) => sameValues(stringValuesOf(model.definitions[name] ?? {}) ?? [], values));
}

/** Declarations of every definition not in `declared`; `enums` are the enumerations quicktype declared. */
export function otherDeclarations(model: BindingsModel, declared: ReadonlySet<string>, enums: readonly string[]): OtherDeclarations {
  const pending = Object.keys(model.definitions).filter((name) => !declared.has(name));
  const lines: string[] = [];
  const emptyRecords: string[] = [];
  const enumAliases = new Map<string, string>();
  for (const name of dependencyOrder(pending, model)) {
    const schema = model.definitions[name] ?? {};
    const description = descriptionOf(schema) ?? `The protocol type \`${name}\`.`;
    const merged = mergedInto(model, schema, enums);
    if (isEmptyRecord(schema)) {
      emptyRecords.push(name);
      lines.push("", "", "@dataclass", `class ${name}:`, ...docstring(description, "    "));
    } else if (merged !== undefined) {
      enumAliases.set(name, merged);
      lines.push("", "", `${name} = ${merged}`, ...docstring(`${description}\n\nThe same values as \`${merged}\`, and the same enumeration.`, ""));
    } else {
      lines.push("", "", `${name} = ${typeExpression(schema)}`, ...docstring(description, ""));
    }
  }
  return { lines, emptyRecords, enumAliases, names: pending };
}
