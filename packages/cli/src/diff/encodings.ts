import { isJsonObject, type JsonObject } from "../json-value.js";
import { covered, isAnnotation, typeSet } from "./compare-keywords.js";
import { jsonTypeOf } from "./listed-values.js";

const UNIONS = ["oneOf", "anyOf"] as const;

/** The value of a union variant that is one `const` and annotations, `undefined` for any other variant. */
function constOfVariant(variant: unknown): { readonly value: unknown } | undefined {
  if (!isJsonObject(variant) || !Object.hasOwn(variant, "const")) return undefined;
  const value = variant["const"];
  const typeFits = variant["type"] === undefined || covered(jsonTypeOf(value), typeSet(variant));
  return typeFits && Object.keys(variant).every((keyword) => keyword === "const" || keyword === "type" || isAnnotation(keyword)) ? { value } : undefined;
}

/** `schema` with a `oneOf`/`anyOf` of `const`s (a generator that documents each value) as the `enum` it amounts to; `undefined` when it has none. */
function constUnionAsEnum(schema: JsonObject): JsonObject | undefined {
  for (const union of UNIONS) {
    const variants = schema[union];
    if (!Array.isArray(variants) || variants.length === 0) continue;
    const values = variants.map(constOfVariant);
    if (values.some((entry) => entry === undefined)) continue;
    const { [union]: _union, ...rest } = schema;
    return { ...rest, enum: values.map((entry) => entry?.value) };
  }
  return undefined;
}

/** `schema` with its `const` as a one-value `enum`. */
function constAsEnum(schema: JsonObject): JsonObject {
  const { const: value, ...rest } = schema;
  return { ...rest, enum: [value] };
}

/** Whether a schema lists its values by `enum` only. */
function hasEnumOnly(schema: JsonObject): boolean {
  return Array.isArray(schema["enum"]) && !Object.hasOwn(schema, "const");
}

/**
 * The two schemas of a place with the values they list spelled alike, so
 * two generators compare by what they accept: where one side has an `enum`,
 * the other's `oneOf`/`anyOf` of `const`s, or its `const`, reads as an
 * `enum` too. Schemas spelled alike already are returned as they are.
 */
export function alikeSpelled(before: JsonObject, after: JsonObject): [JsonObject, JsonObject] {
  const respelled = (schema: JsonObject, other: JsonObject): JsonObject => {
    if (!hasEnumOnly(other) || Array.isArray(schema["enum"])) return schema;
    if (Object.hasOwn(schema, "const")) return constAsEnum(schema);
    return constUnionAsEnum(schema) ?? schema;
  };
  return [respelled(before, after), respelled(after, before)];
}
