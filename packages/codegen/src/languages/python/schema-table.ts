// `_schema.py`: the schema bundle as the generated checker reads it, so
// Python verdicts follow the schema the TypeScript validators compile.
// Annotations are dropped, references name their definition, discriminated
// `oneOf`s become a tag-to-variant mapping, and patterns are spelled for
// Python's `re`. A keyword the checker does not implement fails generation.
import type { BindingsModel } from "../../model.js";
import { constantOf, isJsonObject, propertiesOf, refName, type JsonObject } from "../../schema.js";
import { SCHEMA_ANNOTATIONS } from "@app-server-protocol/generator/schema-tools";
import { pythonLiteral } from "./literal.js";
import { checkForms } from "./check-forms.js";
import { pythonPattern } from "./pattern.js";

const CHECKED = new Set([
  "type", "$ref", "const", "enum", "anyOf", "discriminator", "oneOf", "if", "then", "else", "externalUnion", "untaggedUnion",
  "minimum", "maximum", "pattern", "items", "maxProperties", "required", "properties", "additionalProperties",
]);
const SUBSCHEMA = new Set(["items", "additionalProperties", "if", "then", "else"]);
const SUBSCHEMA_LIST = new Set(["anyOf", "externalUnion", "untaggedUnion"]);

function tableSchema(schema: unknown, model: BindingsModel, where: string): unknown {
  if (typeof schema === "boolean") return schema;
  if (!isJsonObject(schema)) throw new Error(`${where}: not a schema`);
  const result: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_ANNOTATIONS.has(keyword)) continue;
    if (!CHECKED.has(keyword)) throw new Error(`${where}: the Python checker does not implement \`${keyword}\``);
    if (keyword === "$ref") result.$ref = refName(schema) ?? fail(`${where}: a reference outside the bundle`);
    else if (keyword === "properties") result.properties = Object.fromEntries(Object.entries(propertiesOf(schema)).map(([name, property]) => [name, tableSchema(property, model, `${where}.${name}`)]));
    else if (SUBSCHEMA.has(keyword)) result[keyword] = tableSchema(value, model, `${where}/${keyword}`);
    else if (SUBSCHEMA_LIST.has(keyword)) result[keyword] = Array.isArray(value) ? value.map((member, index) => tableSchema(member, model, `${where}|${index}`)) : fail(`${where}: ${keyword} is not a list`);
    else if (keyword === "pattern") result.pattern = typeof value === "string" ? pythonPattern(value) : fail(`${where}: pattern is not a string`);
    else if (keyword === "oneOf") {
      if (!isJsonObject(schema.discriminator)) throw new Error(`${where}: a oneOf without a discriminator`);
    } else if (keyword === "discriminator") result.discriminator = discriminator(schema, model, where);
    else result[keyword] = value;
  }
  if (result.$ref !== undefined && Object.keys(result).length > 1) throw new Error(`${where}: a reference beside other keywords`);
  return result;
}

function fail(message: string): never {
  throw new Error(message);
}

/** The tag each variant of a discriminated `oneOf` pins, mapped to the variant. */
function discriminator(schema: JsonObject, model: BindingsModel, where: string): JsonObject {
  const tag = isJsonObject(schema.discriminator) ? schema.discriminator.propertyName : undefined;
  if (typeof tag !== "string" || !Array.isArray(schema.oneOf)) throw new Error(`${where}: a discriminator needs a propertyName and a oneOf`);
  const mapping: JsonObject = {};
  for (const [index, member] of schema.oneOf.entries()) {
    const variant = refName(member);
    const record = variant === undefined ? member : model.definitions[variant];
    const value = (isJsonObject(record) ? constantOf(propertiesOf(record)[tag] ?? {}) : undefined) ?? fail(`${where}: variant ${index} pins no ${tag}`);
    if (mapping[value] === undefined) mapping[value] = variant === undefined ? tableSchema(member, model, `${where}|${index}`) : { $ref: variant };
  }
  return { propertyName: tag, mapping };
}

function entries(schemas: Iterable<[string, JsonObject]>, model: BindingsModel): string[] {
  return [...schemas].map(([name, schema]) => `    ${JSON.stringify(name)}: ${pythonLiteral(tableSchema(schema, model, name))},`);
}

/** The `_schema.py` module body (after the header). */
export function schemaModule(model: BindingsModel): string {
  return [
    '"""The protocol schema as the checker and the decoder read it, without annotations, references by name."""',
    "",
    "from typing import Any, Dict",
    "",
    "DEFINITIONS: Dict[str, Any] = {",
    ...entries(Object.entries(model.definitions), model),
    "}",
    '"""Every definition of the bundle, by name."""',
    "",
    "CHECKED_FORMS: Dict[str, Any] = {",
    ...entries(checkForms(model), model),
    "}",
    '"""The definitions the checker reads in another form that accepts the same values but fails as the TypeScript validators do."""',
    "",
  ].join("\n");
}

/** The `_methods.py` module body: the method registry. */
export function methodsModule(model: BindingsModel): string {
  const entries = model.methods.map(
    (entry) => `    ${JSON.stringify(entry.method)}: MethodEntry(${[entry.method, entry.direction, entry.stability, entry.params].map((text) => JSON.stringify(text)).join(", ")}, ${pythonLiteral(entry.result)}),`,
  );
  return [
    '"""The method registry (schemas/methods.json): every method with its direction and its params and result types."""',
    "",
    "from typing import Dict",
    "",
    "from ._codec import MethodEntry",
    "",
    "METHODS: Dict[str, MethodEntry] = {",
    ...entries,
    "}",
    "",
  ].join("\n");
}
