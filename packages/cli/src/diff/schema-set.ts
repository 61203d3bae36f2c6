import { isJsonObject, own, ownString, type JsonObject } from "../json-value.js";
import { mergedTypes, rootSchemaEntries, type MergedTypes } from "./merge-types.js";
import { withBundleRefs } from "./peer-refs.js";
import { MAX_SCHEMA_DEPTH, nestsDeeper } from "./depth.js";

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
  /** The method registry; absent when the set has none (a peer's schemas without `methods.json`). */
  readonly methods?: ReadonlyMap<string, MethodEntry>;
  /** What reading the set noticed, for people: a type defined differently in two places, and which one is used. */
  readonly notes?: readonly string[];
}

/** The failure to read a schema set: a usage or I/O error (exit 2). */
export class SchemaSetError extends Error {}

const DIRECTIONS: readonly MethodDirection[] = ["client_request", "server_notification", "server_request"];

function isDirection(value: unknown): value is MethodDirection {
  return DIRECTIONS.some((direction) => direction === value);
}

/** Where a parser's message says it stopped, for people; never a quote of the text (a file may hold secrets). */
function position(error: unknown): string {
  const at = error instanceof Error ? /position (\d+)/.exec(error.message)?.[1] : undefined;
  return at === undefined ? "" : ` (stopped at character ${at})`;
}

/** A file's text as JSON, no deeper than diff reads; a `SchemaSetError` that quotes none of the text otherwise. */
export function parsed(text: string, name: string): unknown {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new SchemaSetError(`${name} is not JSON${position(error)}`);
  }
  // A file holds its types two levels down (`$defs`, a type), and each type may nest as deep as a set may.
  if (nestsDeeper(document, MAX_SCHEMA_DEPTH + 2)) throw new SchemaSetError(`${name} nests deeper than ${MAX_SCHEMA_DEPTH} levels, the most diff reads`);
  return document;
}

/** The types of a bundle file: the `$defs` of `protocol.schema.json`, or a map of type names to root schemas (the reference's `MethodContracts.json`). */
export function bundleTypes(text: string, name: string): MergedTypes {
  const document = parsed(text, name);
  const defs = own(document, "$defs");
  if (isJsonObject(defs)) return { types: new Map(Object.entries(defs).map(([type, schema]) => [type, withBundleRefs(schema)])), notes: [] };
  if (rootSchemaEntries(document) === undefined) throw new SchemaSetError(`${name} has no $defs object and is no map of type names to root schemas`);
  return mergedTypes([[name, document]]);
}

/** The types of per-type files (`<Type>.json`, each with the types it carries in its own `$defs`) and maps of root schemas, merged by name; without `notes`, the copies that differ are not looked for. */
export function perTypeTypes(files: ReadonlyMap<string, string>, options: { readonly notes?: boolean } = {}): MergedTypes {
  return mergedTypes([...files].map(([name, text]) => [name, parsed(text, name)]), options);
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
