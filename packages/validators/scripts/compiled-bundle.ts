import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cloneJson, isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { SCHEMA_ANNOTATIONS, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { compiledBundle } from "./union-forms.js";

const BUNDLE = join(dirname(fileURLToPath(import.meta.url)), "../../../schemas/protocol.schema.json");

/** schemas/protocol.schema.json, checked to be the bundle. */
export function readBundle(): JsonObject {
  const bundle: unknown = JSON.parse(readFileSync(BUNDLE, "utf8"));
  if (!isJsonObject(bundle) || !isJsonObject(bundle.$defs) || typeof bundle.$id !== "string") throw new Error(`${BUNDLE} is not the schema bundle`);
  return bundle;
}

/** The bundle without annotations: validation never reads them, and the generated schemas would carry them. */
export function withoutAnnotations(bundle: JsonObject): JsonObject {
  const copy = cloneJson(bundle);
  visitSchemas(copy, (node) => {
    for (const keyword of SCHEMA_ANNOTATIONS) delete node[keyword];
  });
  return copy;
}

/** The schemas the validators are generated from: the bundle without annotations, its unions in their compiled forms. */
export function compiledSchemas(): JsonObject {
  return compiledBundle(withoutAnnotations(readBundle()));
}
