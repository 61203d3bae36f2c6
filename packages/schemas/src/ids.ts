// The `$id` of a per-type schema: an identifier, never fetched.

/** What every per-type schema's `$id` starts with: protocol 1.0's schema namespace. */
export const SCHEMA_ID_BASE = "https://app-server-protocol.dev/schemas/1.0/";

/**
 * The `$id` of protocol type `name`'s schema, the key ajv registers it under.
 *
 * ```ts
 * import { schemaId } from "@app-server-protocol/schemas";
 *
 * schemaId("AskUserQuestionRequest"); // => "https://app-server-protocol.dev/schemas/1.0/AskUserQuestionRequest.json"
 * ```
 */
export function schemaId(name: string): string {
  return `${SCHEMA_ID_BASE}${name}.json`;
}
