import * as TJS from "typescript-json-schema";
import { isJsonObject, type JsonObject } from "../json.js";
import type { TypeSource } from "../source.js";

const SETTINGS: TJS.PartialArgs = {
  required: true,
  ref: true,
  aliasRef: false,
  topRef: true,
  strictNullChecks: true,
  noExtraProps: false,
  titles: false,
  defaultProps: false,
  uniqueNames: false,
  ignoreErrors: false,
};

/**
 * Runs typescript-json-schema over the wire modules and returns its draft-07
 * definitions, one per exported wire type. Its output still needs the source
 * alignment and the 2020-12 conversion.
 */
export function generateDraft07Definitions(source: TypeSource): JsonObject {
  const generator = TJS.buildGenerator(source.program, SETTINGS, source.files);
  if (generator === null) throw new Error("typescript-json-schema could not start");
  const schema: unknown = JSON.parse(JSON.stringify(generator.getSchemaForSymbols([...source.declarations.keys()], true)));
  if (!isJsonObject(schema) || !isJsonObject(schema.definitions)) throw new Error("typescript-json-schema returned no definitions");
  const definitions = schema.definitions;
  for (const name of Object.keys(definitions)) {
    if (!source.declarations.has(name)) {
      throw new Error(`schema definition ${name} is not an exported, non-generic type of the wire modules; export it or inline it`);
    }
  }
  return definitions;
}
