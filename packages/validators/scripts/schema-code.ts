// The compiled schemas as code the error reporter reads, with every `$ref`
// turned into the function returning the definition it names. Schemas are
// JSON text, parsed only when a value fails and the reporter asks why: a
// string costs a cold start far less to load than the same object written as
// code, or than a function per definition. Two forms:
// - the message definitions, one function each, `schema<Name>()`, its `$ref`s
//   numbered into the list of functions beside it, so a bundler keeps only
//   the definitions an entry point reaches (the question rules need few);
// - the other definitions, which only `/all` loads and then all of, one JSON
//   text of them all, `$ref`s by name, read through one function.
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
  return `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
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

/**
 * The schema-set module: `${exportName}(name)`, the schema of each of
 * `names`, from one JSON text; a `$ref` to a definition outside `names`
 * reads `schema<Name>` of `outsideModule`.
 */
export function schemaSetModule(definitions: JsonObject, names: readonly string[], exportName: string, outsideModule: string, header: string): string {
  const used = new Set<string>();
  const set = Object.fromEntries(
    names.map((name) => {
      const schema = definitions[name];
      assertAllSupported(schema, name);
      return [name, namedRefs(schema, used)];
    }),
  );
  const own = new Set(names);
  const outside = [...used].filter((name) => !own.has(name)).sort();
  return [
    header,
    ...(outside.length === 0 ? [] : [`import { ${outside.map(schemaName).join(", ")} } from "${outsideModule}";`]),
    'import { schemaSetOf, type SchemaSet } from "../schema-errors.js";',
    "",
    "/** The schema of each definition of this module, by name. */",
    `export const ${exportName}: SchemaSet = /* @__PURE__ */ schemaSetOf(${quoted(JSON.stringify(set))}, { ${outside.map((name) => `${name}: ${schemaName(name)}`).join(", ")} });`,
    "",
  ].join("\n");
}
