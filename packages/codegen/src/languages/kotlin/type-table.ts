// `ProtocolTypes.kt`: every protocol type by its protocol name, with its
// serializer, so a program (a conformance runner, a transcript checker)
// decodes a value of a type it only knows by name.
import type { BindingsModel } from "../../model.js";
import type { JsonObject } from "../../schema.js";
import { indent } from "../jvm-apple-dotnet-shared/lines.js";
import { integerSerializer, scalarSerializer } from "./field-codecs.js";
import { kotlinString } from "./names.js";
import { patternSerializerName } from "./patterns.js";

/** The serializer of a definition the bindings spell as a Kotlin primitive, or `undefined` for a declared type. */
function primitiveSerializer(name: string, schema: JsonObject): string | undefined {
  if (typeof schema.type !== "string" || schema.enum !== undefined || schema.const !== undefined) return undefined;
  if (schema.type === "null") return "serializer<JsonNull>()";
  if (schema.type === "string") return typeof schema.pattern === "string" ? patternSerializerName(name) : "serializer<String>()";
  if (schema.type === "integer") return integerSerializer(schema, name);
  if (schema.type === "number") return scalarSerializer("double", schema, name);
  if (schema.type === "boolean") return scalarSerializer("bool", schema, name);
  return undefined;
}

/**
 * The serializer of each protocol type the bindings have, by protocol name
 * in name order: its declaration's, or the one of the Kotlin primitive it
 * is spelled with (`Uint32` is a range-checked `Long`, `NoData` is
 * `JsonNull`). The wrapper records of external unions are left out: their
 * union holds their data.
 */
export function kotlinTypeSerializers(model: BindingsModel): [string, string][] {
  const wrappers = new Set(model.unions.flatMap((union) => (union.kind === "external" ? union.variants.map((variant) => variant.wrapper) : [])));
  return Object.entries(model.definitions)
    .filter(([name]) => !wrappers.has(name))
    .map(([name, schema]): [string, string] => [name, primitiveSerializer(name, schema) ?? `serializer<${name}>()`])
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
}

/** `ProtocolType("Name", serializer)`: the entry of one protocol type. */
export function kotlinTypeEntry(name: string, serializer: string): string {
  return `ProtocolType(${kotlinString(name)}, ${serializer})`;
}

const PROTOCOL_TYPE: readonly string[] = [
  "/**",
  " * A protocol type known by its protocol name (`SessionRecord`), with the serializer of the",
  " * Kotlin type the bindings spell it with.",
  " */",
  "class ProtocolType<T>(val name: String, val serializer: KSerializer<T>) {",
  "    /** The element read as this type; a `SerializationException` when it is not one. */",
  "    fun decode(element: JsonElement, json: Json = ProtocolJson): T = json.decodeFromJsonElement(serializer, element)",
  "",
  "    fun encode(value: T, json: Json = ProtocolJson): JsonElement = json.encodeToJsonElement(serializer, value)",
  "",
  "    /** The element read as this type and written back: what the bindings write for what they read. */",
  "    fun reencode(element: JsonElement, json: Json = ProtocolJson): JsonElement = encode(decode(element, json), json)",
  "}",
];

/** The names `ProtocolTypes.kt` declares. */
export const TYPE_TABLE_NAMES = ["ProtocolType", "ProtocolTypes"];

/**
 * A table file: the header, the package and its imports, then the body. The
 * names it declares must not be protocol types, which share the package.
 */
export function tableFile(model: BindingsModel, header: string, declares: readonly string[], body: readonly string[]): string {
  const claimed = declares.filter((name) => name in model.definitions);
  if (claimed.length > 0) throw new Error(`the protocol has types named ${claimed.join(", ")}, which the Kotlin tables declare`);
  return [header, "package appserverprotocol", "", "import kotlinx.serialization.*", "import kotlinx.serialization.json.*", "", ...body, ""].join("\n");
}

export function typeTableFile(model: BindingsModel, header: string): string {
  const entries = kotlinTypeSerializers(model).map(([name, serializer]) => `${kotlinTypeEntry(name, serializer)},`);
  return tableFile(model, header, TYPE_TABLE_NAMES, [
    ...PROTOCOL_TYPE,
    "",
    "/**",
    " * Every protocol type by its protocol name. The wrapper records of external unions",
    " * (`HookValidationStatusInvalid`) are not listed: their union holds their data.",
    " */",
    "object ProtocolTypes {",
    "    /** Every type, by protocol name, in name order. */",
    "    val byName: Map<String, ProtocolType<*>> = listOf<ProtocolType<*>>(",
    ...indent(entries, "        "),
    "    ).associateBy { it.name }",
    "",
    "    /** The type of that protocol name, or `null` when the bindings have none. */",
    "    fun lookup(name: String): ProtocolType<*>? = byName[name]",
    "}",
  ]);
}
