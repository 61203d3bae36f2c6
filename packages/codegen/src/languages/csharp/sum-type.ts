// A protocol union as a closed C# record hierarchy: an abstract record whose
// only constructor is private, a sealed nested record per variant, and a
// System.Text.Json converter that reads and writes the union's wire form.
// `[JsonPolymorphic]` is not used: it needs the tag to come first in the
// object, and it has no fallback for unknown tags nor external or untagged
// forms.
import type { Union } from "../../unions.js";
import { descriptionLines, indent } from "../jvm-apple-dotnet-shared/lines.js";
import { isKeyed, isTagged, isUnit, payloadTypes, sumCases, type SumCase } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { CSHARP_NAMESPACE, csharpDoc, csharpInterpolatedContent, csharpPayloadType, csharpString } from "./names.js";

const SUPPORT = "ProtocolUnionJson";

/** The converter class of a union. */
export function csharpConverterName(union: string): string {
  return `${union}JsonConverter`;
}

function caseDocumentation(entry: SumCase, tagField: string | undefined): string[] {
  switch (entry.kind) {
    case "tagged":
      return csharpDoc([entry.fallback ? `Any other \`${tagField ?? ""}\`; written as ${csharpString(entry.tag)}.` : `\`${tagField ?? ""}\` = ${csharpString(entry.tag)}.`]);
    case "unit":
      return csharpDoc([`The bare string ${csharpString(entry.key)}.`]);
    case "keyed":
      return csharpDoc([`An object with the single key ${csharpString(entry.key)}.`]);
    case "untagged":
      return csharpDoc([`A ${entry.type}.`]);
  }
}

function baseRecord(union: Union, cases: readonly SumCase[]): string[] {
  // A nested record named like a payload type would hide that type inside the base record.
  const hidden = new Set(cases.map((entry) => entry.name));
  const payload = (type: string): string => (hidden.has(type) ? `global::${CSHARP_NAMESPACE}.${type}` : type);
  const tagField = union.kind === "internal" ? union.tag : undefined;
  const nested = cases.flatMap((entry, index) => {
    if (entry.name === "Value" || entry.name === union.name) throw new Error(`${union.name}: a variant cannot be named ${entry.name} in C#`);
    const declaration =
      entry.kind === "unit"
        ? `public sealed record ${entry.name} : ${union.name};`
        : `public sealed record ${entry.name}(${entry.kind === "keyed" ? ("ref" in entry.data ? payload(entry.data.ref) : csharpPayloadType(entry.data)) : payload(entry.type)} Value) : ${union.name};`;
    return [...(index > 0 ? [""] : []), ...caseDocumentation(entry, tagField), declaration];
  });
  return [
    ...csharpDoc(descriptionLines(union.description)),
    `[JsonConverter(typeof(${csharpConverterName(union.name)}))]`,
    `public abstract record ${union.name}`,
    "{",
    `    private ${union.name}() { }`,
    "",
    ...indent(nested),
    "}",
  ];
}

function throwUnknown(union: Union, what: string, variable: string): string {
  return `throw new JsonException($"${csharpInterpolatedContent(union.name)}: unknown ${csharpInterpolatedContent(what)} \\"{${variable}}\\"");`;
}

function internalRead(union: Union & { kind: "internal" }, cases: readonly SumCase[]): string[] {
  const tagged = cases.filter(isTagged);
  const fallback = tagged.find((entry) => entry.fallback);
  const name = csharpString(union.name);
  const construct = (entry: SumCase & { kind: "tagged" }): string => `return new ${union.name}.${entry.name}(${SUPPORT}.Decode<${entry.type}>(element, options, ${name}));`;
  return [
    `var tag = ${SUPPORT}.Tag(element, ${csharpString(union.tag)}, ${name});`,
    "switch (tag)",
    "{",
    ...indent(tagged.filter((entry) => !entry.fallback).flatMap((entry) => [`case ${csharpString(entry.tag)}:`, `    ${construct(entry)}`])),
    "    default:",
    fallback === undefined ? `        ${throwUnknown(union, union.tag, "tag")}` : `        ${construct(fallback)}`,
    "}",
  ];
}

function externalRead(union: Union, cases: readonly SumCase[]): string[] {
  const name = csharpString(union.name);
  const units = cases.filter(isUnit);
  const read: string[] = [];
  if (units.length > 0) {
    read.push(
      "if (element.ValueKind == JsonValueKind.String)",
      "{",
      "    var unit = element.GetString();",
      "    switch (unit)",
      "    {",
      ...indent(units.flatMap((entry) => [`case ${csharpString(entry.key)}:`, `    return new ${union.name}.${entry.name}();`]), "        "),
      "        default:",
      `            ${throwUnknown(union, "variant", "unit")}`,
      "    }",
      "}",
    );
  }
  read.push(
    `var (key, data) = ${SUPPORT}.Single(element, ${name});`,
    "switch (key)",
    "{",
    ...indent(cases.filter(isKeyed).flatMap((entry) => [`case ${csharpString(entry.key)}:`, `    return new ${union.name}.${entry.name}(${SUPPORT}.Decode<${csharpPayloadType(entry.data)}>(data, options, ${name}));`])),
    "    default:",
    `        ${throwUnknown(union, "variant", "key")}`,
    "}",
  );
  return read;
}

function untaggedRead(union: Union, cases: readonly SumCase[]): string[] {
  const attempts = cases.flatMap((entry, index) =>
    entry.kind === "untagged" ? [`if (${SUPPORT}.TryDecode<${entry.type}>(element, options, out var variant${index}))`, "{", `    return new ${union.name}.${entry.name}(variant${index});`, "}"] : [],
  );
  return [...attempts, `throw new JsonException(${csharpString(`the value matches no variant of ${union.name}`)});`];
}

function writeCase(union: Union, entry: SumCase, tagField: string): string[] {
  const pattern = `case ${union.name}.${entry.name}`;
  switch (entry.kind) {
    case "tagged":
      return [`${pattern} variant:`, `    ${SUPPORT}.WriteTagged(writer, ${csharpString(tagField)}, ${csharpString(entry.tag)}, variant.Value, options);`, "    return;"];
    case "unit":
      return [`${pattern} _:`, `    writer.WriteStringValue(${csharpString(entry.key)});`, "    return;"];
    case "keyed":
      return [`${pattern} variant:`, `    ${SUPPORT}.WriteSingle(writer, ${csharpString(entry.key)}, variant.Value, options);`, "    return;"];
    case "untagged":
      return [`${pattern} variant:`, "    JsonSerializer.Serialize(writer, variant.Value, options);", "    return;"];
  }
}

function converter(union: Union, cases: readonly SumCase[]): string[] {
  const read = union.kind === "internal" ? internalRead(union, cases) : union.kind === "external" ? externalRead(union, cases) : untaggedRead(union, cases);
  return [
    ...csharpDoc([`Reads and writes ${union.name} in its wire form.`]),
    `public sealed class ${csharpConverterName(union.name)} : JsonConverter<${union.name}>`,
    "{",
    `    public override ${union.name} Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options)`,
    "    {",
    "        using var document = JsonDocument.ParseValue(ref reader);",
    "        var element = document.RootElement;",
    ...indent(read, "        "),
    "    }",
    "",
    `    public override void Write(Utf8JsonWriter writer, ${union.name} value, JsonSerializerOptions options)`,
    "    {",
    "        switch (value)",
    "        {",
    ...indent(cases.flatMap((entry) => writeCase(union, entry, union.kind === "internal" ? union.tag : "")), "            "),
    "            default:",
    `                throw new JsonException($"${csharpInterpolatedContent(union.name)}: unknown variant {value.GetType().Name}");`,
    "        }",
    "    }",
    "}",
  ];
}

/** The record hierarchy and converter of a union, replacing quicktype's placeholder record. */
export function csharpSumType(union: Union): string[] {
  const cases = sumCases(union);
  if (payloadTypes(cases).includes(union.name)) throw new Error(`${union.name} cannot hold itself`);
  return [...baseRecord(union, cases), "", ...converter(union, cases)];
}
