import { isJsonObject, own, ownString, type JsonObject } from "../json-value.js";
import { withBundleRefs } from "./peer-refs.js";

/** Who sends a method's first message (methods.json `direction`). */
export type MethodDirection = "client_request" | "server_notification" | "server_request";

/** One method of the registry, as far as the diff needs it. */
export interface MethodEntry {
  readonly direction: MethodDirection;
  readonly params: string | null;
  readonly result: string | null;
}

/** The types and methods of one side of a diff. */
export interface SchemaSet {
  /** Every type's schema by name; `$ref`s inside name each other as `#/$defs/<Type>`. */
  readonly types: ReadonlyMap<string, unknown>;
  readonly methods: ReadonlyMap<string, MethodEntry>;
}

/** The failure to read a schema set: a usage or I/O error (exit 2). */
export class SchemaSetError extends Error {}

const DIRECTIONS: readonly MethodDirection[] = ["client_request", "server_notification", "server_request"];

function isDirection(value: unknown): value is MethodDirection {
  return DIRECTIONS.some((direction) => direction === value);
}

function parsed(text: string, name: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SchemaSetError(`${name} is not JSON: ${error instanceof Error ? error.message : "parse failed"}`);
  }
}

/** The `$defs` of a bundle (`protocol.schema.json`). */
export function bundleTypes(text: string, name: string): Map<string, unknown> {
  const defs = own(parsed(text, name), "$defs");
  if (!isJsonObject(defs)) throw new SchemaSetError(`${name} has no $defs object`);
  return new Map(Object.entries(defs).map(([name, schema]) => [name, withBundleRefs(schema)]));
}

/** The types of per-type files (`<Type>.json`): each file's schema, and the types it carries in its own `$defs`. */
export function perTypeTypes(files: ReadonlyMap<string, string>): Map<string, unknown> {
  const types = new Map<string, unknown>();
  for (const [name, text] of files) {
    const schema = parsed(text, name);
    if (!isJsonObject(schema)) continue;
    // What makes the schema a file of its own (its id, title, dialect, protocol version) is not part of the type as the bundle holds it.
    const { $defs: defs, $id: _id, $schema: _schema, title: _title, "x-protocol-version": _version, ...rest } = schema;
    if (isJsonObject(defs)) for (const [inner, def] of Object.entries(defs)) if (!types.has(inner)) types.set(inner, withBundleRefs(def));
    types.set(name.replace(/\.json$/, ""), withBundleRefs(rest));
  }
  return types;
}

function typeName(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The methods of a registry (`methods.json`). */
export function registryMethods(text: string, name: string): Map<string, MethodEntry> {
  const entries = own(parsed(text, name), "methods");
  if (!Array.isArray(entries)) throw new SchemaSetError(`${name} has no methods array`);
  const methods = new Map<string, MethodEntry>();
  for (const entry of entries) {
    const method = ownString(entry, "method");
    const direction = own(entry, "direction");
    if (method === undefined || !isDirection(direction)) continue;
    methods.set(method, { direction, params: typeName(own(entry, "params")), result: typeName(own(entry, "result")) });
  }
  return methods;
}

/** A type's schema as a JSON object, `undefined` when it is none. */
export function schemaObject(value: unknown): JsonObject | undefined {
  return isJsonObject(value) ? value : undefined;
}
