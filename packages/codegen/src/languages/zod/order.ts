// The order the schemas are declared in: every schema after the schemas it
// refers to, so the module loads without reading a constant before its
// declaration. Otherwise definition order.
import { visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { refName, type Definitions, type JsonObject } from "../../schema.js";

/** The definitions a schema refers to, in the order they appear. */
export function referencesOf(schema: JsonObject): string[] {
  const found = new Set<string>();
  visitSchemas(schema, (node) => {
    const target = refName(node);
    if (target !== undefined) found.add(target);
  });
  return [...found];
}

/**
 * Every definition, each after the definitions it refers to. A cycle of
 * references is broken where the walk meets it: that reference is to a schema
 * declared further down, and the declaration defers it. A union cannot defer
 * its variants, so the walk reaches each variant from its union (`members`
 * are not walked from on their own until everything else is); a variant's
 * field that refers back to its union is the reference deferred.
 */
export function declarationOrder(definitions: Definitions, members: ReadonlySet<string>): string[] {
  const order: string[] = [];
  const entered = new Set<string>();
  const visit = (name: string): void => {
    const schema = definitions[name];
    if (schema === undefined || entered.has(name)) return;
    entered.add(name);
    for (const target of referencesOf(schema)) visit(target);
    order.push(name);
  };
  const names = Object.keys(definitions);
  for (const name of names) if (!members.has(name)) visit(name);
  for (const name of names) visit(name);
  return order;
}
