import { isJsonObject, type JsonObject } from "../json.js";
import { localDefinitionName, visitSchemas } from "./convert-2020.js";

/** The tag value a union variant carries in `property`, or `undefined` when it has none. */
function tagValue(variant: JsonObject, property: string, definitions: JsonObject): string | undefined {
  const name = localDefinitionName(variant.$ref);
  const target = name === undefined ? variant : definitions[name];
  if (!isJsonObject(target) || !isJsonObject(target.properties)) return undefined;
  const tag = target.properties[property];
  const required = Array.isArray(target.required) && target.required.includes(property);
  return required && isJsonObject(tag) && typeof tag.const === "string" ? tag.const : undefined;
}

function candidateTags(variant: JsonObject, definitions: JsonObject): string[] {
  const name = localDefinitionName(variant.$ref);
  const target = name === undefined ? variant : definitions[name];
  return isJsonObject(target) && isJsonObject(target.properties) ? Object.keys(target.properties) : [];
}

/** The property every variant carries as a distinct required constant, if there is one. */
function findTag(variants: JsonObject[], definitions: JsonObject): string | undefined {
  const [first] = variants;
  if (first === undefined || variants.length < 2) return undefined;
  return candidateTags(first, definitions).find((property) => {
    const values = variants.map((variant) => tagValue(variant, property, definitions));
    return values.every((value) => value !== undefined) && new Set(values).size === values.length;
  });
}

/**
 * Turns every `anyOf` whose variants are objects with a shared, distinct,
 * required constant property into `oneOf` + `discriminator`, so a validator
 * picks the variant by its tag and reports one precise error. Unions that
 * are not tagged stay `anyOf`.
 */
export function markTaggedUnions(definitions: JsonObject): void {
  for (const definition of Object.values(definitions)) {
    if (!isJsonObject(definition)) continue;
    visitSchemas(definition, (node) => {
      const variants = node.anyOf;
      if (!Array.isArray(variants) || !variants.every(isJsonObject)) return;
      const tag = findTag(variants, definitions);
      if (tag === undefined) return;
      delete node.anyOf;
      node.oneOf = variants;
      node.type = "object";
      node.discriminator = { propertyName: tag };
    });
  }
}
