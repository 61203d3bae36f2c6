// The schema bundle, read by the tests' own plain walks (support/sensitive-schema.ts,
// support/undefined-values.ts) independently of the shapes `redact` is built from.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** A schema of the bundle. */
export type Schema = { readonly [keyword: string]: unknown };

/** The repository root. */
export const ROOT = fileURLToPath(new URL("../../../../", import.meta.url));

export function isRecord(value: unknown): value is { readonly [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const bundle: unknown = JSON.parse(readFileSync(`${ROOT}schemas/protocol.schema.json`, "utf8"));
const DEFINITIONS: { readonly [name: string]: unknown } = isRecord(bundle) && isRecord(bundle["$defs"]) ? bundle["$defs"] : {};

/** The schema of the bundle's definition `name`. */
export function definition(name: string): Schema {
  const schema = DEFINITIONS[name];
  if (!isRecord(schema)) throw new Error(`no definition ${name}`);
  return schema;
}

/** The definition a schema's `$ref` names. */
export function refOf(schema: Schema): string | undefined {
  const ref = schema["$ref"];
  return typeof ref === "string" ? ref.replace("#/$defs/", "") : undefined;
}

/** The schemas of a list keyword (`anyOf`, `oneOf`). */
export function schemas(value: unknown): Schema[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

/** A schema's `properties`. */
export function propertiesOf(schema: Schema): { readonly [name: string]: unknown } {
  const properties = schema["properties"];
  return isRecord(properties) ? properties : {};
}

/** The variants of a union that may describe `value`: by its tag under a discriminator, else all of them. */
export function variantsFor(schema: Schema, value: unknown): Schema[] {
  const variants = [...schemas(schema["anyOf"]), ...schemas(schema["oneOf"])];
  const discriminator = schema["discriminator"];
  const tag = isRecord(discriminator) ? discriminator["propertyName"] : undefined;
  if (typeof tag !== "string" || !isRecord(value)) return variants;
  const chosen = variants.filter((variant) => {
    const target = refOf(variant) === undefined ? variant : definition(refOf(variant) ?? "");
    const property = propertiesOf(target)[tag];
    return isRecord(property) && property["const"] === value[tag];
  });
  return chosen.length > 0 ? chosen : variants;
}

/** A key as a JSON Pointer token. */
export function token(key: string): string {
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Every field name a type of the bundle defines. */
export function fieldNames(): Set<string> {
  const names = new Set<string>();
  const visit = (schema: unknown): void => {
    if (Array.isArray(schema)) return schema.forEach(visit);
    if (!isRecord(schema)) return;
    const properties = schema["properties"];
    if (isRecord(properties)) for (const name of Object.keys(properties)) names.add(name);
    for (const [keyword, child] of Object.entries(schema)) if (keyword !== "properties") visit(child);
    if (isRecord(properties)) Object.values(properties).forEach(visit);
  };
  Object.values(DEFINITIONS).forEach(visit);
  return names;
}
