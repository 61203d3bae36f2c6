import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { ANNOTATION_KEYWORDS } from "@app-server-protocol/generator/schema-tools";

export const SCHEMA_DIR = join(REPO_ROOT, "schemas");


/**
 * An ajv instance as strict as a consumer's: 2020-12, strict mode,
 * discriminators. `validateSchema: false` leaves the meta-schema check to
 * `metaSchemaErrors`: each instance that checks compiles the meta-schema
 * again, which costs more than compiling a type.
 */
export function strictAjv(validateSchema = true): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, discriminator: true, allowUnionTypes: true, allErrors: false, validateSchema });
  ajv.addVocabulary([...ANNOTATION_KEYWORDS]);
  return ajv;
}

const metaChecker = strictAjv();

/** What the draft 2020-12 meta-schema finds wrong with `schema`, as ajv's `compile` would throw it; `""` when nothing. */
export function metaSchemaErrors(schema: JsonObject): string {
  return metaChecker.validateSchema(schema) === true ? "" : metaChecker.errorsText(metaChecker.errors);
}

export function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

/** Every per-type schema file (not the bundle, not the registry), by type name. */
export function typeSchemas(): Map<string, JsonObject> {
  const schemas = new Map<string, JsonObject>();
  for (const file of readdirSync(SCHEMA_DIR).sort()) {
    if (!file.endsWith(".json") || file === "protocol.schema.json" || file === "methods.json") continue;
    const schema = readJson(join(SCHEMA_DIR, file));
    if (!isJsonObject(schema)) throw new Error(`${file} is not a schema object`);
    schemas.set(file.slice(0, -".json".length), schema);
  }
  return schemas;
}
