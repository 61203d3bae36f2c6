// The compiled schemas as code the error reporter reads, with every `$ref`
// turned into the function returning the definition it names. Schemas are
// JSON text, parsed only when a value fails and the reporter asks why: a
// string costs a cold start far less to load than the same object written as
// code, or than a function per definition. Two forms (schema-places.ts says
// which definitions take which):
// - one function per definition, `schema<Name>()`, its `$ref`s numbered into
//   the list of functions beside it, so a bundler keeps only the definitions
//   an application reaches: the question rules' few;
// - a set, one JSON text of many definitions, `$ref`s by name, read through
//   one function: for definitions loaded together or not at all.
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { assertSupported, refName } from "./schema-keywords.js";

const schemaName = (name: string) => `schema${name}`;

/** `schema` with each `$ref` replaced by what `replace` makes of the name of the definition it names. */
function replacedRefs(schema: unknown, replace: (ref: string) => unknown): unknown {
  if (Array.isArray(schema)) return schema.map((item) => replacedRefs(item, replace));
  if (!isJsonObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      const ref = key === "$ref" ? refName(value) : undefined;
      return [key, ref === undefined ? replacedRefs(value, replace) : replace(ref)];
    }),
  );
}

/** `schema` with each `$ref` replaced by its index in `refs` (a number, where a real `$ref` is text). */
function numberedRefs(schema: unknown, refs: string[]): unknown {
  return replacedRefs(schema, (ref) => {
    if (!refs.includes(ref)) refs.push(ref);
    return refs.indexOf(ref);
  });
}

/** A single-quoted JavaScript string literal of `text`. */
function quoted(text: string): string {
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/\n/g, "\\n")}'`;
}

function assertAllSupported(schema: unknown, owner: string): void {
  if (Array.isArray(schema)) for (const item of schema) assertAllSupported(item, owner);
  if (!isJsonObject(schema)) return;
  assertSupported(schema, owner);
  for (const [keyword, value] of Object.entries(schema)) {
    // Maps of subschemas: their keys are names, not keywords.
    if (keyword === "properties" && isJsonObject(value)) for (const property of Object.values(value)) assertAllSupported(property, owner);
    else if (keyword !== "enum" && keyword !== "const" && keyword !== "required" && keyword !== "discriminator") assertAllSupported(value, owner);
  }
}

/** The schema module: `schema<Name>` for each of `names`. */
export function schemasModule(definitions: JsonObject, names: readonly string[], header: string): string {
  const functions = names.map((name) => {
    const schema = definitions[name];
    assertAllSupported(schema, name);
    const refs: string[] = [];
    const json = JSON.stringify(numberedRefs(schema, refs));
    return `export function ${schemaName(name)}(): SchemaNode {\n  return schemaOf(${quoted(json)}, [${refs.map(schemaName).join(", ")}]);\n}`;
  });
  return [header, 'import { schemaOf, type SchemaNode } from "../schema-errors.js";', "", ...functions, ""].join("\n");
}

/** `schema` with each `$ref` the bare name of its definition; `used` collects the names. */
function namedRefs(schema: unknown, used: Set<string>): unknown {
  return replacedRefs(schema, (ref) => {
    used.add(ref);
    return ref;
  });
}

/** How generated code reads the schema of a definition of another module. */
export interface SchemaSources {
  /** A generated expression of the schema source of definition `name`. */
  source(name: string): string;
  /** The import lines the `source` of each of `names` needs. */
  imports(names: Iterable<string>): string[];
}

/**
 * The schema-set module: `${exportName}(name)`, the schema of each of
 * `names`, from one text; a `$ref` to a definition outside `names` reads its
 * schema as `outside` says.
 */
export function schemaSetModule(definitions: JsonObject, names: readonly string[], exportName: string, outside: SchemaSources, header: string): string {
  const used = new Set<string>();
  // A line per definition, so the reporter parses only those it reads (a
  // JSON text never holds a raw line break).
  const lines = names.map((name) => {
    const schema = definitions[name];
    assertAllSupported(schema, name);
    return `${name} ${JSON.stringify(namedRefs(schema, used))}`;
  });
  const own = new Set(names);
  const elsewhere = [...used].filter((name) => !own.has(name)).sort();
  // A function, not a constant made by a call: a minified bundle loses the
  // pure annotation that lets an application's bundler drop an unused call.
  return [
    header,
    ...outside.imports(elsewhere),
    'import { schemaSetOf, type SchemaNode, type SchemaSet } from "../schema-errors.js";',
    "",
    "let schemas: SchemaSet | undefined;",
    "",
    "/** The schema of each definition of this module, by name. */",
    `export function ${exportName}(name: string): SchemaNode {`,
    `  schemas ??= schemaSetOf(${quoted(lines.join("\n"))}, { ${elsewhere.map((name) => `${name}: ${outside.source(name)}`).join(", ")} });`,
    "  return schemas(name);",
    "}",
    "",
  ].join("\n");
}
