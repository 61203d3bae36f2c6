import { cloneJson, isJsonObject, type JsonObject } from "../json.js";
import { emittedFormOf } from "./annotations.js";
import { localDefinitionName, visitSchemas } from "./convert-2020.js";
import { layoutSchema } from "./layout.js";

export const SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema";

/** The stable absolute `$id` of a schema file; it carries the protocol version. */
export function schemaId(protocolVersion: string, fileName: string): string {
  return `https://app-server-protocol.dev/schemas/${protocolVersion}/${fileName}`;
}

/**
 * Names of the definitions `schema` reaches through `$ref`, transitively,
 * and through `x-emitted`, so that a file's emitted form resolves in it.
 */
function reachableDefinitions(schema: JsonObject, definitions: JsonObject): Set<string> {
  const reached = new Set<string>();
  const pending: JsonObject[] = [schema];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    visitSchemas(next, (node) => {
      for (const name of [localDefinitionName(node.$ref), emittedFormOf(node)]) {
        if (name === undefined || reached.has(name)) continue;
        const target = definitions[name];
        if (!isJsonObject(target)) throw new Error(`$ref to missing definition ${name}`);
        reached.add(name);
        pending.push(target);
      }
    });
  }
  return reached;
}

/**
 * The root schema file of one type: the type's schema at the root, with
 * exactly the definitions it reaches under `$defs`.
 */
export function typeSchemaDocument(name: string, definitions: JsonObject, protocolVersion: string): JsonObject {
  const body = definitions[name];
  if (!isJsonObject(body)) throw new Error(`no definition for ${name}`);
  const document: JsonObject = {
    ...cloneJson(body),
    $schema: SCHEMA_DIALECT,
    $id: schemaId(protocolVersion, `${name}.json`),
    title: name,
    "x-protocol-version": protocolVersion,
  };
  const reached = [...reachableDefinitions(body, definitions)];
  if (reached.length > 0) document.$defs = Object.fromEntries(reached.map((ref) => [ref, cloneJson(definitions[ref])]));
  return layoutSchema(document);
}

/** The bundle: every definition under `$defs`, addressable as `protocol.schema.json#/$defs/<Name>`. */
export function bundleSchemaDocument(definitions: JsonObject, protocolVersion: string): JsonObject {
  return layoutSchema({
    $schema: SCHEMA_DIALECT,
    $id: schemaId(protocolVersion, "protocol.schema.json"),
    title: `App-server protocol ${protocolVersion}`,
    description: "Every type of the app-server protocol, one definition per exported type of @app-server-protocol/types.",
    "x-protocol-version": protocolVersion,
    $defs: cloneJson(definitions),
  });
}
