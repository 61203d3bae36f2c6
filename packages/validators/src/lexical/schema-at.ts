import { schemaErrors, type SchemaNode, type SchemaSource } from "../schema-errors.js";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "../union-keywords.js";
import { exactBound } from "./exact-bounds.js";

// The schemas that apply at a JSON Pointer of a value its type accepted,
// read from the generated schemas the error reporter reads: through each
// `$ref`, into the variant of a union the value there selects (by its tag,
// the `if` it matches, or the first variant that accepts it, as ajv and an
// untagged decoder choose), and down `properties`, `additionalProperties`
// and `items`. A member the schemas do not define (an unknown field, which
// the reference skips) and the inside of an opaque payload have none.

/** What the schemas at a number's place require of it, as far as an exact decoder is concerned. */
export interface NumberRule {
  /** Some schema there is `integer` (and none allows any `number`). */
  readonly integer: boolean;
  /** The bounds there, as exact decimal text. */
  readonly minimums: readonly string[];
  readonly maximums: readonly string[];
}

const UNION_KEYWORDS = ["anyOf", EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD] as const;

// Schema references are cycles only through a member; a chain of `$ref`s and variants at one place is short.
const MAX_EXPANSION_DEPTH = 64;

function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSource(value: unknown): value is SchemaSource {
  return typeof value === "function";
}

function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const definitions = new WeakMap<SchemaSource, SchemaNode>();
const sources = new WeakMap<SchemaNode, SchemaSource>();

/** A definition's schema, read once (a schema function of its own parses its JSON on each call). */
function definition(source: SchemaSource): SchemaNode {
  let node = definitions.get(source);
  if (node === undefined) {
    node = source();
    definitions.set(source, node);
  }
  return node;
}

/** Whether `schema` accepts `value`, as the compiled validators judge it. */
function accepts(schema: unknown, value: unknown): boolean {
  if (!isNode(schema)) return schema !== false;
  if (schema.type === "null" && Object.keys(schema).length === 1) return value === null;
  let source = sources.get(schema);
  if (source === undefined) {
    const node = schema;
    source = () => node;
    sources.set(schema, source);
  }
  return schemaErrors(source, value).length === 0;
}

/** The variant of a discriminated `oneOf` whose tag constant (or enum) holds the value's tag. */
function taggedVariant(schema: SchemaNode, value: unknown): unknown {
  const tag = isNode(schema.discriminator) ? String(schema.discriminator.propertyName) : "";
  const tagValue = isRecord(value) && Object.hasOwn(value, tag) ? value[tag] : undefined;
  const variants = Array.isArray(schema.oneOf) ? schema.oneOf : [];
  return variants.find((variant) => {
    const target = isNode(variant) && isSource(variant.$ref) ? definition(variant.$ref) : variant;
    const tagSchema = isNode(target) && isNode(target.properties) ? target.properties[tag] : undefined;
    if (!isNode(tagSchema)) return false;
    return tagSchema.const === tagValue || (Array.isArray(tagSchema.enum) && tagSchema.enum.includes(tagValue));
  });
}

/** Adds `schema` and every schema it applies to `value` at the same place to `into`. */
function expand(schema: unknown, value: unknown, into: SchemaNode[], depth: number): void {
  if (!isNode(schema) || depth > MAX_EXPANSION_DEPTH) return;
  into.push(schema);
  if (isSource(schema.$ref)) expand(definition(schema.$ref), value, into, depth + 1);
  if (isNode(schema.discriminator)) expand(taggedVariant(schema, value), value, into, depth + 1);
  for (const keyword of UNION_KEYWORDS) {
    const variants = schema[keyword];
    if (Array.isArray(variants)) expand(variants.find((variant) => accepts(variant, value)), value, into, depth + 1);
  }
  if (schema.if !== undefined) expand(accepts(schema.if, value) ? schema.then : schema.else, value, into, depth + 1);
}

/** The schemas at one place of a value, with the value there. */
export interface SchemasAt {
  readonly schemas: readonly SchemaNode[];
  readonly value: unknown;
}

/** The schemas that apply to the value of `root`'s type `source` (the root itself). */
export function rootSchemas(source: SchemaSource, root: unknown): SchemasAt {
  const schemas: SchemaNode[] = [];
  expand(definition(source), root, schemas, 0);
  return { schemas, value: root };
}

/** The schemas that apply one step down, at member or item `token`; none when nothing there is described. */
export function childSchemas(at: SchemasAt, token: string): SchemasAt {
  const { value } = at;
  const found: unknown[] = [];
  let child: unknown;
  if (Array.isArray(value)) {
    child = value[Number(token)];
    for (const schema of at.schemas) if (schema.items !== undefined) found.push(schema.items);
  } else if (isRecord(value)) {
    child = Object.hasOwn(value, token) ? value[token] : undefined;
    for (const schema of at.schemas) {
      const properties = schema.properties;
      if (isNode(properties) && Object.hasOwn(properties, token)) found.push(properties[token]);
      else if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) found.push(schema.additionalProperties);
    }
  }
  const schemas: SchemaNode[] = [];
  for (const schema of found) expand(schema, child, schemas, 0);
  return { schemas, value: child };
}

function typesOf(schema: SchemaNode): readonly unknown[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

/** What the schemas at a number's place require of it. */
export function numberRule(at: SchemasAt): NumberRule {
  const minimums: string[] = [];
  const maximums: string[] = [];
  let integer = false;
  for (const schema of at.schemas) {
    const types = typesOf(schema);
    if (types.includes("integer") && !types.includes("number")) integer = true;
    const minimum = exactBound(schema.minimum);
    const maximum = exactBound(schema.maximum);
    if (minimum !== undefined) minimums.push(minimum);
    if (maximum !== undefined) maximums.push(maximum);
  }
  return { integer, minimums, maximums };
}
