// generated/kotlin/README.md: how to use the Kotlin bindings, and what is checked.
import type { BindingsModel } from "../../model.js";
import { markdownHeader } from "../jvm-apple-dotnet-shared/header.js";
import { structuralCheckStatement, unionNamed, unionTable } from "../jvm-apple-dotnet-shared/readme.js";
import { sumCases } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { KOTLIN_PACKAGE } from "./names.js";

function whenExample(model: BindingsModel): string[] {
  const union = unionNamed(model, "ServerMessage");
  const branches = sumCases(union).flatMap((entry) => (entry.kind === "tagged" ? [`    is ServerMessage.${entry.name} -> println(message.value) // ${entry.type}`] : []));
  return ["val message = ProtocolJson.decodeFromString<ServerMessage>(text)", "when (message) {", ...branches, "}"];
}

export function kotlinReadme(model: BindingsModel): string {
  return `${markdownHeader()}
# Kotlin bindings

\`Protocol.kt\` declares every type of app-server protocol 1.0 as Kotlin types for
kotlinx.serialization, in package \`${KOTLIN_PACKAGE}\`, generated from \`schemas/protocol.schema.json\`.

${structuralCheckStatement("Kotlin", "packages/codegen/test/kotlin.test.ts")}

## Requirements

- Kotlin 1.9 or later (the unit variants are \`data object\`s) with the serialization compiler
  plugin (\`plugin.serialization\`), on the JVM or any other Kotlin target.
- \`org.jetbrains.kotlinx:kotlinx-serialization-json\` 1.6 or later. The file opts in to
  \`ExperimentalSerializationApi\` for \`@EncodeDefault\`.

## Decode, switch, encode

\`\`\`kotlin
import ${KOTLIN_PACKAGE}.*
import kotlinx.serialization.decodeFromString
import kotlinx.serialization.encodeToString

${whenExample(model).join("\n")}

val encoded = ProtocolJson.encodeToString<ServerMessage>(message)
\`\`\`

\`ProtocolJson\` is \`Json { ignoreUnknownKeys = true }\`: the protocol lets either side add fields.
A \`Json\` of your own works too if it keeps \`explicitNulls\` on (the default). Encode a union
through its own type (\`encodeToString<ServerMessage>\`): a variant class alone has no serializer.

## How the protocol maps to Kotlin

- Records are \`@Serializable data class\`es with \`@SerialName\` for the wire names; enumerations
  are \`@Serializable enum class\`es. Type names are the TypeScript names; an inline enumeration
  of a field is named \`<Record><Field>\` (\`StreamJsonControlResponseLineType\`). Properties are
  lowerCamelCase.
- Integers are \`Long\`, numbers \`Double\`, opaque JSON \`JsonElement\` (\`JsonObject\` for an
  open object).
- Each union is a \`sealed class\` with a subclass per variant holding the variant's data in
  \`value\` (a unit variant of an external union is a \`data object\`), and a serializer object
  (\`ServerMessageSerializer\`) attached with \`@Serializable(with = ...)\`. It reads the JSON tree:
  an internally tagged union owns its tag (the variant classes have no tag field), an unknown tag
  of \`AgentHookCommand\` reads as \`Unsupported\`, an external union reads a bare string or an object
  with one key, an untagged union takes the first variant that decodes.
- Presence does not depend on \`encodeDefaults\`: \`@EncodeDefault\` pins it per field. A required
  field has no default. A field the reference always writes is written even when unset: as its
  documented default (the property is non-null and starts there: \`= emptyList()\`, \`= false\`,
  \`= BillingBasis.API\`), or as \`null\`. A field the reference omits when unset is nullable,
  starts at \`null\` and is left out while \`null\`.
- Aliases are \`typealias\`es: \`SessionForkResult = SessionRecord\`, \`McpServerSource\`, enums the
  generator merged into an identical one (\`AgentPermissionMode = PermissionMode\`), and the named
  lists (\`SessionListResult = List<SessionSummary>\`). \`Int32\`, \`Uint64\` and the like are spelled
  \`Long\`, \`NoData\` is \`null\`.
- Generator options: framework kotlinx, package \`${KOTLIN_PACKAGE}\`.

## Unions

${unionTable(model, (union, entry) => `${union.name}.${entry.name}`)}
`;
}
