import { isJsonObject, type JsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { withBundleRefs } from "./peer-refs.js";
import { pointer } from "./pointer.js";

/** One place a type is defined: a root schema (a file `<Type>.json`, an entry of a map of root schemas) or a copy in a root's `$defs`. */
interface Definition {
  /** The schema as written; a `$ref` to `#` in it names `root`. */
  readonly written: unknown;
  readonly root: string;
  /** Where it was read: `Theme.json`, `MethodContracts.json#/Theme`, `Theme.json#/$defs/Mode`. */
  readonly source: string;
}

/** A definition with its `$ref`s in the bundle's form. */
function inBundleForm(definition: Definition): unknown {
  return withBundleRefs(definition.written, definition.root);
}

/** The types of a set's files by name, and a note for each type defined differently in two places. */
export interface MergedTypes {
  readonly types: Map<string, unknown>;
  readonly notes: string[];
}

// Keywords a root schema starts with; a type name never is one.
const KEYWORDS = new Set(["$schema", "$id", "$ref", "$defs", "definitions", "$comment", "title", "description", "type", "properties", "required", "additionalProperties", "items", "enum", "const", "oneOf", "anyOf", "allOf", "not", "if", "pattern", "format", "default", "examples"]);

function isRootSchema(value: unknown): value is JsonObject {
  return isJsonObject(value) && Object.keys(value).some((key) => KEYWORDS.has(key));
}

/** The entries of a map of type names to root schemas (the reference's `MethodContracts.json`), `undefined` when `document` is no such map. */
export function rootSchemaEntries(document: unknown): [string, JsonObject][] | undefined {
  if (!isJsonObject(document)) return undefined;
  const entries: [string, JsonObject][] = [];
  for (const [name, value] of Object.entries(document)) {
    if (KEYWORDS.has(name) || !isRootSchema(value)) return undefined;
    entries.push([name, value]);
  }
  return entries.length > 0 ? entries : undefined;
}

/** Where the definitions `others` of a type differ from the one `used`, read as `schema` (its `$ref`s in the bundle's form). */
function differingSources(used: Definition, schema: unknown, others: readonly Definition[]): string[] {
  if (others.length === 0) return [];
  // A generator writes its copies alike, so the plain text settles almost every comparison. The same written
  // text is the same schema wherever it was read, unless a `$ref` to `#` in it names the root it was read from.
  const written = JSON.stringify(used.written);
  const selfless = !written.includes('"$ref":"#"');
  const text = JSON.stringify(schema);
  let sorted: string | undefined;
  const differs = (other: Definition): boolean => {
    if (selfless && JSON.stringify(other.written) === written) return false;
    const copy = inBundleForm(other);
    if (JSON.stringify(copy) === text) return false;
    sorted ??= canonical(schema);
    return canonical(copy) !== sorted;
  };
  return others.filter(differs).map((other) => other.source);
}

/** Collects the definitions of each root: the root itself, then the copies its `$defs` carry. */
class Definitions {
  readonly roots: [string, Definition][] = [];
  readonly copies: [string, Definition][] = [];

  add(name: string, root: JsonObject, source: string): void {
    // What makes a schema a root of its own (its id, title, dialect, protocol version) is not part of the type as a bundle's `$defs` holds it.
    const { $defs: defs, $id: _id, $schema: _schema, title: _title, "x-protocol-version": _version, ...type } = root;
    this.roots.push([name, { written: type, root: name, source }]);
    if (!isJsonObject(defs)) return;
    const at = source.includes("#") ? source : `${source}#`;
    for (const [inner, copy] of Object.entries(defs)) this.copies.push([inner, { written: copy, root: name, source: pointer(`${at}/$defs`, inner) }]);
  }
}

/**
 * The types of per-type files and maps of root schemas, merged by name:
 * roots before copies in `$defs`, files in name order, a map's entries in
 * its order; the first definition of a name is used, and each different one
 * after it is noted.
 */
export function mergedTypes(documents: readonly (readonly [file: string, document: unknown])[], { notes: noting = true }: { readonly notes?: boolean } = {}): MergedTypes {
  const definitions = new Definitions();
  for (const [file, document] of [...documents].sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))) {
    const entries = rootSchemaEntries(document);
    if (entries !== undefined) for (const [name, root] of entries) definitions.add(name, root, pointer(`${file}#`, name));
    else if (isRootSchema(document)) definitions.add(file.replace(/\.json$/, ""), document, file);
  }
  const byName = new Map<string, Definition[]>();
  for (const [name, definition] of [...definitions.roots, ...definitions.copies]) {
    const known = byName.get(name);
    if (known === undefined) byName.set(name, [definition]);
    else known.push(definition);
  }
  const types = new Map<string, unknown>();
  const notes: string[] = [];
  for (const [name, [used, ...others]] of byName) {
    if (used === undefined) continue;
    const schema = inBundleForm(used);
    types.set(name, schema);
    if (!noting) continue;
    const differing = differingSources(used, schema, others);
    if (differing.length > 0) notes.push(`type ${name} is defined differently in ${differing.join(", ")}; ${used.source} is used`);
  }
  return { types, notes };
}
