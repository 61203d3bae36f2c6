// The schema bundle as a binding's generated checker reads it: annotations
// dropped, references by definition name, a discriminated `oneOf` as a
// tag-to-variant mapping, and each pattern spelled for the language's regular
// expressions (or as the keywords that stand for it). A keyword no checker
// implements fails generation, so a schema change never goes unchecked.
import { SCHEMA_ANNOTATIONS } from "@app-server-protocol/generator/schema-tools";
import type { BindingsModel } from "./model.js";
import { constantOf, isJsonObject, propertiesOf, refName, type JsonObject } from "./schema.js";

/** The keywords the checkers implement. */
const CHECKED = new Set([
  "type", "$ref", "const", "enum", "anyOf", "discriminator", "oneOf", "if", "then", "else", "externalUnion", "untaggedUnion",
  "minimum", "maximum", "pattern", "items", "maxProperties", "required", "properties", "additionalProperties",
]);
const SUBSCHEMA = new Set(["items", "additionalProperties", "if", "then", "else"]);
const SUBSCHEMA_LIST = new Set(["anyOf", "externalUnion", "untaggedUnion"]);

export interface TableLanguage {
  /** The language's name, for errors. */
  readonly name: string;
  /** The keywords standing for an ECMAScript `pattern` in the language's checker. */
  pattern(source: string, where: string): JsonObject;
}

function fail(message: string): never {
  throw new Error(message);
}

/** A schema node of the bundle as the checker of `language` reads it. */
export function tableSchema(schema: unknown, model: BindingsModel, language: TableLanguage, where: string): unknown {
  if (typeof schema === "boolean") return schema;
  if (!isJsonObject(schema)) throw new Error(`${where}: not a schema`);
  const result: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_ANNOTATIONS.has(keyword)) continue;
    if (!CHECKED.has(keyword)) throw new Error(`${where}: the ${language.name} checker does not implement \`${keyword}\``);
    if (keyword === "$ref") result.$ref = refName(schema) ?? fail(`${where}: a reference outside the bundle`);
    else if (keyword === "properties") result.properties = Object.fromEntries(Object.entries(propertiesOf(schema)).map(([name, property]) => [name, tableSchema(property, model, language, `${where}.${name}`)]));
    else if (SUBSCHEMA.has(keyword)) result[keyword] = tableSchema(value, model, language, `${where}/${keyword}`);
    else if (SUBSCHEMA_LIST.has(keyword)) result[keyword] = Array.isArray(value) ? value.map((member, index) => tableSchema(member, model, language, `${where}|${index}`)) : fail(`${where}: ${keyword} is not a list`);
    else if (keyword === "pattern") Object.assign(result, typeof value === "string" ? language.pattern(value, where) : fail(`${where}: pattern is not a string`));
    else if (keyword === "oneOf") {
      if (!isJsonObject(schema.discriminator)) throw new Error(`${where}: a oneOf without a discriminator`);
    } else if (keyword === "discriminator") result.discriminator = discriminator(schema, model, language, where);
    else result[keyword] = value;
  }
  if (result.$ref !== undefined && Object.keys(result).length > 1) throw new Error(`${where}: a reference beside other keywords`);
  return result;
}

/** The tag each variant of a discriminated `oneOf` pins, mapped to the variant. */
function discriminator(schema: JsonObject, model: BindingsModel, language: TableLanguage, where: string): JsonObject {
  const tag = isJsonObject(schema.discriminator) ? schema.discriminator.propertyName : undefined;
  if (typeof tag !== "string" || !Array.isArray(schema.oneOf)) throw new Error(`${where}: a discriminator needs a propertyName and a oneOf`);
  const mapping: JsonObject = {};
  for (const [index, member] of schema.oneOf.entries()) {
    const variant = refName(member);
    const record = variant === undefined ? member : model.definitions[variant];
    const value = (isJsonObject(record) ? constantOf(propertiesOf(record)[tag] ?? {}) : undefined) ?? fail(`${where}: variant ${index} pins no ${tag}`);
    if (mapping[value] === undefined) mapping[value] = variant === undefined ? tableSchema(member, model, language, `${where}|${index}`) : { $ref: variant };
  }
  return { propertyName: tag, mapping };
}
