import { isJsonObject, type JsonObject } from "../json.js";
import { visitSchemas } from "./convert-2020.js";

/**
 * The source's JSDoc marks that become schema annotations: the source
 * alignment copies each onto its field's schema as a keyword with empty text,
 * and this pass renames it to the `x-` annotation with `true`.
 */
export const SOURCE_MARKS = { sensitive: "x-sensitive", opaque: "x-opaque" } as const;

/** Every annotation keyword the schema files carry beyond the standard ones. */
export const ANNOTATION_KEYWORDS: readonly string[] = ["x-protocol-version", ...Object.values(SOURCE_MARKS)];

/** Every keyword of our schemas that annotates and never validates. */
export const SCHEMA_ANNOTATIONS: ReadonlySet<string> = new Set(["description", "default", "title", "examples", "$comment", ...ANNOTATION_KEYWORDS]);

/**
 * Turns the `@sensitive` and `@opaque` marks into `x-sensitive: true` and
 * `x-opaque: true`, in place: a field that may carry secrets or user content
 * and must not be logged, and content the protocol leaves unschematized.
 */
export function markAnnotations(definitions: JsonObject): void {
  for (const definition of Object.values(definitions)) {
    if (!isJsonObject(definition)) continue;
    visitSchemas(definition, (node) => {
      for (const [mark, keyword] of Object.entries(SOURCE_MARKS)) {
        if (!(mark in node)) continue;
        if (node[mark] !== "") throw new Error(`@${mark} takes no text, found ${JSON.stringify(node[mark])}`);
        delete node[mark];
        node[keyword] = true;
      }
    });
  }
}
