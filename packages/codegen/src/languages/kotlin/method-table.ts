// `ProtocolMethods.kt`: the method registry as a Kotlin table, so a program
// decodes a request's params or a response's data by method name.
import type { BindingsModel, MethodEntry } from "../../model.js";
import { indent } from "../jvm-apple-dotnet-shared/lines.js";
import type { KotlinEnumCases } from "./enum-cases.js";
import { kotlinString } from "./names.js";
import { kotlinTypeEntry, kotlinTypeSerializers, tableFile } from "./type-table.js";

const METHOD_ENTRY: readonly string[] = [
  "/** One method of the registry (`schemas/methods.json`). */",
  "class MethodEntry(",
  '    /** The method name, for example `"session/list"`. */',
  "    val method: String,",
  "    /** Who sends it, and whether it is answered. */",
  "    val direction: MethodDirection,",
  "    /** Stable, or experimental (a client must opt in). */",
  "    val stability: MethodStability,",
  "    /** The capability flags a client must declare before calling it, in the order the server checks them. */",
  "    val requires: List<CapabilityGate>,",
  "    /** The type of its params. */",
  "    val params: ProtocolType<*>,",
  "    /** The type of its answer's success data; `null` for a notification. */",
  "    val result: ProtocolType<*>?,",
  ") {",
  "    /**",
  "     * The params as the receiver reads them: a client request's absent or `null` params",
  "     * read as `{}` (spec 1.7); a notification's or server request's are required.",
  "     */",
  "    fun paramsElement(params: JsonElement?): JsonElement =",
  "        if (direction == MethodDirection.ClientRequest && (params == null || params is JsonNull)) JsonObject(emptyMap()) else params ?: JsonNull",
  "",
  "    /** The params read as [params], a value of its Kotlin type. */",
  "    fun decodeParams(params: JsonElement?, json: Json = ProtocolJson): Any? = this.params.decode(paramsElement(params), json)",
  "",
  "    /**",
  "     * A success response's data read as [result]; absent data reads as `null`, as for the",
  "     * methods whose result is `NoData`. A notification has no result.",
  "     */",
  "    fun decodeResult(data: JsonElement?, json: Json = ProtocolJson): Any? {",
  '        val type = result ?: throw SerializationException("$method is a notification, which has no result")',
  "        return type.decode(data ?: JsonNull, json)",
  "    }",
  "}",
];

function entryLines(entry: MethodEntry, enumCases: KotlinEnumCases, serializers: ReadonlyMap<string, string>): string[] {
  const typeEntry = (name: string): string => {
    const serializer = serializers.get(name);
    if (serializer === undefined) throw new Error(`${entry.method}: the bindings have no type ${name}`);
    return kotlinTypeEntry(name, serializer);
  };
  const requires = entry.requires.map((gate) => enumCases.constant("CapabilityGate", gate));
  return [
    "MethodEntry(",
    ...indent([
      `${kotlinString(entry.method)},`,
      `${enumCases.constant("MethodDirection", entry.direction)},`,
      `${enumCases.constant("MethodStability", entry.stability)},`,
      `listOf(${requires.join(", ")}),`,
      `${typeEntry(entry.params)},`,
      `${entry.result === null ? "null" : typeEntry(entry.result)},`,
    ]),
    "),",
  ];
}

/** The names `ProtocolMethods.kt` declares. */
export const METHOD_TABLE_NAMES = ["MethodEntry", "ProtocolMethods"];

export function methodTableFile(model: BindingsModel, enumCases: KotlinEnumCases, header: string): string {
  const serializers = new Map(kotlinTypeSerializers(model));
  return tableFile(model, header, METHOD_TABLE_NAMES, [
    ...METHOD_ENTRY,
    "",
    "/** Every method of the protocol, in registry order. */",
    "object ProtocolMethods {",
    "    val all: List<MethodEntry> = listOf(",
    ...indent(
      model.methods.flatMap((entry) => entryLines(entry, enumCases, serializers)),
      "        ",
    ),
    "    )",
    "",
    "    private val byName: Map<String, MethodEntry> = all.associateBy { it.method }",
    "",
    "    /** The registry entry of a method, or `null` when the protocol has no such method. */",
    "    fun lookup(method: String): MethodEntry? = byName[method]",
    "}",
  ]);
}
