// Declarations the Kotlin union serializers and records rely on, and the
// protocol names quicktype does not declare, as type aliases.
import type { AliasDeclaration, AliasShape } from "../jvm-apple-dotnet-shared/extra-aliases.js";
import { descriptionLines } from "../jvm-apple-dotnet-shared/lines.js";
import { kotlinDoc, kotlinPayloadType } from "./names.js";

export const KOTLIN_SUPPORT: readonly string[] = [
  "/**",
  " * The JSON configuration the bindings are written for. The protocol lets",
  " * either side add fields, so unknown keys are skipped; `explicitNulls`",
  " * stays on, so a field the wire always carries is written as `null`.",
  " */",
  "val ProtocolJson: Json = Json { ignoreUnknownKeys = true }",
  "",
  "/** The JSON-tree steps every union serializer shares. */",
  "internal object ProtocolUnionJson {",
  "    fun input(decoder: Decoder, union: String): JsonDecoder =",
  '        decoder as? JsonDecoder ?: throw SerializationException("$union can only be read from JSON")',
  "",
  "    fun output(encoder: Encoder, union: String): JsonEncoder =",
  '        encoder as? JsonEncoder ?: throw SerializationException("$union can only be written as JSON")',
  "",
  "    fun fields(element: JsonElement, union: String): JsonObject =",
  '        element as? JsonObject ?: throw SerializationException("$union: expected a JSON object")',
  "",
  "    fun tag(fields: JsonObject, tag: String, union: String): String {",
  "        val value = fields[tag]",
  '        if (value !is JsonPrimitive || !value.isString) throw SerializationException("$union: expected a string \\"$tag\\"")',
  "        return value.content",
  "    }",
  "",
  "    /** The variant's fields after the union's tag, which the variant record does not have. */",
  "    fun tagged(tag: String, value: String, body: JsonElement, union: String): JsonObject =",
  "        JsonObject(mapOf(tag to JsonPrimitive(value)) + fields(body, union))",
  "",
  "    fun single(element: JsonElement, union: String): Pair<String, JsonElement> {",
  '        val entry = fields(element, union).entries.singleOrNull() ?: throw SerializationException("$union: expected an object with exactly one key")',
  "        return entry.key to entry.value",
  "    }",
  "",
  "    /** The fields a record declares: a fallback variant drops whatever else an unknown variant carried. */",
  "    fun only(body: JsonObject, descriptor: SerialDescriptor): JsonObject {",
  "        val names = (0 until descriptor.elementsCount).map { descriptor.getElementName(it) }.toSet()",
  "        return JsonObject(body.filterKeys { it in names })",
  "    }",
  "",
  "    /** The decoded value, or `null` when the element does not decode as it: for untagged unions. */",
  "    inline fun <T> attempt(decode: () -> T): T? =",
  "        try {",
  "            decode()",
  "        } catch (e: IllegalArgumentException) {",
  "            null",
  "        }",
  "}",
];

function kotlinShape(shape: AliasShape): string {
  if ("ref" in shape) return shape.ref;
  if ("primitive" in shape) return kotlinPayloadType(shape);
  if ("any" in shape) return "JsonElement";
  if ("list" in shape) return `List<${kotlinShape(shape.list)}>`;
  if ("map" in shape) return "any" in shape.map ? "JsonObject" : `Map<String, ${kotlinShape(shape.map)}>`;
  return `${kotlinShape(shape.nullable)}?`;
}

/** A `typealias` for each protocol name quicktype does not declare. */
export function kotlinAliases(aliases: readonly AliasDeclaration[]): string[] {
  return aliases.flatMap((alias, index) => [...(index > 0 ? [""] : []), ...kotlinDoc(descriptionLines(alias.description)), `typealias ${alias.name} = ${kotlinShape(alias.shape)}`]);
}
