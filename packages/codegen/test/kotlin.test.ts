import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentHeader } from "../src/language.js";
import { fieldPresence } from "../src/languages/jvm-apple-dotnet-shared/field-presence.js";
import { markdownHeader } from "../src/languages/jvm-apple-dotnet-shared/header.js";
import { declarationBlock, delimiterBalance } from "../src/languages/jvm-apple-dotnet-shared/source-structure.js";
import { sumCases } from "../src/languages/jvm-apple-dotnet-shared/sum-cases.js";
import { kotlinBindings } from "../src/languages/kotlin/index.js";
import { kotlinDoc, kotlinString } from "../src/languages/kotlin/names.js";
import { VIEW_ROOT } from "../src/view.js";
import { escaped, passOutput } from "./support/structural.js";

// Structural checks on the Kotlin pass's output. No Kotlin toolchain runs
// here or in CI, so these checks stand in for the compiler.

const { model, files, file, expectedNames: EXPECTED_NAMES, isInlineEnumerationName, tagsOf } = await passOutput(kotlinBindings);
const source = file("Protocol.kt");

/** The block of a top-level declaration, by its opening line; a record's block is its parameter list. */
function declaration(line: string, opener = "{", closer = "}"): string {
  const block = declarationBlock(source, new RegExp(`^${escaped(line)}$`, "m"), opener, closer);
  if (block === undefined) throw new Error(`no declaration ${line}`);
  return block;
}

describe("the Kotlin files", () => {
  it("are the source and its README", () => {
    expect([...files.keys()].sort()).toEqual(["Protocol.kt", "README.md"]);
  });

  it("start with the header, then the opt-in and the package", () => {
    expect(source.startsWith(`${commentHeader("//")}\n@file:OptIn(ExperimentalSerializationApi::class)\n\npackage appserverprotocol\n`)).toBe(true);
    expect(source).toContain("\nimport kotlinx.serialization.*\nimport kotlinx.serialization.json.*\nimport kotlinx.serialization.descriptors.*\nimport kotlinx.serialization.encoding.*\n");
    expect(file("README.md").startsWith(markdownHeader())).toBe(true);
    for (const [path, content] of files) expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
  });

  it("are the same on every run", async () => {
    expect(await kotlinBindings.generate(model)).toEqual(files);
  });

  it("balance their braces, parentheses and brackets", () => {
    expect(delimiterBalance(source)).toEqual({ braces: 0, parentheses: 0, brackets: 0 });
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
    expect(others.filter((name) => !isInlineEnumerationName(name))).toEqual([]);
    expect(others).toContain("StreamJsonControlResponseLineType");
  });

  it("declare one serializer object per union, and the shared JSON support", () => {
    const objects = [...source.matchAll(/^(?:internal )?object (\w+)/gm)].map((match) => match[1] ?? "");
    expect(objects.sort()).toEqual([...model.unions.map((union) => `${union.name}Serializer`), "ProtocolUnionJson"].sort());
    expect(source).toContain("val ProtocolJson: Json = Json { ignoreUnknownKeys = true }\n");
  });

  it("refer only to types they declare or Kotlin and kotlinx.serialization have", () => {
    const spelled = [...source.matchAll(/^ +val \w+: ([^=\n]+?)(?: = [^\n]*)?,$|^ +data class \w+\(val value: ([^)]+)\)|^typealias \w+ = (.+)$/gm)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
    const referenced = new Set(spelled.flatMap((type) => type.replace(/\bappserverprotocol\./g, "").match(/\b[A-Z]\w*/g) ?? []));
    const known = new Set([...declared, "String", "Long", "Double", "Boolean", "List", "Map", "JsonElement", "JsonObject", "JsonArray"]);
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
  const FIELD = /((?:^ {4}@\w+\([^\n]*\)\n)*)^ {4}val (\w+): ([^=\n]+?)(?: = ([^\n]+))?,$/gm;

  it.each(records.map((name) => [name] as const))("%s declares each field as its presence says", (record) => {
    const block = declaration(`data class ${record}(`, "(", ")");
    const presence = fieldPresence(model, record);
    const seen = new Set<string>();
    for (const match of block.matchAll(FIELD)) {
      const [, annotations = "", property = "", type = "", initial] = match;
      const json = /@SerialName\("([^"]+)"\)/.exec(annotations)?.[1] ?? property;
      seen.add(json);
      const found = presence.get(json);
      if (found === undefined) throw new Error(`${record}.${json} has no presence`);
      const mode = /@EncodeDefault\(EncodeDefault\.Mode\.(\w+)\)/.exec(annotations)?.[1];
      if (found.presence === "required") expect({ mode, initial }, json).toEqual({ mode: undefined, initial: undefined });
      else if (found.presence === "when_set") expect({ mode, initial, nullable: type.endsWith("?") }, json).toEqual({ mode: "NEVER", initial: "null", nullable: true });
      else {
        expect(mode, json).toBe("ALWAYS");
        // A documented default makes the field non-null and start there, unless the wire allows null.
        if (type.endsWith("?")) expect(initial, json).toBe("null");
        else expect(found.defaultJson !== undefined && initial !== undefined && initial !== "null", json).toBe(true);
      }
    }
    expect(seen).toEqual(new Set([...presence.keys()].filter((field) => !tagsOf(record).has(field))));
  });

  it("start an always-emitted field with a documented default there", () => {
    expect(source).toContain("    val additionalDirectories: List<String> = emptyList(),\n");
    expect(source).toContain("    val billingBasis: BillingBasis = BillingBasis.API,\n");
    expect(source).toContain('    val status: SessionStatus = ProtocolJson.decodeFromString<SessionStatus>("{\\"kind\\":\\"available\\"}"),\n');
  });
});

describe("the Kotlin README", () => {
  const readme = file("README.md");

  it("says the bindings are checked structurally and not compiled in CI", () => {
    expect(readme).toContain("checked structurally only");
    expect(readme).toContain("**not compiled there**");
    expect(readme).toContain("Kotlin 1.9 or later");
    expect(readme).toContain("kotlinx-serialization-json` 1.6 or later");
  });

  it("shows decoding, a when over every variant of a union, and encoding", () => {
    expect(readme).toContain("ProtocolJson.decodeFromString<ServerMessage>(text)");
    const union = model.unions.find((candidate) => candidate.name === "ServerMessage");
    for (const entry of union === undefined ? [] : sumCases(union)) expect(readme).toContain(`is ServerMessage.${entry.name} ->`);
    expect(readme).toContain("ProtocolJson.encodeToString<ServerMessage>(message)");
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
