// Everything a language pass reads: the schema definitions, the unions and
// aliases, each field's presence, the method registry, and quicktype's view.
import { SOURCE_MARKS, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { presenceOf, type Presence } from "./presence.js";
import { definitionsOf, isJsonObject, type Definitions, type JsonObject } from "./schema.js";
import { findUnions, type Union } from "./unions.js";
import { quicktypeView, type Alias, type QuicktypeView } from "./view.js";

/** One method of `schemas/methods.json`. */
export interface MethodEntry {
  method: string;
  direction: "client_request" | "server_notification" | "server_request";
  stability: "stable" | "experimental";
  requires: string[];
  params: string;
  result: string | null;
}

export interface BindingsModel {
  definitions: Definitions;
  unions: Union[];
  aliases: Alias[];
  /** Every method, in registry order. */
  methods: MethodEntry[];
  view: QuicktypeView;
  /** How each field of a record appears in what the reference emits. */
  presence(record: string): Map<string, Presence>;
}

function methodEntries(registry: JsonObject): MethodEntry[] {
  const methods = registry.methods;
  if (!Array.isArray(methods)) throw new Error("the method registry has no methods list");
  return methods.map((entry: unknown): MethodEntry => {
    if (!isJsonObject(entry)) throw new Error("a method registry entry is not an object");
    const { method, direction, stability, requires, params, result } = entry;
    if (typeof method !== "string" || typeof params !== "string" || (result !== null && typeof result !== "string")) throw new Error(`malformed method entry ${JSON.stringify(entry)}`);
    if (direction !== "client_request" && direction !== "server_notification" && direction !== "server_request") throw new Error(`${method}: unknown direction`);
    if (stability !== "stable" && stability !== "experimental") throw new Error(`${method}: unknown stability`);
    const gates = Array.isArray(requires) ? requires.filter((gate): gate is string => typeof gate === "string") : [];
    return { method, direction, stability, requires: gates, params, result };
  });
}

/**
 * The definitions without the `x-sensitive` and `x-opaque` marks, which no
 * binding carries: an opaque map's value schema is then `{}` again, the
 * shape every language pass reads as "any JSON value".
 */
function withoutFieldMarks(definitions: Definitions): Definitions {
  const marks: readonly string[] = Object.values(SOURCE_MARKS);
  const copy = structuredClone(definitions);
  for (const schema of Object.values(copy)) visitSchemas(schema, (node) => marks.forEach((mark) => delete node[mark]));
  return copy;
}

/** The model of the schema bundle and method registry documents. */
export function bindingsModel(bundle: JsonObject, registry: JsonObject): BindingsModel {
  const definitions = withoutFieldMarks(definitionsOf(bundle));
  const unions = findUnions(definitions);
  const view = quicktypeView(definitions, unions);
  return {
    definitions,
    unions,
    aliases: view.aliases,
    methods: methodEntries(registry),
    view,
    presence(record) {
      const schema = definitions[record];
      if (schema === undefined) throw new Error(`no definition ${record}`);
      return presenceOf(schema);
    },
  };
}
