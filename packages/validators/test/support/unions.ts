import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { PROTOCOL_TYPE_NAMES, type ProtocolTypeName } from "@app-server-protocol/validators/all";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";

// The schema bundle as published, validated by ajv compiled at run time, and
// the values of the conformance vectors: what the compiled union forms are
// compared with.

const ROOT = join(import.meta.dirname, "../../../..");

function readBundle(): JsonObject {
  const bundle: unknown = JSON.parse(readFileSync(join(ROOT, "schemas/protocol.schema.json"), "utf8"));
  if (!isJsonObject(bundle) || !isJsonObject(bundle.$defs)) throw new Error("schemas/protocol.schema.json is not the schema bundle");
  return bundle;
}

/** The published schema bundle. */
export const BUNDLE = readBundle();

/** Its definitions. */
export const DEFINITIONS: JsonObject = isJsonObject(BUNDLE.$defs) ? BUNDLE.$defs : {};

const TYPE_NAMES: readonly string[] = PROTOCOL_TYPE_NAMES;

export function isProtocolTypeName(name: string): name is ProtocolTypeName {
  return TYPE_NAMES.includes(name);
}

/** A protocol type name, or an error naming what is not one. */
export function protocolType(name: string): ProtocolTypeName {
  if (!isProtocolTypeName(name)) throw new Error(`${name} is not a protocol type`);
  return name;
}

const runtime = new Ajv2020({ strict: false, discriminator: true, allowUnionTypes: true });
runtime.addSchema(BUNDLE);

/** Whether the published schema of `name`, compiled at run time, accepts `value`. */
export function publishedAccepts(name: string, value: unknown): boolean {
  const validate = runtime.getSchema(`${String(BUNDLE.$id)}#/$defs/${name}`);
  if (validate === undefined) throw new Error(`no definition ${name}`);
  return validate(value) === true;
}

function jsonFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? jsonFiles(join(directory, entry.name)) : entry.name.endsWith(".json") ? [join(directory, entry.name)] : [],
  );
}

function everyNode(value: unknown, into: unknown[]): unknown[] {
  into.push(value);
  if (Array.isArray(value)) for (const item of value) everyNode(item, into);
  else if (isJsonObject(value)) for (const item of Object.values(value)) everyNode(item, into);
  return into;
}

/** Every value in the conformance vectors (each node of every file), without repeats. */
export const VECTOR_VALUES: readonly unknown[] = (() => {
  const seen = new Set<string>();
  return jsonFiles(join(ROOT, "packages/conformance/vectors"))
    .flatMap((file) => everyNode(JSON.parse(readFileSync(file, "utf8")), []))
    .filter((node) => {
      const text = JSON.stringify(node);
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
})();

/** Every value in the conformance vectors that the published schema of `name` accepts, without repeats. */
export function validSamples(name: string): unknown[] {
  return VECTOR_VALUES.filter((node) => publishedAccepts(name, node));
}
