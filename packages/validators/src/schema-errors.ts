import type { CompiledError } from "./compiled.js";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "./union-keywords.js";

// Why a value fails its schema, reported exactly as ajv's standalone code of
// the same schemas reports it (2020-12, `allErrors: false`, `discriminator`,
// `inlineRefs`, strict numbers): the same error objects, in the same order.
// It runs only after a value failed its matcher, reading the generated
// schemas (see scripts/schema-code.ts) in ajv's evaluation order:
// - keywords in ajv's groups: untyped first, then those of numbers, strings,
//   arrays and objects, each group only for data of its type;
// - the data type is checked first unless the schema has keywords of its one
//   type (then data of another type fails in that group);
// - without `allErrors` a failure ends the validation function with that one
//   error, except inside a union's variant (a composite rule), where errors
//   pile up and the next variant is tried; a discriminator's failure always
//   ends the function;
// - a `$ref` to a definition that has no `$ref` of its own is inlined into
//   the function; any other is a call of the definition's own function,
//   which starts outside every composite rule.

/** A compiled schema: keywords and their values, with `$ref` the function returning the definition it names. */
export interface SchemaNode {
  readonly [keyword: string]: unknown;
}

/** The generated function returning a definition's schema. */
export type SchemaSource = () => SchemaNode;

/** Generated JSON, each `$ref` replaced by what `target` makes of it. */
function parsedSchema(json: string, target: (ref: unknown) => unknown): SchemaNode {
  const parsed: unknown = JSON.parse(json, (key, value: unknown) => (key === "$ref" ? target(value) : value));
  if (!isNode(parsed)) throw new Error("a generated schema is not an object");
  return parsed;
}

/** A generated schema: JSON whose `$ref`s are indexes into `refs`, the functions of the definitions they name. */
export function schemaOf(json: string, refs: readonly SchemaSource[]): SchemaNode {
  return parsedSchema(json, (ref) => (typeof ref === "number" ? refs[ref] : ref));
}

/** The schema of each definition of a generated set, by name. */
export type SchemaSet = (name: string) => SchemaNode;

/** The JSON of each definition of a set's text, by name: a line each, the name, one space, the JSON (which has no line break). */
function definitionTexts(text: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (let start = 0; start < text.length; ) {
    const lineEnd = text.indexOf("\n", start);
    const end = lineEnd === -1 ? text.length : lineEnd;
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < end) texts.set(text.slice(start, space), text.slice(space + 1, end));
    start = end + 1;
  }
  return texts;
}

/**
 * Generated schemas in one text, a line per definition (see
 * `definitionTexts`), whose `$ref`s name a definition of the same text or one
 * of `outside`. A definition is parsed when the reporter first reads it, and
 * once, so it is one object however it is reached; every `$ref` to a name
 * reads the same source.
 */
export function schemaSetOf(text: string, outside: { readonly [name: string]: SchemaSource }): SchemaSet {
  let texts: Map<string, string> | undefined;
  const parsed = new Map<string, SchemaNode>();
  const sources = new Map<string, SchemaSource>();
  const refTarget = (name: string): SchemaSource => {
    const known = Object.hasOwn(outside, name) ? outside[name] : sources.get(name);
    if (known !== undefined) return known;
    const source = (): SchemaNode => schemaNamed(name);
    sources.set(name, source);
    return source;
  };
  const schemaNamed = (name: string): SchemaNode => {
    const known = parsed.get(name);
    if (known !== undefined) return known;
    texts ??= definitionTexts(text);
    const json = texts.get(name);
    if (json === undefined) throw new Error(`no generated schema ${name}`);
    const schema = parsedSchema(json, (ref) => (typeof ref === "string" ? refTarget(ref) : ref));
    parsed.set(name, schema);
    return schema;
  };
  return schemaNamed;
}

/** ajv's rule keywords the compiled schemas may use: a schema with none of these accepts every value. */
export const RULE_KEYWORDS: ReadonlySet<string> = new Set([
  "$ref",
  "type",
  "const",
  "enum",
  "anyOf",
  "oneOf",
  "if",
  "then",
  "else",
  EXTERNAL_UNION_KEYWORD,
  UNTAGGED_UNION_KEYWORD,
  "maximum",
  "minimum",
  "pattern",
  "items",
  "maxProperties",
  "required",
  "additionalProperties",
  "properties",
  "discriminator",
]);

/**
 * ajv's keyword groups, in its order; `type` is the data type a group
 * applies to. The keyword `type` belongs to the untyped group: it has no code
 * there, but makes that group count as used.
 */
const GROUPS: readonly { readonly type?: string; readonly keywords: readonly string[] }[] = [
  { keywords: ["$ref", "type", "const", "enum", "anyOf", "oneOf", "if", "then", "else", EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD] },
  { type: "number", keywords: ["maximum", "minimum"] },
  { type: "string", keywords: ["pattern"] },
  { type: "array", keywords: ["items"] },
  { type: "object", keywords: ["maxProperties", "required", "additionalProperties", "properties", "discriminator"] },
];

/** The end of a validation function: ajv returns these errors from it at once. */
class FunctionReturn {
  constructor(readonly errors: CompiledError[]) {
    RETURNS.add(this);
  }
}

// Told apart without `instanceof`, which runs a thrown proxy's traps.
const RETURNS = new WeakSet<object>();

function isReturn(thrown: unknown): thrown is FunctionReturn {
  return typeof thrown === "object" && thrown !== null && RETURNS.has(thrown);
}

interface Context {
  /** The errors of the current validation function so far. */
  readonly errors: CompiledError[];
  /** Inside a union's variant: errors are collected, not returned. */
  readonly composite: boolean;
}

const definitions = new Map<SchemaSource, SchemaNode>();
const hasRefs = new WeakMap<object, boolean>();
const patterns = new Map<string, RegExp>();

function definition(source: SchemaSource): SchemaNode {
  let schema = definitions.get(source);
  if (schema === undefined) {
    schema = source();
    definitions.set(source, schema);
  }
  return schema;
}

function isNode(value: unknown): value is SchemaNode {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isSource(value: unknown): value is SchemaSource {
  return typeof value === "function";
}

/** Whether a schema accepts every value (ajv then skips it): it has no rule keyword. */
export function acceptsAll(schema: unknown): boolean {
  return schema === true || (isNode(schema) && !Object.keys(schema).some((keyword) => RULE_KEYWORDS.has(keyword)));
}

/** Whether a schema holds a `$ref` anywhere (ajv then calls its function instead of inlining it). */
function containsRef(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(containsRef);
  if (!isNode(schema)) return false;
  const known = hasRefs.get(schema);
  if (known !== undefined) return known;
  const found = "$ref" in schema || Object.values(schema).some(containsRef);
  hasRefs.set(schema, found);
  return found;
}

function isOfType(type: string, data: unknown): boolean {
  switch (type) {
    case "object":
      return typeof data === "object" && data !== null && !Array.isArray(data);
    case "array":
      return Array.isArray(data);
    case "null":
      return data === null;
    case "number":
      return typeof data === "number" && Number.isFinite(data);
    case "integer":
      return typeof data === "number" && Number.isInteger(data);
    default:
      return typeof data === type;
  }
}

function error(instancePath: string, keyword: string, params: { readonly [key: string]: unknown }): CompiledError {
  return { instancePath, keyword, params };
}

/** ajv's usual report: collected inside a composite rule, else returned from the function. */
function fail(context: Context, failure: CompiledError): false {
  if (!context.composite) throw new FunctionReturn([failure]);
  context.errors.push(failure);
  return false;
}

function pointerToken(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function field(data: unknown, key: string | number): unknown {
  return Reflect.get(Object(data), key);
}

function typesOf(schema: SchemaNode): string[] {
  const { type } = schema;
  return type === undefined ? [] : (Array.isArray(type) ? type : [type]).map(String);
}

function usesGroup(schema: SchemaNode, keywords: readonly string[]): boolean {
  return keywords.some((keyword) => schema[keyword] !== undefined);
}

function groupOf(type: string): (typeof GROUPS)[number] | undefined {
  return GROUPS.find((group) => group.type === type);
}

function validate(schema: unknown, data: unknown, path: string, context: Context): boolean {
  if (!isNode(schema)) return schema !== false;
  if (isSource(schema.$ref) && Object.keys(schema).every((keyword) => keyword === "$ref" || !RULE_KEYWORDS.has(keyword))) return reference(schema.$ref, data, path, context);
  const start = context.errors.length;
  const types = typesOf(schema);
  const ownGroup = types.length === 1 ? groupOf(types[0] ?? "") : undefined;
  const checkedFirst = types.length > 0 && !(ownGroup !== undefined && usesGroup(schema, ownGroup.keywords));
  // Inside a composite rule a wrong type is collected and the untyped group
  // still runs (ajv guards only the groups after it).
  if (checkedFirst && !types.some((type) => isOfType(type, data))) fail(context, error(path, "type", { type: schema.type }));
  for (const group of GROUPS) {
    if (!usesGroup(schema, group.keywords)) continue;
    if (group.type === undefined || isOfType(group.type, data)) {
      for (const keyword of group.keywords) if (schema[keyword] !== undefined && !keywordHolds(keyword, schema, data, path, context)) return false;
    } else if (!checkedFirst && types.length === 1 && types[0] === group.type) {
      return fail(context, error(path, "type", { type: schema.type }));
    }
    if (context.errors.length !== start) return false;
  }
  return context.errors.length === start;
}

function reference(source: SchemaSource, data: unknown, path: string, context: Context): boolean {
  const target = definition(source);
  if (!containsRef(target)) return validate(target, data, path, context);
  const errors = callErrors(target, data, path);
  if (errors === null) return true;
  context.errors.push(...errors);
  return false;
}

/** The errors of a validation function of its own, `null` when the value is valid. */
function callErrors(schema: SchemaNode, data: unknown, path: string): CompiledError[] | null {
  const context: Context = { errors: [], composite: false };
  try {
    return validate(schema, data, path, context) ? null : context.errors;
  } catch (thrown) {
    if (isReturn(thrown)) return thrown.errors;
    throw thrown;
  }
}

function keywordHolds(keyword: string, schema: SchemaNode, data: unknown, path: string, context: Context): boolean {
  const value = schema[keyword];
  switch (keyword) {
    case "$ref":
      return isSource(value) ? reference(value, data, path, context) : true;
    case "const":
      return data === value || fail(context, error(path, "const", { allowedValue: value }));
    case "enum":
      return (Array.isArray(value) && value.some((allowed) => allowed === data)) || fail(context, error(path, "enum", { allowedValues: value }));
    case "anyOf":
    case EXTERNAL_UNION_KEYWORD:
    case UNTAGGED_UNION_KEYWORD:
      return union(keyword, Array.isArray(value) ? value : [], data, path, context);
    case "if":
      return conditional(schema, data, path, context);
    case "maximum":
      return !(Number(data) > Number(value) || Number.isNaN(data)) || fail(context, error(path, "maximum", { comparison: "<=", limit: value }));
    case "minimum":
      return !(Number(data) < Number(value) || Number.isNaN(data)) || fail(context, error(path, "minimum", { comparison: ">=", limit: value }));
    case "pattern":
      return regExp(String(value)).test(String(data)) || fail(context, error(path, "pattern", { pattern: value }));
    case "items":
      return items(value, data, path, context);
    case "maxProperties":
      return Object.keys(Object(data)).length <= Number(value) || fail(context, error(path, "maxProperties", { limit: value }));
    case "required":
      return required(Array.isArray(value) ? value.map(String) : [], data, path, context);
    case "additionalProperties":
      return additional(schema, data, path, context);
    case "properties":
      return properties(value, data, path, context);
    case "discriminator":
      return discriminated(schema, data, path, context);
    default:
      // `type` (checked before the groups), `oneOf` beside a discriminator, `then` and `else` beside `if`.
      return true;
  }
}

function union(keyword: string, variants: readonly unknown[], data: unknown, path: string, context: Context): boolean {
  if (variants.some(acceptsAll)) return true;
  const start = context.errors.length;
  const inner: Context = { errors: context.errors, composite: true };
  for (const variant of variants) {
    if (validate(variant, data, path, inner)) {
      context.errors.length = start;
      return true;
    }
  }
  context.errors.push(error(path, keyword, {}));
  return false;
}

function conditional(schema: SchemaNode, data: unknown, path: string, context: Context): boolean {
  const matched = validate(schema.if, data, path, { errors: [], composite: true });
  const clause = matched ? "then" : "else";
  if (schema[clause] === undefined || validate(schema[clause], data, path, context)) return true;
  context.errors.push(error(path, "if", { failingKeyword: clause }));
  return false;
}

function regExp(source: string): RegExp {
  let pattern = patterns.get(source);
  if (pattern === undefined) {
    pattern = new RegExp(source, "u");
    patterns.set(source, pattern);
  }
  return pattern;
}

function items(schema: unknown, data: unknown, path: string, context: Context): boolean {
  if (acceptsAll(schema) || !Array.isArray(data)) return true;
  const length = data.length;
  for (let index = 0; index < length; index += 1) if (!validate(schema, data[index], `${path}/${index}`, context)) return false;
  return true;
}

function required(names: readonly string[], data: unknown, path: string, context: Context): boolean {
  for (const name of names) if (field(data, name) === undefined) return fail(context, error(path, "required", { missingProperty: name }));
  return true;
}

/** The names ajv's `properties` keyword reads: never `__proto__`. */
function propertyNames(schema: unknown): string[] {
  return isNode(schema) ? Object.keys(schema).filter((name) => name !== "__proto__") : [];
}

function properties(schema: unknown, data: unknown, path: string, context: Context): boolean {
  if (!isNode(schema)) return true;
  for (const name of propertyNames(schema)) {
    const property = schema[name];
    if (acceptsAll(property)) continue;
    const value = field(data, name);
    if (value !== undefined && !validate(property, value, `${path}/${pointerToken(name)}`, context)) return false;
  }
  return true;
}

function additional(schema: SchemaNode, data: unknown, path: string, context: Context): boolean {
  const rule = schema.additionalProperties;
  if (acceptsAll(rule) || !isNode(data)) return true;
  const known = propertyNames(schema.properties);
  // ajv reads the keys with for...in, inherited enumerable ones included.
  for (const key in data) {
    if (known.includes(key)) continue;
    if (rule === false) return fail(context, error(path, "additionalProperties", { additionalProperty: key }));
    if (!validate(rule, data[key], `${path}/${pointerToken(key)}`, context)) return false;
  }
  return true;
}

const mappings = new WeakMap<SchemaNode, Map<string, unknown>>();

/** Tag value to variant, as ajv maps a discriminator: from each variant's constant (or enum) tag. */
function mapping(schema: SchemaNode, tag: string): Map<string, unknown> {
  let found = mappings.get(schema);
  if (found !== undefined) return found;
  found = new Map();
  for (const variant of Array.isArray(schema.oneOf) ? schema.oneOf : []) {
    const target = isNode(variant) && isSource(variant.$ref) ? definition(variant.$ref) : variant;
    const tagSchema = isNode(target) && isNode(target.properties) ? target.properties[tag] : undefined;
    if (!isNode(tagSchema)) continue;
    const values = tagSchema.const !== undefined ? [tagSchema.const] : Array.isArray(tagSchema.enum) ? tagSchema.enum : [];
    for (const value of values) found.set(String(value), variant);
  }
  mappings.set(schema, found);
  return found;
}

function discriminated(schema: SchemaNode, data: unknown, path: string, context: Context): boolean {
  const tag = isNode(schema.discriminator) ? String(schema.discriminator.propertyName) : "";
  const tagValue = field(data, tag);
  // A discriminator's failures end the validation function even inside a composite rule.
  if (typeof tagValue !== "string") throw new FunctionReturn([error(path, "discriminator", { error: "tag", tag, tagValue })]);
  const variant = mapping(schema, tag).get(tagValue);
  if (variant === undefined) throw new FunctionReturn([error(path, "discriminator", { error: "mapping", tag, tagValue })]);
  return validate(variant, data, path, context);
}

/**
 * The errors ajv's standalone validator of a definition reports for `data`,
 * in its order; empty when it accepts the value. Throws what examining a
 * hostile value throws.
 */
export function schemaErrors(source: SchemaSource, data: unknown): readonly CompiledError[] {
  return callErrors(definition(source), data, "") ?? [];
}
