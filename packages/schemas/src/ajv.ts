// Registers the per-type schemas in an ajv instance. ajv is not a dependency:
// the helper takes any object with the members it uses, which an Ajv or
// Ajv2020 instance of ajv 8 has.
import { schemaFor, schemaNames } from "./files.js";

/** The keywords the schema files carry beyond JSON Schema: annotations that never validate. */
export const ANNOTATION_KEYWORDS = ["x-protocol-version", "x-sensitive", "x-opaque", "x-emitted"] as const;

/**
 * What addSchemas uses of an ajv instance. It reads the tables ajv's own
 * "already exists" and "already defined" checks read, so the check compiles
 * nothing: `getSchema` compiles what it finds, and `getKeyword` answers
 * `false` for a keyword added by `addVocabulary`.
 */
export interface SchemaRegistry {
  readonly schemas: { readonly [id: string]: unknown };
  readonly refs: { readonly [id: string]: unknown };
  readonly RULES: { readonly keywords: { readonly [keyword: string]: unknown } };
  addSchema(schema: object): unknown;
  addVocabulary(keywords: string[]): unknown;
}

/**
 * Registers every per-type schema under its `$id` and returns `ajv`. An
 * `$id` already registered is left as it is, and the annotation keywords are
 * added as a vocabulary unless ajv knows them, so a second call changes
 * nothing. ajv compiles a schema on its first `getSchema`; the schemas need
 * `discriminator: true`.
 *
 * ```ts
 * import { Ajv2020 } from "ajv/dist/2020.js";
 * import { addSchemas, schemaId } from "@app-server-protocol/schemas";
 *
 * const ajv = addSchemas(new Ajv2020({ discriminator: true }));
 * const validate = ajv.getSchema(schemaId("ClientMessage"));
 * validate?.({ type: "request", id: "req-1", method: "session/list" }); // => true
 * ```
 */
export function addSchemas<Registry extends SchemaRegistry>(ajv: Registry): Registry {
  const unknownKeywords = ANNOTATION_KEYWORDS.filter((keyword) => !ajv.RULES.keywords[keyword]);
  if (unknownKeywords.length > 0) ajv.addVocabulary(unknownKeywords);
  for (const name of schemaNames()) {
    const schema = schemaFor(name);
    if (schema !== undefined && ajv.schemas[schema.$id] === undefined && ajv.refs[schema.$id] === undefined) ajv.addSchema(schema);
  }
  return ajv;
}
