// generated/csharp/README.md: how to use the C# bindings, and what is checked.
import type { BindingsModel } from "../../model.js";
import { markdownHeader } from "../jvm-apple-dotnet-shared/header.js";
import { structuralCheckStatement, unionNamed, unionTable } from "../jvm-apple-dotnet-shared/readme.js";
import { sumCases } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { CSHARP_NAMESPACE } from "./names.js";

function switchExample(model: BindingsModel): string[] {
  const union = unionNamed(model, "ServerMessage");
  const cases = sumCases(union).flatMap((entry) => (entry.kind === "tagged" ? [`    case ServerMessage.${entry.name} variant: // variant.Value is a ${entry.type}`, "        Console.WriteLine(variant.Value);", "        break;"] : []));
  return ["var message = JsonSerializer.Deserialize<ServerMessage>(json)!;", "switch (message)", "{", ...cases, "}"];
}

export function csharpReadme(model: BindingsModel): string {
  return `${markdownHeader()}
# C# bindings

\`Protocol.cs\` declares every type of app-server protocol 1.0 as C# types for System.Text.Json,
in namespace \`${CSHARP_NAMESPACE}\`, generated from \`schemas/protocol.schema.json\`.

${structuralCheckStatement("C#", "packages/codegen/test/csharp.test.ts")}

## Requirements

- .NET 7 or later (C# 11): \`[JsonRequired]\` needs System.Text.Json 7, the aliases are C# 10
  \`global using\` directives, the unions C# 9 records.
- No package beyond the framework. Compile the file into your project: the aliases apply to the
  project that compiles it.

## Decode, switch, encode

\`\`\`csharp
using System;
using System.Text.Json;
using ${CSHARP_NAMESPACE};

${switchExample(model).join("\n")}

var encoded = JsonSerializer.Serialize<ServerMessage>(message);
\`\`\`

No \`JsonSerializerOptions\` are needed: every union and enum carries its converter. Do not set
\`DefaultIgnoreCondition\`, which would drop the \`null\`s the protocol always writes. Serialize a
union through its own type (\`Serialize<ServerMessage>\`): a variant record alone would be written
as a plain record.

## How the protocol maps to C#

- Records are \`partial class\`es with \`[JsonPropertyName]\` for the wire names and
  \`[JsonRequired]\` on required fields; arrays are \`List<T>\`. Enumerations are \`enum\`s whose
  \`[JsonConverter]\` maps the wire spellings. Type names are the TypeScript names; an inline
  enumeration of a field is named \`<Record><Field>\` (\`StreamJsonControlResponseLineType\`).
  Properties are PascalCase. Nullable reference types are enabled.
- Integers are \`long\`, numbers \`double\`, opaque JSON \`object\` (read as \`JsonElement\`).
- Each union is an \`abstract record\` whose only constructor is private, with a \`sealed record\`
  per variant nested in it (\`ServerMessage.Request\`, its data in \`Value\`; a unit variant of an
  external union has no data), and a \`JsonConverter\` (\`ServerMessageJsonConverter\`) attached to
  the base record. \`[JsonPolymorphic]\` is not used: it needs the tag to be the first property and
  has no fallback, no external and no untagged form. An internally tagged union owns its tag (the
  variant classes have no tag property), an unknown tag of \`AgentHookCommand\` reads as
  \`Unsupported\`, an external union reads a bare string or an object with one key, an untagged
  union takes the first variant that decodes.
- Presence: System.Text.Json writes every property, \`null\` included. A field the reference
  omits when unset has \`[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]\`. A field
  the reference always writes is written as \`null\` when unset, or, when the schema documents a
  default (\`[]\`, \`false\`, \`"api"\`), is non-nullable and starts at that default, which an absent
  field also reads as.
- Aliases are \`global using\` directives at the top of the file: \`SessionForkResult\` is
  \`SessionRecord\`, \`McpServerSource\`, enums the generator merged into an identical one
  (\`AgentPermissionMode\` is \`PermissionMode\`), and the named lists (\`SessionListResult\` is
  \`List<SessionSummary>\`). \`Int32\`, \`Uint64\` and the like are spelled \`long\`, \`NoData\` is \`null\`.
- Generator options: System.Text.Json, attributes only (no \`FromJson\`/\`ToJson\` helpers),
  \`List<T>\`, \`double\`, \`object\` for any JSON, required properties checked.

## Unions

${unionTable(model, (union, entry) => `${union.name}.${entry.name}`)}
`;
}
