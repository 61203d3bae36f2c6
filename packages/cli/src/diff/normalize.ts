import { isJsonObject, type JsonObject } from "../json-value.js";
import { canonical } from "./canonical.js";
import { filteredEnum } from "./enum-normal.js";
import { isAnnotation, ROOT_ONLY } from "./keywords.js";
import { mergedSchemas } from "./merge-schemas.js";
import { refName } from "./pointer.js";
import { normalUnions } from "./union-normal.js";

/** A schema in normal form: the same instances as the schema it came from, spelled one way (README "Normalization"). */
export type Normal = JsonObject;
type Writable = { [key: string]: unknown };

/** The schema that rejects every instance. */
export const NOTHING: Normal = { not: {} };

/** Keywords whose value is one subschema, and those whose value is a map or a list of them. */
const SUBSCHEMA = new Set(["additionalProperties", "items", "not", "contains", "propertyNames", "unevaluatedProperties", "unevaluatedItems", "if", "then", "else"]);
const SUBSCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas"]);
const SUBSCHEMA_LISTS = new Set(["prefixItems", "allOf", "anyOf", "oneOf"]);

/** What normalizing a set works with: each type's written schema, the types normalized so far, and those being normalized (a `$ref` to one is not inlined). */
export interface NormalContext {
  readonly written: ReadonlyMap<string, unknown>;
  readonly done: Map<string, Normal>;
  readonly active: Set<string>;
  readonly assertFormats: boolean;
}

/** Whether `keyword` annotates in this context. */
export function annotates(keyword: string, context: Pick<NormalContext, "assertFormats">): boolean {
  return isAnnotation(keyword, context.assertFormats);
}

// Each schema's validating part is made once per reading of `format`: unions ask for it many times.
const validating = [new WeakMap<Normal, Normal>(), new WeakMap<Normal, Normal>()];

/** The keywords of `schema` that validate (`schema` itself when it has no annotation). */
export function validationPart(schema: Normal, context: Pick<NormalContext, "assertFormats">): Normal {
  const cache = validating[context.assertFormats ? 1 : 0];
  const known = cache?.get(schema);
  if (known !== undefined) return known;
  const part = Object.keys(schema).some((keyword) => annotates(keyword, context)) ? Object.fromEntries(Object.entries(schema).filter(([keyword]) => !annotates(keyword, context))) : schema;
  cache?.set(schema, part);
  return part;
}

/** The keywords of `schema` that annotate. */
export function annotationPart(schema: Normal, context: Pick<NormalContext, "assertFormats">): Normal {
  return Object.fromEntries(Object.entries(schema).filter(([keyword]) => annotates(keyword, context)));
}

/** The normal form of the type `name`, `undefined` when the set has none or it is being normalized (a recursion). */
export function normalType(name: string, context: NormalContext): Normal | undefined {
  const known = context.done.get(name);
  if (known !== undefined) return known;
  if (context.active.has(name) || !context.written.has(name)) return undefined;
  context.active.add(name);
  try {
    const normal = normalize(context.written.get(name), context);
    context.done.set(name, normal);
    return normal;
  } finally {
    context.active.delete(name);
  }
}

/** A `$ref` with nothing but annotations beside it, as the normal form of the type it names, the annotations beside it winning; `undefined` when it cannot be followed here. */
export function inlinedRef(schema: Normal, context: NormalContext): Normal | undefined {
  const name = refName(schema["$ref"]);
  if (name === undefined || Object.keys(schema).some((keyword) => keyword !== "$ref" && !annotates(keyword, context))) return undefined;
  const target = normalType(name, context);
  if (target === undefined) return undefined;
  const { $ref: _ref, ...beside } = schema;
  return Object.keys(beside).length === 0 ? target : { ...target, ...beside };
}

function sortedTypes(type: unknown): unknown {
  const names = typeof type === "string" ? [type] : Array.isArray(type) && type.every((entry) => typeof entry === "string") ? type : undefined;
  if (names === undefined) return type;
  const unique = [...new Set(names)].sort();
  return unique.includes("number") ? unique.filter((name) => name !== "integer") : unique;
}

function sortedRequired(required: unknown): unknown {
  return Array.isArray(required) && required.every((entry) => typeof entry === "string") ? [...new Set(required)].sort() : required;
}

/** One keyword's value in normal form. */
function normalValue(keyword: string, value: unknown, context: NormalContext): unknown {
  if (SUBSCHEMA.has(keyword)) return normalize(value, context);
  if (SUBSCHEMA_MAPS.has(keyword) && isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([name, schema]) => [name, normalize(schema, context)]));
  if (SUBSCHEMA_LISTS.has(keyword) && Array.isArray(value)) return value.map((schema) => normalize(schema, context));
  if (keyword === "type") return sortedTypes(value);
  if (keyword === "required") return sortedRequired(value);
  return value;
}

/** The keywords of a written schema, each in normal form; `const` as a one-value `enum`. */
function normalKeywords(schema: JsonObject, context: NormalContext): Writable {
  const node: Writable = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (ROOT_ONLY.has(keyword)) continue;
    if (keyword === "const") continue;
    node[keyword] = normalValue(keyword, value, context);
  }
  if (Object.hasOwn(schema, "const")) {
    const value = schema["const"];
    const listed = Array.isArray(node["enum"]) ? node["enum"] : undefined;
    node["enum"] = listed === undefined ? [value] : listed.filter((entry) => canonical(entry) === canonical(value));
  }
  return node;
}

/** A `$ref` with keywords that validate beside it: both apply (draft 2020-12), so it is the `allOf` of its target and them. */
function refSiblingsAsAllOf(node: Writable, context: NormalContext): void {
  if (!Object.hasOwn(node, "$ref")) return;
  const validating = Object.keys(node).filter((keyword) => keyword !== "$ref" && keyword !== "allOf" && !annotates(keyword, context));
  if (validating.length === 0) return;
  const siblings = Object.fromEntries(validating.map((keyword) => [keyword, node[keyword]]));
  const members = Array.isArray(node["allOf"]) ? node["allOf"] : [];
  for (const keyword of validating) delete node[keyword];
  node["allOf"] = [{ $ref: node["$ref"] }, siblings, ...members];
  delete node["$ref"];
}

/** Drops keywords that allow everything: `true` or `{}` subschemas, empty `properties` and `required`. */
function tidied(node: Writable): Writable {
  for (const keyword of ["additionalProperties", "items", "unevaluatedProperties", "unevaluatedItems", "propertyNames", "contains"]) {
    if (keyword !== "contains" && isJsonObject(node[keyword]) && Object.keys(node[keyword]).length === 0) delete node[keyword];
  }
  if (isJsonObject(node["properties"]) && Object.keys(node["properties"]).length === 0) delete node["properties"];
  if (Array.isArray(node["required"]) && node["required"].length === 0) delete node["required"];
  return node;
}

/**
 * The normal form of a schema (README "Normalization"): `true` as `{}`,
 * `false` as `{"not": {}}`; `const` as a one-value `enum`, an `enum`'s
 * values filtered by the keywords beside it, which then go; `type` as a
 * sorted list; a `$ref` with keywords that validate beside it as an
 * `allOf`; `allOf` merged into one schema where it can be; `oneOf` of
 * disjoint variants as `anyOf`, and `anyOf` variants merged into type lists
 * and enums where they can be (so `type: [X, "null"]` and
 * `anyOf: [X, {"type": "null"}]` read alike). Annotations stay where they
 * were written; the comparison of what validates ignores them.
 */
export function normalize(schema: unknown, context: NormalContext): Normal {
  if (schema === true || schema === undefined) return {};
  if (schema === false) return NOTHING;
  // Not a schema: ajv refuses it, so a change to it is compared by its text and is never proven.
  if (!isJsonObject(schema)) return { $invalid: canonical(schema) };
  const node = normalKeywords(schema, context);
  refSiblingsAsAllOf(node, context);
  const merged = mergedSchemas(node, context);
  const unions = normalUnions(merged, context);
  return tidied({ ...filteredEnum(unions) });
}

/** Every type of a set in normal form, by name. */
export function normalTypes(written: ReadonlyMap<string, unknown>, assertFormats: boolean): Map<string, Normal> {
  const context: NormalContext = { written, done: new Map(), active: new Set(), assertFormats };
  const types = new Map<string, Normal>();
  for (const name of written.keys()) types.set(name, normalType(name, context) ?? normalize(written.get(name), context));
  return types;
}
