// The schema files as the package holds them, read with Node's require
// through the package's own "./*.json" exports: the same files a consumer
// imports by path, found from the ES-module and the CommonJS build alike.
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";

const PACKAGE = "@app-server-protocol/schemas";

/** The files beside the per-type schemas: the bundle and the method registry. */
const NOT_TYPE_SCHEMAS: ReadonlySet<string> = new Set(["protocol.schema.json", "methods.json"]);

/** A schema file: JSON Schema 2020-12 with the `$id` it is registered under. */
export interface SchemaDocument {
  readonly $id: string;
  readonly $schema?: string;
  readonly title?: string;
  readonly [keyword: string]: unknown;
}

const load = createRequire(import.meta.url);
let names: readonly string[] | undefined;

/** Every protocol type with a schema file (`<Type>.json`), sorted. */
export function schemaNames(): readonly string[] {
  names ??= readdirSync(dirname(load.resolve(`${PACKAGE}/methods.json`)))
    .filter((file) => file.endsWith(".json") && !NOT_TYPE_SCHEMAS.has(file))
    .map((file) => file.slice(0, -".json".length))
    .sort();
  return names;
}

function isSchemaDocument(value: unknown): value is SchemaDocument {
  return typeof value === "object" && value !== null && "$id" in value && typeof value.$id === "string";
}

/** The schema of protocol type `name`, as its file holds it; `undefined` for a name with no schema file. */
export function schemaFor(name: string): SchemaDocument | undefined {
  if (!schemaNames().includes(name)) return undefined;
  const schema: unknown = load(`${PACKAGE}/${name}.json`);
  if (!isSchemaDocument(schema)) throw new Error(`${PACKAGE}/${name}.json has no $id`);
  return schema;
}
