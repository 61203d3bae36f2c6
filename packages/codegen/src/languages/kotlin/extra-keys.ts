// Records that keep the keys besides their fields (`McpAnnotations`,
// `McpPrompt`: the reference flattens them into a map): the generated
// serializer reads the fields, and a serializer around it keeps the rest in
// `extra` and writes it back after them.
import { isJsonObject, type JsonObject } from "../../schema.js";

/** The property holding the other keys. */
export const EXTRA_PROPERTY = "extra";

/** Whether the schema keeps the keys besides its fields: an open object with fields. */
export function keepsUnknownKeys(schema: JsonObject): boolean {
  const extra = schema.additionalProperties;
  return isJsonObject(schema.properties) && Object.keys(schema.properties).length > 0 && (extra === true || isJsonObject(extra));
}

export function extraKeysAnnotations(record: string): string[] {
  return ["@KeepGeneratedSerializer", `@Serializable(with = ${record}Serializer::class)`];
}

/** The last property of such a record. */
export const EXTRA_KEYS_PROPERTY: readonly string[] = [
  "",
  "/** The keys besides the fields above, as they were read; written back after them. */",
  "@kotlinx.serialization.Transient",
  `val ${EXTRA_PROPERTY}: JsonObject = JsonObject(emptyMap()),`,
];

export function extraKeysSerializer(record: string): string[] {
  return [
    `/** Reads and writes ${record} with the keys besides its fields. */`,
    `object ${record}Serializer : ProtocolExtraKeysSerializer<${record}>(${record}.generatedSerializer()) {`,
    `    override fun extraOf(value: ${record}): JsonObject = value.${EXTRA_PROPERTY}`,
    "",
    `    override fun withExtra(value: ${record}, extra: JsonObject): ${record} = value.copy(${EXTRA_PROPERTY} = extra)`,
    "}",
  ];
}
