// A protocol union as a Kotlin sealed class, a subclass per variant, and a
// serializer that reads and writes the union's own wire form through the
// JSON tree (kotlinx.serialization's polymorphism cannot express external
// or untagged unions, nor a fallback for unknown tags).
import type { Union } from "../../unions.js";
import { descriptionLines, indent } from "../jvm-apple-dotnet-shared/lines.js";
import { isKeyed, isTagged, isUnit, payloadTypes, sumCases, type SumCase } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { KOTLIN_PACKAGE, kotlinDoc, kotlinPayloadType, kotlinString, kotlinStringContent } from "./names.js";

const SUPPORT = "ProtocolUnionJson";

/** The serializer object of a union. */
export function kotlinSerializerName(union: string): string {
  return `${union}Serializer`;
}

function caseDocumentation(entry: SumCase, tagField: string | undefined): string {
  switch (entry.kind) {
    case "tagged":
      return entry.fallback ? `/** Any other \`${tagField ?? ""}\`; written as ${kotlinString(entry.tag)}. */` : `/** \`${tagField ?? ""}\` = ${kotlinString(entry.tag)}. */`;
    case "unit":
      return `/** The bare string ${kotlinString(entry.key)}. */`;
    case "keyed":
      return `/** An object with the single key ${kotlinString(entry.key)}. */`;
    case "untagged":
      return `/** A ${entry.type}. */`;
  }
}

function sealedClass(union: Union, cases: readonly SumCase[]): string[] {
  // A subclass named like a payload type would hide that type inside the class body.
  const hidden = new Set(cases.map((entry) => entry.name));
  const payload = (type: string): string => (hidden.has(type) ? `${KOTLIN_PACKAGE}.${type}` : type);
  const tagField = union.kind === "internal" ? union.tag : undefined;
  const subclasses = cases.flatMap((entry) => {
    const declaration =
      entry.kind === "unit"
        ? `data object ${entry.name} : ${union.name}()`
        : `data class ${entry.name}(val value: ${entry.kind === "keyed" ? ("ref" in entry.data ? payload(entry.data.ref) : kotlinPayloadType(entry.data)) : payload(entry.type)}) : ${union.name}()`;
    return [caseDocumentation(entry, tagField), declaration];
  });
  return [...kotlinDoc(descriptionLines(union.description)), `@Serializable(with = ${kotlinSerializerName(union.name)}::class)`, `sealed class ${union.name} {`, ...indent(subclasses), "}"];
}

function internalBodies(union: Union & { kind: "internal" }, cases: readonly SumCase[]): { read: string[]; write: string[] } {
  const name = kotlinString(union.name);
  const tag = kotlinString(union.tag);
  const tagged = cases.filter(isTagged);
  const fallback = tagged.find((entry) => entry.fallback);
  const read = [
    `val fields = ${SUPPORT}.fields(input.decodeJsonElement(), ${name})`,
    `val body = JsonObject(fields - ${tag})`,
    `return when (val tag = ${SUPPORT}.tag(fields, ${tag}, ${name})) {`,
    ...indent(tagged.filter((entry) => !entry.fallback).map((entry) => `${kotlinString(entry.tag)} -> ${union.name}.${entry.name}(input.json.decodeFromJsonElement<${entry.type}>(body))`)),
    fallback === undefined
      ? `    else -> throw SerializationException("${union.name}: unknown ${kotlinStringContent(union.tag)} \\"$tag\\"")`
      : `    else -> ${union.name}.${fallback.name}(input.json.decodeFromJsonElement<${fallback.type}>(${SUPPORT}.only(body, ${fallback.type}.serializer().descriptor)))`,
    "}",
  ];
  const write = tagged.map((entry) => `is ${union.name}.${entry.name} -> ${SUPPORT}.tagged(${tag}, ${kotlinString(entry.tag)}, output.json.encodeToJsonElement(value.value), ${name})`);
  return { read, write };
}

function externalBodies(union: Union, cases: readonly SumCase[]): { read: string[]; write: string[] } {
  const name = kotlinString(union.name);
  const units = cases.filter(isUnit);
  const keyed = cases.filter(isKeyed);
  const read = ["val element = input.decodeJsonElement()"];
  if (units.length > 0) {
    read.push(
      "if (element is JsonPrimitive && element.isString) {",
      "    return when (val unit = element.content) {",
      ...indent(units.map((entry) => `${kotlinString(entry.key)} -> ${union.name}.${entry.name}`), "        "),
      `        else -> throw SerializationException("${union.name}: unknown variant \\"$unit\\"")`,
      "    }",
      "}",
    );
  }
  read.push(
    `val (key, data) = ${SUPPORT}.single(element, ${name})`,
    "return when (key) {",
    ...indent(keyed.map((entry) => `${kotlinString(entry.key)} -> ${union.name}.${entry.name}(input.json.decodeFromJsonElement<${kotlinPayloadType(entry.data)}>(data))`)),
    `    else -> throw SerializationException("${union.name}: unknown variant \\"$key\\"")`,
    "}",
  );
  const write = cases.flatMap((entry) => {
    if (entry.kind === "unit") return [`is ${union.name}.${entry.name} -> JsonPrimitive(${kotlinString(entry.key)})`];
    if (entry.kind === "keyed") return [`is ${union.name}.${entry.name} -> JsonObject(mapOf(${kotlinString(entry.key)} to output.json.encodeToJsonElement(value.value)))`];
    return [];
  });
  return { read, write };
}

function untaggedBodies(union: Union, cases: readonly SumCase[]): { read: string[]; write: string[] } {
  const read = [
    "val element = input.decodeJsonElement()",
    ...cases.flatMap((entry) => (entry.kind === "untagged" ? [`${SUPPORT}.attempt { input.json.decodeFromJsonElement<${entry.type}>(element) }?.let { return ${union.name}.${entry.name}(it) }`] : [])),
    `throw SerializationException("the value matches no variant of ${union.name}")`,
  ];
  const write = cases.map((entry) => `is ${union.name}.${entry.name} -> output.json.encodeToJsonElement(value.value)`);
  return { read, write };
}

function serializerObject(union: Union, cases: readonly SumCase[]): string[] {
  const { read, write } = union.kind === "internal" ? internalBodies(union, cases) : union.kind === "external" ? externalBodies(union, cases) : untaggedBodies(union, cases);
  const name = kotlinString(union.name);
  return [
    `/** Reads and writes ${union.name} in its wire form. */`,
    `object ${kotlinSerializerName(union.name)} : KSerializer<${union.name}> {`,
    `    override val descriptor: SerialDescriptor = buildClassSerialDescriptor(${kotlinString(`${KOTLIN_PACKAGE}.${union.name}`)})`,
    "",
    `    override fun deserialize(decoder: Decoder): ${union.name} {`,
    `        val input = ${SUPPORT}.input(decoder, ${name})`,
    ...indent(read, "        "),
    "    }",
    "",
    `    override fun serialize(encoder: Encoder, value: ${union.name}) {`,
    `        val output = ${SUPPORT}.output(encoder, ${name})`,
    "        output.encodeJsonElement(",
    "            when (value) {",
    ...indent(write, "                "),
    "            },",
    "        )",
    "    }",
    "}",
  ];
}

/** The sealed class and serializer of a union, replacing quicktype's placeholder record. */
export function kotlinSumType(union: Union): string[] {
  const cases = sumCases(union);
  if (payloadTypes(cases).includes(union.name)) throw new Error(`${union.name} cannot hold itself`);
  return [...sealedClass(union, cases), "", ...serializerObject(union, cases)];
}
