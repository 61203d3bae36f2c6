import { isJsonObject, type JsonObject } from "../json.js";
import { definitionRef, localDefinitionName, visitSchemas } from "./convert-2020.js";

/**
 * The source's JSDoc marks that become schema annotations: the source
 * alignment copies each onto its field's schema as a keyword with empty text,
 * and this pass renames it to the `x-` annotation with `true`.
 */
export const SOURCE_MARKS = { sensitive: "x-sensitive", opaque: "x-opaque" } as const;

/**
 * The source's `@emitted <Type>` tag on a type alias: the type reads more
 * than producers write (an input alias, a count the reference truncates, a
 * list whose bad items it drops), and `<Type>` is the form producers write.
 * The alignment copies the name onto the definition under this keyword, and
 * this pass turns it into `x-emitted: {"$ref": "#/$defs/<Type>"}`: an
 * annotation, so the schema itself stays the tolerant reading, and the
 * validators' producer-strict mode checks the emitted form.
 */
export const EMITTED_MARK = "emitted";

/** The annotation that names the form producers emit of a tolerant definition. */
export const EMITTED_KEYWORD = "x-emitted";

/** Every annotation keyword the schema files carry beyond the standard ones. */
export const ANNOTATION_KEYWORDS: readonly string[] = ["x-protocol-version", ...Object.values(SOURCE_MARKS), EMITTED_KEYWORD];

/** Every keyword of our schemas that annotates and never validates. */
export const SCHEMA_ANNOTATIONS: ReadonlySet<string> = new Set(["description", "default", "title", "examples", "$comment", ...ANNOTATION_KEYWORDS]);

/** The name of the definition `schema`'s `x-emitted` names, if it has one. */
export function emittedFormOf(schema: unknown): string | undefined {
  if (!isJsonObject(schema)) return undefined;
  const emitted = schema[EMITTED_KEYWORD];
  return isJsonObject(emitted) ? localDefinitionName(emitted.$ref) : undefined;
}

/** Turns a definition's `@emitted` mark into its `x-emitted` reference, checking that it names another definition. */
function markEmittedForm(name: string, definition: JsonObject, definitions: JsonObject): void {
  const target = definition[EMITTED_MARK];
  delete definition[EMITTED_MARK];
  if (target === undefined) return;
  if (typeof target !== "string" || target === name || !isJsonObject(definitions[target])) {
    throw new Error(`@emitted of ${name} must name another exported wire type, found ${JSON.stringify(target)}`);
  }
  if (emittedFormOf(definitions[target]) !== undefined) throw new Error(`@emitted of ${name} names ${target}, which has an emitted form of its own`);
  definition[EMITTED_KEYWORD] = { $ref: definitionRef(target) };
}

/**
 * Turns the `@sensitive` and `@opaque` marks into `x-sensitive: true` and
 * `x-opaque: true`, in place: a field that may carry secrets or user content
 * and must not be logged, and content the protocol leaves unschematized.
 * A definition's `@emitted` mark becomes its `x-emitted` reference.
 */
export function markAnnotations(definitions: JsonObject): void {
  for (const [name, definition] of Object.entries(definitions)) {
    if (!isJsonObject(definition)) continue;
    markEmittedForm(name, definition, definitions);
    visitSchemas(definition, (node) => {
      if (EMITTED_MARK in node) throw new Error(`@emitted belongs on an exported type alias (found inside ${name}); name the type a field reads`);
      for (const [mark, keyword] of Object.entries(SOURCE_MARKS)) {
        if (!(mark in node)) continue;
        if (node[mark] !== "") throw new Error(`@${mark} takes no text, found ${JSON.stringify(node[mark])}`);
        delete node[mark];
        node[keyword] = true;
      }
    });
  }
}
