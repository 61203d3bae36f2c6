// The compiled schemas as code the error reporter reads: one function per
// definition, `schema<Name>()`, returning its schema with every `$ref` turned
// into the function of the definition it names. A bundler keeps only the
// definitions an entry point reaches. Each schema is JSON text, its `$ref`s
// numbered into the list of functions beside it: a string costs a cold start
// far less to load than the same object written as code, and it is parsed
// only when a value fails and the reporter asks why.
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { assertSupported, refName } from "./schema-keywords.js";

const schemaName = (name: string) => `schema${name}`;

/** `schema` as JSON with each `$ref` replaced by its index in `refs` (a number, where a real `$ref` is text). */
function numberedRefs(schema: unknown, refs: string[]): unknown {
  if (Array.isArray(schema)) return schema.map((item) => numberedRefs(item, refs));
  if (!isJsonObject(schema)) return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      const ref = key === "$ref" ? refName(value) : undefined;
      if (ref === undefined) return [key, numberedRefs(value, refs)];
      if (!refs.includes(ref)) refs.push(ref);
      return [key, refs.indexOf(ref)];
    }),
  );
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
