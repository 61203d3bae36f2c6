// Declarations the C# union converters and record defaults rely on, and the
// protocol names quicktype does not declare, as `global using` aliases.
import type { AliasDeclaration, AliasShape } from "../jvm-apple-dotnet-shared/extra-aliases.js";
import { descriptionLines } from "../jvm-apple-dotnet-shared/lines.js";
import { CSHARP_NAMESPACE, csharpPayloadType } from "./names.js";

export const CSHARP_SUPPORT: readonly string[] = [
  "/// <summary>",
  "/// The JSON steps every union converter shares.",
  "/// </summary>",
  "internal static class ProtocolUnionJson",
  "{",
  "    public static string Tag(JsonElement element, string tag, string union)",
  "    {",
  "        if (element.ValueKind != JsonValueKind.Object)",
  "        {",
  '            throw new JsonException($"{union}: expected a JSON object");',
  "        }",
  "        if (!element.TryGetProperty(tag, out var value) || value.ValueKind != JsonValueKind.String)",
  "        {",
  '            throw new JsonException($"{union}: expected a string \\"{tag}\\"");',
  "        }",
  "        return value.GetString()!;",
  "    }",
  "",
  "    public static T Decode<T>(JsonElement element, JsonSerializerOptions options, string union)",
  "    {",
  "        var value = element.Deserialize<T>(options);",
  "        if (value is null)",
  "        {",
  '            throw new JsonException($"{union}: a variant cannot be null");',
  "        }",
  "        return value;",
  "    }",
  "",
  "    /// <summary>",
  "    /// Decodes a variant of an untagged union. Any failure means \"not this variant\": the enum",
  "    /// converters report an unknown value with a plain <see cref=\"Exception\"/>.",
  "    /// </summary>",
  "    public static bool TryDecode<T>(JsonElement element, JsonSerializerOptions options, [System.Diagnostics.CodeAnalysis.MaybeNullWhen(false)] out T value)",
  "    {",
  "        try",
  "        {",
  "            value = Decode<T>(element, options, typeof(T).Name);",
  "            return true;",
  "        }",
  "        catch (Exception)",
  "        {",
  "            value = default;",
  "            return false;",
  "        }",
  "    }",
  "",
  "    public static (string Key, JsonElement Value) Single(JsonElement element, string union)",
  "    {",
  "        if (element.ValueKind == JsonValueKind.Object)",
  "        {",
  "            var count = 0;",
  "            var only = default(JsonProperty);",
  "            foreach (var property in element.EnumerateObject())",
  "            {",
  "                only = property;",
  "                count += 1;",
  "            }",
  "            if (count == 1)",
  "            {",
  "                return (only.Name, only.Value);",
  "            }",
  "        }",
  '        throw new JsonException($"{union}: expected an object with exactly one key");',
  "    }",
  "",
  "    /// <summary>",
  "    /// The union's tag, then the variant record's own fields (the record has no tag).",
  "    /// </summary>",
  "    public static void WriteTagged<T>(Utf8JsonWriter writer, string tag, string value, T variant, JsonSerializerOptions options)",
  "    {",
  "        writer.WriteStartObject();",
  "        writer.WriteString(tag, value);",
  "        using (var document = JsonSerializer.SerializeToDocument(variant, options))",
  "        {",
  "            foreach (var property in document.RootElement.EnumerateObject())",
  "            {",
  "                property.WriteTo(writer);",
  "            }",
  "        }",
  "        writer.WriteEndObject();",
  "    }",
  "",
  "    public static void WriteSingle<T>(Utf8JsonWriter writer, string key, T value, JsonSerializerOptions options)",
  "    {",
  "        writer.WriteStartObject();",
  "        writer.WritePropertyName(key);",
  "        JsonSerializer.Serialize(writer, value, options);",
  "        writer.WriteEndObject();",
  "    }",
  "}",
  "",
  "/// <summary>",
  "/// Reads a field's documented default from its JSON text.",
  "/// </summary>",
  "internal static class ProtocolDefaults",
  "{",
  "    public static T Parse<T>(string json) => JsonSerializer.Deserialize<T>(json)!;",
  "}",
];

/** A type as a type argument spells it. */
function typeArgument(shape: AliasShape): string {
  if ("ref" in shape) return `${CSHARP_NAMESPACE}.${shape.ref}`;
  if ("primitive" in shape) return csharpPayloadType(shape);
  if ("any" in shape) return "object";
  if ("list" in shape) return `System.Collections.Generic.List<${typeArgument(shape.list)}>`;
  if ("map" in shape) return `System.Collections.Generic.Dictionary<string, ${typeArgument(shape.map)}>`;
  // A reference type already admits null; a value type needs Nullable<T>.
  return "primitive" in shape.nullable ? `System.Nullable<${typeArgument(shape.nullable)}>` : typeArgument(shape.nullable);
}

const SYSTEM_PRIMITIVES = { string: "System.String", integer: "System.Int64", number: "System.Double", boolean: "System.Boolean" };

/** The target of a `using` alias, which (before C# 12) cannot be a keyword type. */
function aliasTarget(shape: AliasShape): string {
  if ("primitive" in shape) return SYSTEM_PRIMITIVES[shape.primitive];
  if ("any" in shape) return "System.Object";
  return typeArgument(shape);
}

/**
 * A `global using` alias for each protocol name quicktype does not declare.
 * C# has no other way to give an enum or a generic type a second name; the
 * aliases apply to the project that compiles this file.
 */
export function csharpAliases(aliases: readonly AliasDeclaration[]): string[] {
  return aliases.flatMap((alias, index) => [
    ...(index > 0 ? [""] : []),
    ...descriptionLines(alias.description).map((line) => (line === "" ? "//" : `// ${line}`)),
    `global using ${alias.name} = ${aliasTarget(alias.shape)};`,
  ]);
}
