// generated/kotlin/README.md: how to use the Kotlin bindings, and what is checked.
import type { BindingsModel } from "../../model.js";
import { markdownHeader } from "../jvm-apple-dotnet-shared/header.js";
import { unionNamed, unionTable } from "../jvm-apple-dotnet-shared/readme.js";
import { sumCases } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { KOTLIN_PACKAGE } from "./names.js";
import { KOTLIN_ARTIFACT, KOTLIN_BUILD, KOTLIN_RELEASE_PROFILE, KOTLIN_SOURCES } from "./pom.js";

/** The README's example program and what it prints; the bindings test compiles and runs it. */
const EXAMPLE_MESSAGE = '{"type":"request","id":"req-1","method":"session/rename","params":{"session_id":"s1","new_title":"Refunds"}}';

function exampleProgram(model: BindingsModel): string[] {
  const variants = sumCases(unionNamed(model, "ClientMessage")).map((entry) => entry.name);
  if (variants.join(",") !== "Request,Response") throw new Error(`the README example switches over Request and Response, not ${variants.join(", ")}`);
  return [
    `import ${KOTLIN_PACKAGE}.*`,
    "import kotlinx.serialization.decodeFromString",
    "import kotlinx.serialization.encodeToString",
    "import kotlinx.serialization.json.JsonPrimitive",
    "",
    "fun main() {",
    `    val text = """${EXAMPLE_MESSAGE}"""`,
    "    val message = ProtocolJson.decodeFromString<ClientMessage>(text)",
    "    when (message) {",
    "        is ClientMessage.Request -> {",
    '            val method = ProtocolMethods.lookup(message.value.method) ?: error("not a method of protocol 1.0")',
    '            println("${method.method} (${method.direction}): ${method.decodeParams(message.value.params)}")',
    "        }",
    '        is ClientMessage.Response -> println("the answer to ${message.value.id}")',
    "    }",
    "    println(ProtocolJson.encodeToString<ClientMessage>(message))",
    "",
    '    val usage = ProtocolTypes.lookup("Uint32") ?: error("no such type")',
    "    println(runCatching { usage.decode(JsonPrimitive(-1)) }.exceptionOrNull()?.message)",
    "}",
  ];
}

const EXAMPLE_OUTPUT = ["session/rename (ClientRequest): SessionRenameParams(sessionId=s1, newTitle=Refunds)", EXAMPLE_MESSAGE, "Uint32: -1 is outside 0..4294967295"];

export function kotlinReadme(model: BindingsModel): string {
  const { groupId, artifactId, version } = KOTLIN_ARTIFACT;
  return `${markdownHeader()}
# Kotlin bindings

Every type of app-server protocol 1.0 as Kotlin types for kotlinx.serialization, in package
\`${KOTLIN_PACKAGE}\`, generated from \`schemas/protocol.schema.json\`, with a Maven build:

- \`${KOTLIN_SOURCES}/Protocol.kt\`: the records, enumerations, unions and aliases;
- \`ProtocolTypes.kt\`: every type by its protocol name (\`ProtocolTypes.lookup("SessionRecord")\`);
- \`ProtocolMethods.kt\`: the method registry, each method with its params and result types;
- \`pom.xml\`: the jar \`${groupId}:${artifactId}:${version}\`, with the POM Maven Central asks for
  (URL, MIT license, developers, source control), a sources jar and, in profile \`${KOTLIN_RELEASE_PROFILE}\`,
  a javadoc jar Dokka writes from the KDoc;
- \`LICENSE\`: the MIT license, also in the jar and the sources jar as \`META-INF/LICENSE\`;
- \`.mvn/jvm.config\`: Maven's JVM with the quick JIT only, which builds this in half the CPU time.

These bindings are compiled and executed: \`npm run test:bindings\`
(\`packages/conformance/bindings/kotlin.test.ts\`) builds them once per run with Maven as a
release is (\`mvn -P${KOTLIN_RELEASE_PROFILE} install\`, warnings as errors), offline once the local
repository has what the build needs; inspects the jar, the sources jar, the javadoc jar and the
POM inside the jar as Maven Central takes them; runs the example below; and runs every
conformance vector through the Kotlin runner (\`packages/conformance/runners/kotlin\`), which
depends on the installed jar and judges every case, valid and invalid; what the bindings write
for each accepted vector is compared with the TypeScript emission.
\`packages/codegen/test/kotlin.test.ts\` checks the generated source's structure and the POM.
Signing and uploading to Maven Central are not configured here: that is the publisher's own
setup (a GPG key, the Central Portal's credentials).

## Build and depend on it

\`\`\`sh
mvn -q install
\`\`\`

installs the jar and the sources jar in the local Maven repository (\`mvn -q -P${KOTLIN_RELEASE_PROFILE} install\`
adds the javadoc jar, which takes Dokka about as long as the compile); another Maven build then
depends on it:

\`\`\`xml
<dependency>
  <groupId>${groupId}</groupId>
  <artifactId>${artifactId}</artifactId>
  <version>${version}</version>
</dependency>
\`\`\`

It brings \`org.jetbrains.kotlinx:kotlinx-serialization-json\` ${KOTLIN_BUILD.serializationJson} and the Kotlin ${KOTLIN_BUILD.kotlin}
standard library. The build needs a JDK and Maven 3.6.3 or later (tested with JDK 17 and Maven 3.8.7),
and Maven Central for the Kotlin compiler, its serialization plugin and the libraries; the
classes target Java ${KOTLIN_BUILD.jvmTarget}. Using the sources in another build needs the serialization compiler
plugin, Kotlin 2.0.20 and kotlinx-serialization-json 1.7 or later (for \`@KeepGeneratedSerializer\`);
only Kotlin ${KOTLIN_BUILD.kotlin} with kotlinx-serialization-json ${KOTLIN_BUILD.serializationJson} is tested.
The files opt in to \`ExperimentalSerializationApi\` (\`@EncodeDefault\`, \`@KeepGeneratedSerializer\`).

## Decode, switch, encode

\`\`\`kotlin
${exampleProgram(model).join("\n")}
\`\`\`

It prints:

\`\`\`text
${EXAMPLE_OUTPUT.join("\n")}
\`\`\`

\`ProtocolJson\` is \`Json { ignoreUnknownKeys = true }\`: the protocol lets either side add fields.
A \`Json\` of your own works too if it keeps \`explicitNulls\` on (the default). Encode a union
through its own type (\`encodeToString<ClientMessage>\`): a variant class alone has no serializer.
Decoding fails with a \`SerializationException\` (an \`IllegalArgumentException\`).

## How the protocol maps to Kotlin

- Records are \`@Serializable data class\`es with \`@SerialName\` for the wire names; enumerations
  are \`@Serializable enum class\`es. Type names are the TypeScript names; an inline enumeration
  of a field is named \`<Record><Field>\` (\`StreamJsonControlResponseLineType\`). Properties are
  lowerCamelCase and enumeration entries UpperCamelCase, an acronym written as a word, as Kotlin
  spells it (\`sessionId\`, \`baseUrl\`, \`McpTransport.StreamableHttp\`); the wire keeps its
  own spelling through \`@SerialName\`.
- Integers are \`Long\`, numbers \`Double\`, opaque JSON \`JsonElement\` (\`JsonObject\` for an
  open object). Scalars are read as the reference reads them, not as kotlinx.serialization
  would: a number or boolean written as a string (\`"7"\`, \`"true"\`) is rejected, and an integer
  field checks its range (\`Uint32Serializer\`, \`PositiveUint64Serializer\`, ...). A \`u64\` is held
  in a \`Long\` as the JVM holds an unsigned 64-bit number: a value above 2^63 - 1 (valid on
  the wire up to 2^64 - 1) is its two's complement, a negative \`Long\` (\`toULong()\` reads it),
  and is written back unsigned. A string a pattern constrains (\`BootstrapState.theme\`) is read
  only when the pattern matches (\`BootstrapThemeInputSerializer\`); a field whose \`null\` the
  reference reads as its default (the \`TokenUsage\` counts) reads and writes the default.
- Each union is a \`sealed class\` with a subclass per variant holding the variant's data in
  \`value\` (a unit variant of an external union is a \`data object\`), and a serializer object
  (\`ServerMessageSerializer\`) attached with \`@Serializable(with = ...)\`. It reads the JSON tree:
  an internally tagged union owns its tag (the variant classes have no tag field), an unknown tag
  of \`AgentHookCommand\` reads as \`Unsupported\`, an external union reads a bare string or an object
  with one key, an untagged union takes the first variant that decodes.
- Presence does not depend on \`encodeDefaults\`: \`@EncodeDefault\` pins it per field. A required
  field has no default. A field the reference always writes is written even when unset: as its
  documented default (the property is non-null and starts there: \`= emptyList()\`, \`= false\`,
  \`= BillingBasis.Api\`), or as \`null\`. A field the reference omits when unset is nullable,
  starts at \`null\` and is left out while \`null\`; where the wire does not allow \`null\` there,
  reading \`null\` fails (\`StringNotNullSerializer\` and the like). A three-state field
  (\`SessionGoalSetParams.tokenBudget\`) is a \`Tristate<T>?\`: \`null\` while absent,
  \`Tristate.Clear\` for \`null\`, \`Tristate.Set(value)\` for a value.
- A record whose extra keys the reference keeps (\`McpAnnotations\`, \`McpPrompt\`) has them in
  \`extra\` (a \`JsonObject\`), written back after its fields.
- Aliases are \`typealias\`es: \`SessionForkResult = SessionRecord\`, \`McpServerSource\`, enums the
  generator merged into an identical one (\`AgentPermissionMode = PermissionMode\`), and the named
  lists (\`SessionListResult = List<SessionSummary>\`). \`Int32\`, \`Uint64\` and the like are spelled
  \`Long\`; \`NoData\` is \`null\` (\`JsonNull\` in \`ProtocolTypes\`).
- Generator options: framework kotlinx, package \`${KOTLIN_PACKAGE}\`.

## Unions

${unionTable(model, (union, entry) => `${union.name}.${entry.name}`)}
`;
}
