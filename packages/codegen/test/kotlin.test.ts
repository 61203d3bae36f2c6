import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentHeader } from "../src/language.js";
import { fieldPresence } from "../src/languages/jvm-apple-dotnet-shared/field-presence.js";
import { integerSerializer, KotlinFieldCodecs, valueSchema } from "../src/languages/kotlin/field-codecs.js";
import { acceptsNull, propertiesOf } from "../src/schema.js";
import { markdownHeader } from "../src/languages/jvm-apple-dotnet-shared/header.js";
import { declarationBlock, delimiterBalance } from "../src/languages/jvm-apple-dotnet-shared/source-structure.js";
import { sumCases } from "../src/languages/jvm-apple-dotnet-shared/sum-cases.js";
import { kotlinBindings } from "../src/languages/kotlin/index.js";
import { kotlinDoc, kotlinString } from "../src/languages/kotlin/names.js";
import { VIEW_ROOT } from "../src/view.js";
import { escaped, passOutput } from "./support/structural.js";
import { REGENERATE, differingFromCheckedIn } from "./support/checked-in.js";

// Structural checks on the Kotlin pass's output. The compiler and the
// conformance vectors run in packages/conformance/bindings/kotlin.test.ts
// (`npm run test:bindings`), with Maven.

const { model, files, file, expectedNames: EXPECTED_NAMES, isInlineEnumerationName, tagsOf } = await passOutput(kotlinBindings);
const SOURCES = "src/main/kotlin/appserverprotocol";
const source = file(`${SOURCES}/Protocol.kt`);
const typeTable = file(`${SOURCES}/ProtocolTypes.kt`);
const methodTable = file(`${SOURCES}/ProtocolMethods.kt`);
const pom = file("pom.xml");

/** The block of a top-level declaration, by its opening line; a record's block is its parameter list. */
function declaration(line: string, opener = "{", closer = "}"): string {
  const block = declarationBlock(source, new RegExp(`^${escaped(line)}$`, "m"), opener, closer);
  if (block === undefined) throw new Error(`no declaration ${line}`);
  return block;
}

describe("the Kotlin files", () => {
  it("are the sources in Maven's layout, the type and method tables, the pom, the license and the README", () => {
    expect([...files.keys()].sort()).toEqual([".mvn/jvm.config", "LICENSE", "README.md", "pom.xml", `${SOURCES}/Protocol.kt`, `${SOURCES}/ProtocolMethods.kt`, `${SOURCES}/ProtocolTypes.kt`]);
  });

  it("start with the header, then the opt-in and the package", () => {
    expect(source.startsWith(`${commentHeader("//")}\n@file:OptIn(ExperimentalSerializationApi::class)\n\npackage appserverprotocol\n`)).toBe(true);
    for (const table of [typeTable, methodTable]) expect(table.startsWith(`${commentHeader("//")}\npackage appserverprotocol\n`)).toBe(true);
    expect(pom.startsWith(`<?xml version="1.0" encoding="UTF-8"?>\n${markdownHeader()}<project `)).toBe(true);
    expect(source).toContain("\nimport kotlinx.serialization.*\nimport kotlinx.serialization.json.*\nimport kotlinx.serialization.descriptors.*\nimport kotlinx.serialization.encoding.*\n");
    expect(file("README.md").startsWith(markdownHeader())).toBe(true);
    for (const [path, content] of files) expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
    expect(file("LICENSE").startsWith("MIT License\n")).toBe(true);
  });

  it("are the checked-in files, byte for byte, so the same on every run", () => {
    expect(differingFromCheckedIn(kotlinBindings, files), REGENERATE).toEqual([]);
  });

  it("balance their braces, parentheses and brackets", () => {
    for (const kotlin of [source, typeTable, methodTable]) expect(delimiterBalance(kotlin)).toEqual({ braces: 0, parentheses: 0, brackets: 0 });
  });

  it("open no comment inside a documentation comment (Kotlin block comments nest)", () => {
    for (const line of source.split("\n").filter((text) => /^\s*\* /.test(text))) expect(line).not.toMatch(/\/\*|\*\//);
  });

  it("name no generator tool and leave no view root or placeholder", () => {
    expect(source).not.toMatch(/quicktype/i);
    expect(source).not.toContain(VIEW_ROOT);
    for (const union of model.unions) expect(source, union.name).not.toMatch(new RegExp(`^(?:data )?class ${union.name}\\b`, "m"));
  });
});

describe("the Kotlin declarations", () => {
  const declared = [...source.matchAll(/^(?:data class|class|enum class|sealed class|typealias) (\w+)/gm)].map((match) => match[1] ?? "");

  it("declare every protocol type once, under its TypeScript name", () => {
    for (const name of EXPECTED_NAMES) expect(declared.filter((candidate) => candidate === name), name).toHaveLength(1);
  });

  it("declare no other type but the fields' inline enumerations", () => {
    const others = declared.filter((name) => !EXPECTED_NAMES.includes(name));
    expect(others.filter((name) => !isInlineEnumerationName(name))).toEqual(["Tristate"]);
    expect(others).toContain("StreamJsonControlResponseLineType");
  });

  it("declare one serializer object per union, the scalar and field serializers, and the shared JSON support", () => {
    const objects = [...source.matchAll(/^(?:internal )?object (\w+)/gm)].map((match) => match[1] ?? "");
    const unions = model.unions.map((union) => `${union.name}Serializer`);
    const scalars = ["Int32Serializer", "Int64Serializer", "Uint32Serializer", "Uint64Serializer", "PositiveUint64Serializer", "ProtocolBooleanSerializer", "ProtocolDoubleSerializer", "ProtocolNullSerializer"];
    const fields = objects.filter((name) => /(?:NotNull|Tristate|NullAsDefault|LeftOut)Serializer$/.test(name));
    const records = ["McpAnnotationsSerializer", "McpPromptSerializer"];
    const patterns = ["BootstrapThemeInputSerializer", "BootstrapEditorModeInputSerializer"];
    expect(objects.sort()).toEqual([...unions, ...scalars, ...fields, ...records, ...patterns, "ProtocolScalarJson", "ProtocolUnionJson"].sort());
    expect(fields).toContain("ClientCapabilitiesNotNullSerializer");
    expect(fields).toContain("PositiveUint64TristateSerializer");
    expect(fields).toContain("TokenUsageInputTokensNullAsDefaultSerializer");
    expect(fields).toContain("SetSessionModelParamsInheritLeftOutSerializer");
    expect(source).toContain("val ProtocolJson: Json = Json { ignoreUnknownKeys = true }\n");
  });

  it("refer only to types they declare or Kotlin and kotlinx.serialization have", () => {
    const spelled = [...source.matchAll(/^ +val \w+: ([^=\n]+?)(?: = [^\n]*)?,$|^ +data class \w+\(val value: ([^)]+)\)|^typealias \w+ = (.+)$/gm)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
    const referenced = new Set(spelled.flatMap((type) => type.replace(/\bappserverprotocol\./g, "").match(/\b[A-Z]\w*/g) ?? []));
    const known = new Set([...declared, "String", "Long", "Double", "Boolean", "List", "Map", "JsonElement", "JsonObject", "JsonArray", "Tristate"]);
    expect([...referenced].filter((name) => !known.has(name))).toEqual([]);
    expect(referenced.size).toBeGreaterThan(200);
  });

  it("declare the aliases as type aliases", () => {
    expect(source).toContain("typealias SessionForkResult = SessionRecord\n");
    expect(source).toContain("typealias McpServerSource = McpServerSourcePlugin\n");
    expect(source).toContain("typealias SessionListResult = List<SessionSummary>\n");
    expect(source).toContain("typealias LastProviderRequestResult = ProviderRequestDebugOverview?\n");
    expect(source).toContain("typealias EmptyParams = JsonObject\n");
  });
});

describe("the type and method tables", () => {
  it("list every protocol type but the external unions' wrappers once, in name order, with its serializer", () => {
    const names = [...typeTable.matchAll(/^ {8}ProtocolType\("(\w+)", /gm)].map((match) => match[1] ?? "");
    const wrappers = new Set(model.unions.flatMap((union) => (union.kind === "external" ? union.variants.map((variant) => variant.wrapper) : [])));
    expect(names).toEqual(Object.keys(model.definitions).filter((name) => !wrappers.has(name)).sort());
    expect(typeTable).toContain('        ProtocolType("SessionRecord", serializer<SessionRecord>()),\n');
    expect(typeTable).toContain('        ProtocolType("Uint32", Uint32Serializer),\n');
    expect(typeTable).toContain('        ProtocolType("NoData", serializer<JsonNull>()),\n');
    expect(typeTable).toContain('        ProtocolType("BootstrapThemeInput", BootstrapThemeInputSerializer),\n');
  });

  it("list every method in registry order, with its direction, stability, gates, params and result", () => {
    const ENTRY = /^ {8}MethodEntry\(\n {12}"([^"]+)",\n {12}MethodDirection\.(\w+),\n {12}MethodStability\.(\w+),\n {12}listOf\(([^)]*)\),\n {12}ProtocolType\("(\w+)", [^\n]+\),\n {12}(?:null|ProtocolType\("(\w+)", [^\n]+\)),\n {8}\),$/gm;
    const entries = [...methodTable.matchAll(ENTRY)].map(([, method, direction, stability, gates, params, result]) => ({ method, direction, stability, gates, params, result: result ?? null }));
    const pascal = (value: string) => value.replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase());
    const expected = model.methods.map((entry) => ({
      method: entry.method,
      direction: pascal(entry.direction),
      stability: pascal(entry.stability),
      gates: entry.requires.map((gate) => `CapabilityGate.${pascal(gate)}`).join(", "),
      params: entry.params,
      result: entry.result,
    }));
    expect(entries).toEqual(expected);
  });
});

describe("the Maven build", () => {
  it("builds the jar under its coordinates with the serialization plugin, warnings as errors", () => {
    const expected = [
      "  <groupId>dev.app-server-protocol</groupId>\n  <artifactId>app-server-protocol</artifactId>\n  <version>1.0.0</version>\n",
      "<sourceDirectory>${project.basedir}/src/main/kotlin</sourceDirectory>",
      "<kotlin.version>2.3.21</kotlin.version>",
      "<artifactId>kotlinx-serialization-json</artifactId>\n      <version>1.12.0</version>",
      "<plugin>kotlinx-serialization</plugin>",
      "<artifactId>kotlin-maven-serialization</artifactId>",
      "<arg>-Werror</arg>",
      "<kotlin.compiler.daemon>false</kotlin.compiler.daemon>",
    ];
    for (const text of expected) expect(pom).toContain(text);
    // An XML comment cannot hold two hyphens in a row.
    for (const comment of pom.match(/<!--[\s\S]*?-->/g) ?? []) expect(comment.slice(4, -3)).not.toContain("--");
  });
});

describe("the Maven build, for Maven Central", () => {
  /** The text of each `<tag>` element of `xml`, in order. */
  const elements = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => match[1]?.trim() ?? "");
  const outsideProfiles = pom.replace(/<profiles>[\s\S]*<\/profiles>/, "");

  it("names the project's URL, its license, its developers and its source control", () => {
    const project = pom.replace(/<(dependencies|build|profiles)>[\s\S]*?<\/\1>/g, "");
    expect(elements(project, "url")[0]).toBe("https://github.com/app-server-protocol/app-server-protocol");
    const [license = ""] = elements(pom, "license");
    expect(elements(license, "name")).toEqual(["MIT License"]);
    expect(elements(license, "url")).toEqual(["https://opensource.org/licenses/MIT"]);
    expect(elements(elements(pom, "developer")[0] ?? "", "name")).toEqual(["app-server-protocol contributors"]);
    const [scm = ""] = elements(pom, "scm");
    expect(elements(scm, "connection")).toEqual(["scm:git:https://github.com/app-server-protocol/app-server-protocol.git"]);
    expect(elements(scm, "developerConnection")).toEqual(["scm:git:ssh://git@github.com/app-server-protocol/app-server-protocol.git"]);
    expect(elements(scm, "url")).toEqual(["https://github.com/app-server-protocol/app-server-protocol/tree/main/generated/kotlin"]);
  });

  it("puts the license in the jar and attaches a sources jar on every build", () => {
    expect(outsideProfiles).toContain("<directory>${project.basedir}</directory>\n        <includes>\n          <include>LICENSE</include>\n        </includes>\n        <targetPath>META-INF</targetPath>");
    expect(outsideProfiles).toContain("<artifactId>maven-source-plugin</artifactId>\n        <version>3.4.0</version>");
    expect(outsideProfiles).toContain("<goal>jar-no-fork</goal>");
    expect(outsideProfiles).not.toContain("dokka");
  });

  it("attaches the javadoc jar Dokka writes in the release profile, without reaching past Maven Central", () => {
    const [profile = ""] = elements(pom, "profile");
    expect(elements(profile, "id")[0]).toBe("release");
    expect(profile).toContain("<artifactId>dokka-maven-plugin</artifactId>\n            <version>2.2.0</version>");
    expect(elements(profile, "goal")).toEqual(["javadocJar"]);
    expect(elements(profile, "phase")).toEqual(["package"]);
    expect(elements(profile, "offlineMode")).toEqual(["true"]);
  });

  it("runs Maven's JVM with the quick JIT only, which a build this short is faster with", () => {
    expect(file(".mvn/jvm.config")).toBe("-XX:TieredStopAtLevel=1\n");
  });
});

describe("each Kotlin union", () => {
  it.each(model.unions.map((union) => [union.name, union] as const))("%s is a sealed class with every variant, read and written in its wire form", (_name, union) => {
    expect(source).toContain(`@Serializable(with = ${union.name}Serializer::class)\nsealed class ${union.name} {\n`);
    const sealed = declaration(`sealed class ${union.name} {`);
    const serializer = declaration(`object ${union.name}Serializer : KSerializer<${union.name}> {`);
    const cases = sumCases(union);
    expect([...sealed.matchAll(/^ {4}data (?:class|object) (\w+)/gm)].map((match) => match[1])).toEqual(cases.map((entry) => entry.name));
    for (const entry of cases) {
      const variant = `${union.name}.${entry.name}`;
      if (entry.kind === "tagged") {
        const tag = union.kind === "internal" ? union.tag : "";
        expect(sealed).toMatch(new RegExp(`data class ${entry.name}\\(val value: (?:appserverprotocol\\.)?${entry.type}\\) : ${union.name}\\(\\)`));
        expect(serializer).toContain(entry.fallback ? `else -> ${variant}(input.json.decodeFromJsonElement<${entry.type}>(` : `${kotlinString(entry.tag)} -> ${variant}(input.json.decodeFromJsonElement<${entry.type}>(body))`);
        expect(serializer).toContain(`is ${variant} -> ProtocolUnionJson.tagged(${kotlinString(tag)}, ${kotlinString(entry.tag)}, `);
        expect(serializer).toContain(`val body = JsonObject(fields - ${kotlinString(tag)})`);
      } else if (entry.kind === "unit") {
        expect(sealed).toContain(`data object ${entry.name} : ${union.name}()`);
        expect(serializer).toContain(`${kotlinString(entry.key)} -> ${variant}\n`);
        expect(serializer).toContain(`is ${variant} -> JsonPrimitive(${kotlinString(entry.key)})`);
      } else if (entry.kind === "keyed") {
        expect(serializer).toMatch(new RegExp(`${escaped(kotlinString(entry.key))} -> ${escaped(variant)}\\(input\\.json\\.decodeFromJsonElement<\\w+>\\(data\\)\\)`));
        expect(serializer).toContain(`is ${variant} -> JsonObject(mapOf(${kotlinString(entry.key)} to output.json.encodeToJsonElement(value.value)))`);
      } else {
        expect(sealed).toContain(`data class ${entry.name}(val value: appserverprotocol.${entry.type}) : ${union.name}()`);
        expect(serializer).toContain(`ProtocolUnionJson.attempt { input.json.decodeFromJsonElement<${entry.type}>(element) }?.let { return ${variant}(it) }`);
      }
    }
  });

  it("rejects an unknown tag, unless the union has a fallback, which keeps only its own fields", () => {
    expect(declaration("object AskUserAnswerValueSerializer : KSerializer<AskUserAnswerValue> {")).toContain('else -> throw SerializationException("AskUserAnswerValue: unknown kind \\"$tag\\"")');
    expect(declaration("object AgentHookCommandSerializer : KSerializer<AgentHookCommand> {")).toContain(
      "else -> AgentHookCommand.Unsupported(input.json.decodeFromJsonElement<AgentHookCommandUnsupported>(ProtocolUnionJson.only(body, AgentHookCommandUnsupported.serializer().descriptor)))",
    );
  });

  it("tries an untagged union's variants in order", () => {
    const serializer = declaration("object StreamJsonResolutionSerializer : KSerializer<StreamJsonResolution> {");
    expect(serializer.indexOf("decodeFromJsonElement<AskUserResponseOutcome>")).toBeLessThan(serializer.indexOf("decodeFromJsonElement<StreamJsonLegacyAnswer>"));
  });
});

describe("the Kotlin records", () => {
  const records = [...source.matchAll(/^data class (\w+)\($/gm)].map((match) => match[1] ?? "").filter((name) => model.definitions[name] !== undefined);
  const KOTLIN_KEYWORDS = new Set(["as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var", "when", "while"]);
  const FIELD = /((?:^ {4}@\w+\([^\n]*\)\n)*)^ {4}val (\w+): ([^=\n]+?)(?: = ([^\n]+))?,$/gm;

  it.each(records.map((name) => [name] as const))("%s declares each field as its presence says", (record) => {
    const block = declaration(`data class ${record}(`, "(", ")");
    const presence = fieldPresence(model, record);
    const seen = new Set<string>();
    for (const match of block.matchAll(FIELD)) {
      const [, annotations = "", property = "", type = "", initial] = match;
      if (property === "extra" && block.includes("@kotlinx.serialization.Transient\n    val extra: JsonObject")) continue;
      const json = /@SerialName\("([^"]+)"\)/.exec(annotations)?.[1] ?? property;
      seen.add(json);
      const found = presence.get(json);
      if (found === undefined) throw new Error(`${record}.${json} has no presence`);
      const mode = /@EncodeDefault\(EncodeDefault\.Mode\.(\w+)\)/.exec(annotations)?.[1];
      if (found.presence === "required") expect({ mode, initial }, json).toEqual({ mode: undefined, initial: undefined });
      else if (found.presence === "when_set") expect({ mode, initial, nullable: type.endsWith("?") }, json).toEqual({ mode: "NEVER", initial: "null", nullable: true });
      else {
        // An unset field is written as null only where the wire allows null.
        const schema = propertiesOf(model.definitions[record] ?? {})[json] ?? {};
        const wireNull = acceptsNull(schema) || acceptsNull(valueSchema(model, schema)) || type === "JsonElement?";
        expect(mode, json).toBe(type.endsWith("?") && !wireNull ? "NEVER" : "ALWAYS");
        // A documented default makes the field start there, non-null unless the wire allows null, which then reads as the default too.
        const nullAsDefault = /@Serializable\(with = \w+NullAsDefaultSerializer::class\)/.test(annotations);
        if (type.endsWith("?") && !nullAsDefault) expect(initial, json).toBe("null");
        else expect(found.defaultJson !== undefined && initial !== undefined && initial !== "null", json).toBe(true);
      }
    }
    expect(seen).toEqual(new Set([...presence.keys()].filter((field) => !tagsOf(record).has(field))));
  });

  it("start an always-emitted field with a documented default there", () => {
    expect(source).toContain("    val additionalDirectories: List<String> = emptyList(),\n");
    expect(source).toContain("    val billingBasis: BillingBasis = BillingBasis.Api,\n");
    expect(source).toContain('    val status: SessionStatus = ProtocolJson.decodeFromString<SessionStatus>("{\\"kind\\":\\"available\\"}"),\n');
  });

  it.each(records.map((name) => [name] as const))("%s names its properties in Kotlin's camel case, acronyms as words, the wire name in @SerialName", (record) => {
    const block = declaration(`data class ${record}(`, "(", ")");
    for (const [, annotations = "", property = ""] of block.matchAll(FIELD)) {
      if (property === "extra" && block.includes("@kotlinx.serialization.Transient\n    val extra: JsonObject")) continue;
      const json = /@SerialName\("([^"]+)"\)/.exec(annotations)?.[1] ?? property;
      const words = json.split("_");
      const camel = [words[0] ?? "", ...words.slice(1).map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)].join("");
      // A Kotlin keyword (`if`) is prefixed with the record's name, as quicktype does.
      const expected = KOTLIN_KEYWORDS.has(camel) ? `${record.charAt(0).toLowerCase()}${record.slice(1)}${camel.charAt(0).toUpperCase()}${camel.slice(1)}` : camel;
      if (/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(json)) expect(property, `${record}.${json}`).toBe(expected);
      expect(property, `${record}.${json}`).not.toMatch(/[A-Z]{2}/);
    }
  });

  it("spell the identifiers users type most as Kotlin does", () => {
    expect(declaration("data class SessionRenameParams(", "(", ")")).toContain('    @SerialName("session_id")\n    val sessionId: String,\n');
    expect(source).toMatch(/^ {4}val baseUrl: /m);
    expect(source).toMatch(/^ {4}val optionIds: List<String>,$/m);
    expect(source).toContain('    @SerialName("streamable_http") StreamableHttp("streamable_http"),\n');
    expect(source).not.toMatch(/^ {4}val \w*ID\b/m);
  });

  const RANGES: Record<string, [number, number]> = { Int32: [-(2 ** 31), 2 ** 31 - 1], Int64: [-(2 ** 63), 2 ** 63], Uint32: [0, 2 ** 32 - 1], Uint64: [0, 2 ** 64], PositiveUint64: [1, 2 ** 64] };

  /** The scalar serializer a field's own serializer object reads values with (`... : ProtocolNotNullSerializer<Boolean>(ProtocolBooleanSerializer, ...)`), or the serializer itself. */
  function readsWith(serializer: string): string {
    return new RegExp(`^object ${serializer} : Protocol\\w+Serializer<[^\\n]*?>\\((\\w+)[,)]`, "m").exec(source)?.[1] ?? serializer;
  }

  it.each(records.map((name) => [name] as const))("%s reads each scalar strictly, an integer within its range, and rejects null where the wire does", (record) => {
    const block = declaration(`data class ${record}(`, "(", ")");
    const properties = propertiesOf(model.definitions[record] ?? {});
    for (const [, annotations = "", property = "", type = ""] of block.matchAll(FIELD)) {
      const json = /@SerialName\("([^"]+)"\)/.exec(annotations)?.[1] ?? property;
      const schema = properties[json];
      if (schema === undefined) continue;
      const serializer = /@Serializable\(with = (\w+)::class\)/.exec(annotations)?.[1] ?? "";
      const scalar = readsWith(serializer);
      const held = type.replace(/^Tristate<(.+)>\?$/, "$1").replace(/\?$/, "");
      if (held === "Long") {
        const range = RANGES[scalar.replace(/(?:NotNull|Tristate)?Serializer$/, "")];
        const value = valueSchema(model, schema);
        expect(range, `${json}: ${serializer}`).toEqual([value.minimum ?? -(2 ** 63), value.maximum ?? 2 ** 63]);
      }
      if (held === "Boolean" || held === "Double") expect(scalar, json).toMatch(new RegExp(`^(?:Protocol${held}|${held}NotNull)Serializer$`));
      if (schema.type === "null") expect({ type, serializer }, json).toEqual({ type: "JsonElement?", serializer: "ProtocolNullSerializer" });
      if (type.endsWith("?") && !acceptsNull(valueSchema(model, schema)) && !acceptsNull(schema) && held !== "JsonElement") {
        expect(serializer, json).toMatch(/(?:NotNull|Tristate|LeftOut)Serializer$/);
        if (serializer.endsWith("LeftOutSerializer")) expect(new RegExp(`^object ${serializer} : ProtocolNotNullSerializer<[^\\n]*, leftOut = \\{ `, "m").test(source), json).toBe(true);
      }
    }
  });

  it("tell a three-state field's null from its absence", () => {
    expect(declaration("data class SessionGoalSetParams(", "(", ")")).toContain(
      '    @SerialName("token_budget")\n    @Serializable(with = PositiveUint64TristateSerializer::class)\n    @EncodeDefault(EncodeDefault.Mode.NEVER)\n    val tokenBudget: Tristate<Long>? = null,\n',
    );
    expect(source).toContain("object PositiveUint64TristateSerializer : ProtocolTristateSerializer<Long>(PositiveUint64Serializer)\n");
  });

  it("keep the keys besides the fields of the records the reference flattens them into", () => {
    for (const record of ["McpAnnotations", "McpPrompt"]) {
      expect(source).toContain(`@KeepGeneratedSerializer\n@Serializable(with = ${record}Serializer::class)\ndata class ${record}(\n`);
      expect(declaration(`data class ${record}(`, "(", ")")).toMatch(/ {4}@kotlinx\.serialization\.Transient\n {4}val extra: JsonObject = JsonObject\(emptyMap\(\)\),\n\)$/);
      expect(source).toContain(`object ${record}Serializer : ProtocolExtraKeysSerializer<${record}>(${record}.generatedSerializer()) {\n`);
    }
  });
});

describe("the Kotlin README", () => {
  const readme = file("README.md");

  it("says the bindings are compiled and executed, and with which toolchain", () => {
    expect(readme).toContain("These bindings are compiled and executed: `npm run test:bindings`");
    expect(readme).not.toContain("not compiled");
    expect(readme).toContain("only Kotlin 2.3.21 with kotlinx-serialization-json 1.12.0 is tested");
    expect(readme).toContain("<artifactId>app-server-protocol</artifactId>");
  });

  it("shows decoding, a when over every variant of a union, the method and type tables, and encoding", () => {
    expect(readme).toContain("val message = ProtocolJson.decodeFromString<ClientMessage>(text)");
    const union = model.unions.find((candidate) => candidate.name === "ClientMessage");
    for (const entry of union === undefined ? [] : sumCases(union)) expect(readme).toContain(`is ClientMessage.${entry.name} ->`);
    expect(readme).toContain("ProtocolMethods.lookup(message.value.method)");
    expect(readme).toContain('ProtocolTypes.lookup("Uint32")');
    expect(readme).toContain("println(ProtocolJson.encodeToString<ClientMessage>(message))");
    expect(readme).toMatch(/It prints:\n\n```text\n[^`]+```/);
  });

  it("lists every union", () => {
    for (const union of model.unions) expect(readme).toContain(`| \`${union.name}\` |`);
  });
});

describe("Kotlin spellings", () => {
  it("write any text without control characters as a string literal with no template in it", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/[\u0000-\u001f]/.test(text)),
        (text) => {
          const literal = kotlinString(text);
          expect(literal.slice(1, -1).replace(/\\(.)/g, "$1")).toBe(text);
          expect(literal).not.toMatch(/(?:^|[^\\])(?:\\\\)*\$/);
        },
      ),
    );
  });

  it("never close a documentation comment early", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^\n]*$/), { minLength: 1 }), (lines) => {
        const body = kotlinDoc(lines).slice(1, -1).join("\n");
        expect(body).not.toContain("*/");
        expect(body).not.toContain("/*");
      }),
    );
  });
});

describe("Kotlin field serializers", () => {
  const RANGES: [number, number, string][] = [
    [-(2 ** 31), 2 ** 31 - 1, "Int32Serializer"],
    [-(2 ** 63), 2 ** 63, "Int64Serializer"],
    [0, 2 ** 32 - 1, "Uint32Serializer"],
    [0, 2 ** 64, "Uint64Serializer"],
    [1, 2 ** 64, "PositiveUint64Serializer"],
  ];

  it("name each integer range the protocol uses, and refuse any other", () => {
    for (const [minimum, maximum, name] of RANGES) expect(integerSerializer({ type: "integer", minimum, maximum }, "R.f")).toBe(name);
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (minimum, maximum) => {
        fc.pre(!RANGES.some(([low, high]) => low === minimum && high === maximum));
        expect(() => integerSerializer({ type: "integer", minimum, maximum }, "R.f")).toThrow(`R.f: no Kotlin serializer for integers from ${minimum} to ${maximum}`);
      }),
    );
  });

  it("declare one object per field type and null handling, named after the type", () => {
    const spellings = fc.constantFrom("String", "List<String>", "Map<String, Long>", "ClientCapabilities", "List<AskUserOption>");
    fc.assert(
      fc.property(fc.array(fc.record({ spelling: spellings, nulls: fc.constantFrom("rejected" as const, "three-state" as const) })), (fields) => {
        const codecs = new KotlinFieldCodecs();
        const names = fields.map(({ spelling, nulls }) => codecs.serializerOf({ kind: "class", schema: {}, spelling, nulls, where: "R.f" }));
        expect(codecs.names().sort()).toEqual([...new Set(names)].sort());
        for (const [index, { spelling, nulls }] of fields.entries()) {
          expect(names[index]).toMatch(new RegExp(`^[A-Z][A-Za-z]*${nulls === "rejected" ? "NotNull" : "Tristate"}Serializer$`));
          expect(codecs.declarations()).toContain(`object ${names[index] ?? ""} : Protocol${nulls === "rejected" ? "NotNull" : "Tristate"}Serializer<${spelling}>(serializer<${spelling}>())`);
        }
      }),
    );
    expect(new KotlinFieldCodecs().serializerOf({ kind: "bool", schema: {}, spelling: "Boolean", nulls: "plain", where: "R.f" })).toBe("ProtocolBooleanSerializer");
  });
});
