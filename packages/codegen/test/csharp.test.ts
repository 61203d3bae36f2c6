import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentHeader } from "../src/language.js";
import { csharpBindings } from "../src/languages/csharp/index.js";
import { csharpInterpolatedContent, csharpString } from "../src/languages/csharp/names.js";
import { fieldPresence } from "../src/languages/jvm-apple-dotnet-shared/field-presence.js";
import { markdownHeader } from "../src/languages/jvm-apple-dotnet-shared/header.js";
import { declarationBlock, delimiterBalance } from "../src/languages/jvm-apple-dotnet-shared/source-structure.js";
import { sumCases } from "../src/languages/jvm-apple-dotnet-shared/sum-cases.js";
import { VIEW_ROOT } from "../src/view.js";
import { escaped, passOutput } from "./support/structural.js";
import { REGENERATE, differingFromCheckedIn } from "./support/checked-in.js";

// Structural checks on the C# pass's output. No .NET toolchain runs here or
// in CI, so these checks stand in for the compiler.

const { model, files, file, expectedNames: EXPECTED_NAMES, isInlineEnumerationName, tagsOf } = await passOutput(csharpBindings);
const source = file("Protocol.cs");

/** The block of a declaration in the namespace, by its opening line. */
function declaration(line: string): string {
  const block = declarationBlock(source, new RegExp(`^    ${escaped(line)}$`, "m"));
  if (block === undefined) throw new Error(`no declaration ${line}`);
  return block;
}

describe("the C# files", () => {
  it("are the source and its README", () => {
    expect([...files.keys()].sort()).toEqual(["Protocol.cs", "README.md"]);
  });

  it("start with the header, enable nullable references, and end with one newline", () => {
    expect(source.startsWith(`${commentHeader("//")}\n#nullable enable\n`)).toBe(true);
    expect(file("README.md").startsWith(markdownHeader())).toBe(true);
    for (const [path, content] of files) expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
  });

  it("are the checked-in files, byte for byte, so the same on every run", () => {
    expect(differingFromCheckedIn(csharpBindings, files), REGENERATE).toEqual([]);
  });

  it("balance their braces, parentheses and brackets", () => {
    expect(delimiterBalance(source)).toEqual({ braces: 0, parentheses: 0, brackets: 0 });
  });

  it("name no generator tool and leave no view root or placeholder", () => {
    expect(source).not.toMatch(/quicktype/i);
    expect(source).not.toContain(VIEW_ROOT);
    for (const union of model.unions) expect(source, union.name).not.toMatch(new RegExp(`^    public partial class ${union.name}$`, "m"));
  });

  it("put every declaration in the namespace, after the global aliases", () => {
    const namespace = source.indexOf("\nnamespace AppServerProtocol\n{\n");
    expect(namespace).toBeGreaterThan(0);
    expect(source.lastIndexOf("\nglobal using ")).toBeLessThan(namespace);
    const outside = source.slice(namespace + 1).split("\n").filter((line) => /^\S/.test(line));
    expect(outside).toEqual(["namespace AppServerProtocol", "{", "}"]);
  });
});

describe("the C# declarations", () => {
  const declared = [...source.matchAll(/^ {4}public (?:partial class|enum|abstract record|sealed class) (\w+)|^global using (\w+) =/gm)].map((match) => match[1] ?? match[2] ?? "");

  it("declare every protocol type once, under its TypeScript name", () => {
    for (const name of EXPECTED_NAMES) expect(declared.filter((candidate) => candidate === name), name).toHaveLength(1);
  });

  it("declare nothing else public but the union converters and the fields' inline enumerations", () => {
    const others = declared.filter((name) => !EXPECTED_NAMES.includes(name) && !isInlineEnumerationName(name));
    expect(others.sort()).toEqual(model.unions.map((union) => `${union.name}JsonConverter`).sort());
    expect(declared).toContain("StreamJsonControlResponseLineType");
  });

  it("attach each enum's converter to the enum", () => {
    for (const match of source.matchAll(/^ {4}public enum (\w+) \{/gm)) {
      const name = match[1] ?? "";
      expect(source, name).toContain(`    [JsonConverter(typeof(${name}Converter))]\n    public enum ${name} {`);
      expect(source, name).toContain(`    internal class ${name}Converter : JsonConverter<${name}>\n`);
    }
  });

  it("refer only to types they declare or .NET has", () => {
    const spelled = [...source.matchAll(/^ {8}public (.+?) \w+ \{ get; set; \}|^ {8}public sealed record \w+\((.+) Value\)|^global using \w+ = (.+);$/gm)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
    const referenced = new Set(spelled.flatMap((type) => type.replace(/\b(?:global::)?(?:AppServerProtocol|System\.Collections\.Generic|System)\./g, "").match(/\b[A-Z]\w*/g) ?? []));
    const known = new Set([...declared, "List", "Dictionary", "Nullable", "String", "Int64", "Double", "Boolean", "Object"]);
    expect([...referenced].filter((name) => !known.has(name))).toEqual([]);
    expect(referenced.size).toBeGreaterThan(200);
  });

  it("declare the aliases as global using directives", () => {
    expect(source).toContain("global using SessionForkResult = AppServerProtocol.SessionRecord;\n");
    expect(source).toContain("global using McpServerSource = AppServerProtocol.McpServerSourcePlugin;\n");
    expect(source).toContain("global using SessionListResult = System.Collections.Generic.List<AppServerProtocol.SessionSummary>;\n");
    expect(source).toContain("global using AgentPermissionMode = AppServerProtocol.PermissionMode;\n");
    expect(source).toContain("global using EmptyParams = System.Collections.Generic.Dictionary<string, object>;\n");
  });
});

describe("each C# union", () => {
  it.each(model.unions.map((union) => [union.name, union] as const))("%s is a closed record hierarchy with a converter for its wire form", (_name, union) => {
    expect(source).toContain(`    [JsonConverter(typeof(${union.name}JsonConverter))]\n    public abstract record ${union.name}\n`);
    const base = declaration(`public abstract record ${union.name}`);
    expect(base).toContain(`        private ${union.name}() { }\n`);
    const converter = declaration(`public sealed class ${union.name}JsonConverter : JsonConverter<${union.name}>`);
    const cases = sumCases(union);
    expect([...base.matchAll(/^ {8}public sealed record (\w+)/gm)].map((match) => match[1])).toEqual(cases.map((entry) => entry.name));
    const name = csharpString(union.name);
    for (const entry of cases) {
      const variant = `${union.name}.${entry.name}`;
      if (entry.kind === "tagged") {
        const tag = union.kind === "internal" ? union.tag : "";
        expect(base).toMatch(new RegExp(`public sealed record ${entry.name}\\((?:global::AppServerProtocol\\.)?${entry.type} Value\\) : ${union.name};`));
        expect(converter).toContain(`var tag = ProtocolUnionJson.Tag(element, ${csharpString(tag)}, ${name});`);
        const read = `return new ${variant}(ProtocolUnionJson.Decode<${entry.type}>(element, options, ${name}));`;
        expect(converter).toContain(entry.fallback ? `default:\n                    ${read}` : `case ${csharpString(entry.tag)}:\n                    ${read}`);
        expect(converter).toContain(`case ${variant} variant:\n                    ProtocolUnionJson.WriteTagged(writer, ${csharpString(tag)}, ${csharpString(entry.tag)}, variant.Value, options);`);
      } else if (entry.kind === "unit") {
        expect(base).toContain(`public sealed record ${entry.name} : ${union.name};`);
        expect(converter).toContain(`case ${csharpString(entry.key)}:\n                        return new ${variant}();`);
        expect(converter).toContain(`case ${variant} _:\n                    writer.WriteStringValue(${csharpString(entry.key)});`);
      } else if (entry.kind === "keyed") {
        expect(converter).toMatch(new RegExp(`case ${escaped(csharpString(entry.key))}:\\n {20}return new ${escaped(variant)}\\(ProtocolUnionJson\\.Decode<\\w+>\\(data, options, ${escaped(name)}\\)\\);`));
        expect(converter).toContain(`case ${variant} variant:\n                    ProtocolUnionJson.WriteSingle(writer, ${csharpString(entry.key)}, variant.Value, options);`);
      } else {
        expect(base).toContain(`public sealed record ${entry.name}(global::AppServerProtocol.${entry.type} Value) : ${union.name};`);
        expect(converter).toMatch(new RegExp(`if \\(ProtocolUnionJson\\.TryDecode<${entry.type}>\\(element, options, out var (\\w+)\\)\\)\\n {12}\\{\\n {16}return new ${escaped(variant)}\\(\\1\\);`));
      }
    }
  });

  it("rejects an unknown tag, unless the union has a fallback", () => {
    expect(declaration("public sealed class AskUserAnswerValueJsonConverter : JsonConverter<AskUserAnswerValue>")).toContain('throw new JsonException($"AskUserAnswerValue: unknown kind \\"{tag}\\"");');
    expect(declaration("public sealed class AgentHookCommandJsonConverter : JsonConverter<AgentHookCommand>")).toContain(
      'default:\n                    return new AgentHookCommand.Unsupported(ProtocolUnionJson.Decode<AgentHookCommandUnsupported>(element, options, "AgentHookCommand"));',
    );
  });

  it("tries an untagged union's variants in order", () => {
    const converter = declaration("public sealed class StreamJsonResolutionJsonConverter : JsonConverter<StreamJsonResolution>");
    expect(converter.indexOf("TryDecode<AskUserResponseOutcome>")).toBeLessThan(converter.indexOf("TryDecode<StreamJsonLegacyAnswer>"));
  });
});

describe("the C# records", () => {
  const records = [...source.matchAll(/^ {4}public partial class (\w+)$/gm)].map((match) => match[1] ?? "").filter((name) => model.definitions[name] !== undefined);
  const PROPERTY = /((?:^ {8}\[[^\n]*\]\n)+)^ {8}public (.+?) (\w+) \{ get; set; \}(?: = ([^\n]+);)?$/gm;

  it.each(records.map((name) => [name] as const))("%s declares each field as its presence says", (record) => {
    const block = declaration(`public partial class ${record}`);
    const presence = fieldPresence(model, record);
    const seen = new Set<string>();
    for (const match of block.matchAll(PROPERTY)) {
      const [, attributes = "", type = "", , initial] = match;
      const json = /\[JsonPropertyName\("([^"]+)"\)\]/.exec(attributes)?.[1] ?? "";
      seen.add(json);
      const found = presence.get(json);
      if (found === undefined) throw new Error(`${record}.${json} has no presence`);
      const required = attributes.includes("[JsonRequired]");
      const omitted = attributes.includes("[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]");
      expect({ required, omitted }, json).toEqual({ required: found.presence === "required", omitted: found.presence === "when_set" });
      // A documented default makes an always-written field non-nullable and start there.
      if (initial !== undefined) expect({ presence: found.presence, documented: found.defaultJson !== undefined, nullable: type.endsWith("?") }, json).toEqual({ presence: "always", documented: true, nullable: false });
      else if (found.presence === "always" && found.defaultJson !== undefined) expect(type.endsWith("?"), json).toBe(true);
    }
    expect(seen).toEqual(new Set([...presence.keys()].filter((field) => !tagsOf(record).has(field))));
  });

  it("start an always-emitted field with a documented default there", () => {
    expect(source).toContain("        public List<string> AdditionalDirectories { get; set; } = new List<string>();\n");
    expect(source).toContain("        public BillingBasis BillingBasis { get; set; } = BillingBasis.Api;\n");
    expect(source).toContain('        public SessionStatus Status { get; set; } = ProtocolDefaults.Parse<SessionStatus>("{\\"kind\\":\\"available\\"}");\n');
  });
});

describe("the C# README", () => {
  const readme = file("README.md");

  it("says the bindings are checked structurally and not compiled in CI", () => {
    expect(readme).toContain("checked structurally only");
    expect(readme).toContain("**not compiled there**");
    expect(readme).toContain(".NET 7 or later");
  });

  it("shows decoding, a switch over every variant of a union, and encoding", () => {
    expect(readme).toContain("JsonSerializer.Deserialize<ServerMessage>(json)!");
    const union = model.unions.find((candidate) => candidate.name === "ServerMessage");
    for (const entry of union === undefined ? [] : sumCases(union)) expect(readme).toContain(`case ServerMessage.${entry.name} variant:`);
    expect(readme).toContain("JsonSerializer.Serialize<ServerMessage>(message)");
  });

  it("lists every union", () => {
    for (const union of model.unions) expect(readme).toContain(`| \`${union.name}\` |`);
  });
});

describe("C# spellings", () => {
  it("write any text without control characters as a string literal that reads back as the text", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/[\u0000-\u001f]/.test(text)),
        (text) => {
          // C#'s escapes \\ and \" mean what JSON's do.
          expect(JSON.parse(csharpString(text))).toBe(text);
        },
      ),
    );
  });

  it("keep braces out of an interpolated string's holes", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/[\u0000-\u001f]/.test(text)),
        (text) => {
          const content = csharpInterpolatedContent(text);
          expect(content.replace(/\{\{|\}\}/g, "")).not.toMatch(/[{}]/);
          expect(JSON.parse(`"${content.replace(/\{\{/g, "{").replace(/\}\}/g, "}")}"`)).toBe(text);
        },
      ),
    );
  });
});
