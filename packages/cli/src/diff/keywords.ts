/** Which keywords validate, which only annotate, and which JSON types a keyword constrains (README "Normalization"). */

/** The JSON types `type` names; `integer` is the whole numbers among `number`. */
export const JSON_TYPES = ["array", "boolean", "integer", "null", "number", "object", "string"] as const;

// Annotations of draft 2020-12 (and OpenAPI's `discriminator`, which picks among variants that carry their own tags): they change no accepted message.
const ANNOTATIONS = new Set(["title", "description", "default", "examples", "$comment", "deprecated", "readOnly", "writeOnly", "discriminator", "contentEncoding", "contentMediaType", "contentSchema"]);

/** What makes a schema a file of its own, or holds definitions read elsewhere: not part of a type. */
export const ROOT_ONLY = new Set(["$schema", "$id", "$defs", "definitions", "$anchor", "$dynamicAnchor", "$vocabulary"]);

/** Whether `keyword` only annotates; `format` does unless formats are asserted. */
export function isAnnotation(keyword: string, assertFormats = false): boolean {
  return ANNOTATIONS.has(keyword) || keyword.startsWith("x-") || (keyword === "format" && !assertFormats);
}

/** Lower bounds: a larger value rejects more. */
export const LOWER_BOUNDS = ["minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties"];
/** Upper bounds: a smaller value rejects more. */
export const UPPER_BOUNDS = ["maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties"];

const DOMAINS: { readonly [domain: string]: readonly string[] } = {
  string: ["minLength", "maxLength", "pattern", "format"],
  number: ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"],
  object: ["properties", "required", "additionalProperties", "patternProperties", "propertyNames", "minProperties", "maxProperties", "dependentRequired", "dependentSchemas", "unevaluatedProperties"],
  array: ["items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems", "minContains", "maxContains", "unevaluatedItems"],
};

const DOMAIN_OF = new Map(Object.entries(DOMAINS).flatMap(([domain, keywords]) => keywords.map((keyword): [string, string] => [keyword, domain])));

/** The JSON type a keyword constrains (values of other types pass it), `undefined` for a keyword that constrains every value (`enum`, `not`, `anyOf`, ...). */
export function domainOf(keyword: string): string | undefined {
  return DOMAIN_OF.get(keyword);
}

/** Whether a value of JSON type `type` is subject to keywords of `domain`. */
export function inDomain(type: string, domain: string): boolean {
  return type === domain || (domain === "number" && type === "integer");
}
