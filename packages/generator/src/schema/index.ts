import { isJsonObject, type JsonObject } from "../json.js";
import type { TypeSource } from "../source.js";
import { alignWithSource } from "./align.js";
import { markAnnotations } from "./annotations.js";
import { convertToDraft2020 } from "./convert-2020.js";
import { markTaggedUnions } from "./discriminators.js";
import { generateDraft07Definitions } from "./draft07.js";

/**
 * The 2020-12 definition of every exported wire type: typescript-json-schema's
 * output, aligned with the source, converted keyword by keyword, with tagged
 * unions marked for discriminator dispatch and the source's `@sensitive` and
 * `@opaque` marks as annotations.
 */
export function buildDefinitions(source: TypeSource): JsonObject {
  const definitions = alignWithSource(generateDraft07Definitions(source), source);
  const converted = convertToDraft2020({ definitions }).$defs;
  if (!isJsonObject(converted)) throw new Error("the 2020-12 conversion lost the definitions");
  markTaggedUnions(converted);
  markAnnotations(converted);
  return converted;
}
