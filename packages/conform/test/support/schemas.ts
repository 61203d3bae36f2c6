import { readFileSync } from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

/** A shipped schema of the package (`schemas/<name>`), compiled by ajv in strict mode. */
export function shippedSchema(name: string): ValidateFunction {
  const schema: unknown = JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), "utf8"));
  if (typeof schema !== "object" || schema === null) throw new Error(`${name} is not a schema`);
  // Strict, but for two lints that refuse a standard pattern: `oneOf` branches that only add `required` (one field of two), without restating the type.
  return new Ajv2020({ strict: true, strictRequired: false, strictTypes: false }).compile(schema);
}
