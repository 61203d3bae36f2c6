import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { localDefinitionName } from "@app-server-protocol/generator/schema-tools";
import { RULE_KEYWORDS } from "../src/schema-errors.js";

// The keywords the compiled schemas may use: the error reporter's rules
// (src/schema-errors.ts), which the matchers implement too, so a schema with
// any other keyword fails the build instead of being half understood.

/** Keywords that are no rule of ajv's and may stand in the compiled bundle. */
const NOT_RULES = new Set(["$defs", "$id", "$schema"]);

/** The name of the definition a local `$ref` names. */
export function refName(ref: unknown): string | undefined {
  return localDefinitionName(ref);
}

/** Throws unless every keyword of `schema` (not its subschemas) is one both forms implement, in a form they implement. */
export function assertSupported(schema: JsonObject, where: string): void {
  for (const [keyword, value] of Object.entries(schema)) {
    if (!RULE_KEYWORDS.has(keyword) && !NOT_RULES.has(keyword)) throw new Error(`${where}: keyword ${keyword} is not supported by the generated validators`);
    if ((keyword === "const" || keyword === "enum") && [value].flat().some((item) => typeof item === "object" && item !== null)) {
      throw new Error(`${where}: ${keyword} with an object or array value is not supported`);
    }
    if (keyword === "oneOf" && !isJsonObject(schema.discriminator)) throw new Error(`${where}: oneOf without a discriminator is not supported`);
    if (keyword === "items" && !isJsonObject(value)) throw new Error(`${where}: items must be one schema`);
    if (keyword === "$ref" && refName(value) === undefined) throw new Error(`${where}: only local $refs are supported`);
  }
}
