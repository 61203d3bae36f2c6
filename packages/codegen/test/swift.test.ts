import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { commentHeader } from "../src/language.js";
import { fieldPresence } from "../src/languages/jvm-apple-dotnet-shared/field-presence.js";
import { markdownHeader, withProtocolHeader } from "../src/languages/jvm-apple-dotnet-shared/header.js";
import { blockFrom, declarationBlock, delimiterBalance } from "../src/languages/jvm-apple-dotnet-shared/source-structure.js";
import { sumCases } from "../src/languages/jvm-apple-dotnet-shared/sum-cases.js";
import { swiftBindings } from "../src/languages/swift/index.js";
import { lowerCamel, swiftCase, swiftString } from "../src/languages/swift/names.js";
import { VIEW_ROOT } from "../src/view.js";
import { escaped, passOutput } from "./support/structural.js";
import { REGENERATE, differingFromCheckedIn } from "./support/checked-in.js";

// Structural checks on the Swift pass's output. No Swift toolchain runs here
// or in CI, so these checks stand in for the compiler.

const { model, files, file, expectedNames: EXPECTED_NAMES, isInlineEnumerationName } = await passOutput(swiftBindings);
const source = file("Protocol.swift");

/** The block of a top-level declaration, by its opening line. */
function declaration(line: string): string {
  const block = declarationBlock(source, new RegExp(`^${escaped(line)}$`, "m"));
  if (block === undefined) throw new Error(`no declaration ${line}`);
  return block;
}

describe("the Swift files", () => {
  it("are the source and its README", () => {
    expect([...files.keys()].sort()).toEqual(["Protocol.swift", "README.md"]);
  });

  it("start with the header in their comment syntax and end with one newline", () => {
    expect(source.startsWith(`${commentHeader("//")}\nimport Foundation\n`)).toBe(true);
    expect(file("README.md").startsWith(markdownHeader())).toBe(true);
    for (const [path, content] of files) expect(content.endsWith("\n") && !content.endsWith("\n\n"), path).toBe(true);
  });

  it("are the checked-in files, byte for byte, so the same on every run", () => {
    expect(differingFromCheckedIn(swiftBindings, files), REGENERATE).toEqual([]);
  });

  it("balance their braces, parentheses and brackets", () => {
    expect(delimiterBalance(source)).toEqual({ braces: 0, parentheses: 0, brackets: 0 });
  });

  it("name no generator tool and leave no view root or placeholder", () => {
    expect(source).not.toMatch(/quicktype/i);
    expect(source).not.toContain(VIEW_ROOT);
    for (const union of model.unions) expect(source, union.name).not.toMatch(new RegExp(`^public (?:struct|class) ${union.name}\\b`, "m"));
  });
});

describe("the Swift declarations", () => {
  const declared = [...source.matchAll(/^public (?:struct|enum|indirect enum|class|typealias) (\w+)/gm)].map((match) => match[1] ?? "");

  it("declare every protocol type once, under its TypeScript name", () => {
    for (const name of EXPECTED_NAMES) expect(declared.filter((candidate) => candidate === name), name).toHaveLength(1);
  });

  it("declare nothing else but the JSON helpers and the fields' inline enumerations", () => {
    const others = declared.filter((name) => !EXPECTED_NAMES.includes(name));
    expect(others.filter((name) => !isInlineEnumerationName(name)).sort()).toEqual(["JSONAny", "JSONNull"]);
    expect(others).toContain("StreamJsonControlResponseLineType");
  });

  it("refer only to types they declare or Swift has", () => {
    const spelled = [...source.matchAll(/^ +public let \w+: (.+)$|^ +case \S+\((\w+)\)$|^public typealias \w+ = (.+)$/gm)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
    const referenced = new Set(spelled.flatMap((type) => type.match(/\b[A-Z]\w*/g) ?? []));
    const known = new Set([...declared, "String", "Int", "Double", "Bool", "Any"]);
    expect([...referenced].filter((name) => !known.has(name))).toEqual([]);
    expect(referenced.size).toBeGreaterThan(200);
  });

  it("declare the aliases as type aliases", () => {
    expect(source).toContain("public typealias SessionForkResult = SessionRecord\n");
    expect(source).toContain("public typealias McpServerSource = McpServerSourcePlugin\n");
    expect(source).toContain("public typealias SessionListResult = [SessionSummary]\n");
    expect(source).toContain("public typealias LastProviderRequestResult = ProviderRequestDebugOverview?\n");
    expect(source).toContain("public typealias EmptyParams = [String: JSONAny]\n");
  });
});

describe("each Swift union", () => {
  it.each(model.unions.map((union) => [union.name, union] as const))("%s is an enum with every variant and its wire form", (_name, union) => {
    const block = declaration(`public indirect enum ${union.name}: Codable {`);
    expect(block).toContain("public init(from decoder: Decoder) throws {");
    expect(block).toContain("public func encode(to encoder: Encoder) throws {");
    for (const entry of sumCases(union)) {
      const name = swiftCase(entry.name);
      if (entry.kind === "tagged") {
        expect(block).toContain(`    case ${name}(${entry.type})\n`);
        expect(block).toContain(`try container.encode(${swiftString(entry.tag)}, forKey: ProtocolCodingKey(${swiftString(union.kind === "internal" ? union.tag : "")}))`);
        expect(block).toContain(entry.fallback ? `default:\n            self = .${name}(try ${entry.type}(from: decoder))` : `case ${swiftString(entry.tag)}:\n            self = .${name}(try ${entry.type}(from: decoder))`);
      } else if (entry.kind === "unit") {
        expect(block).toContain(`    case ${name}\n`);
        expect(block).toContain(`case ${swiftString(entry.key)}:\n                self = .${name}\n`);
        expect(block).toContain(`try container.encode(${swiftString(entry.key)})`);
      } else if (entry.kind === "keyed") {
        expect(block).toMatch(new RegExp(`^    case ${escaped(name)}\\(\\w+\\)$`, "m"));
        expect(block).toContain(`case ${swiftString(entry.key)}:`);
        expect(block).toContain(`forKey: ProtocolCodingKey(${swiftString(entry.key)}))`);
      } else {
        expect(block).toContain(`    case ${name}(${entry.type})\n`);
        expect(block).toContain(`if let value = try? ${entry.type}(from: decoder) {`);
      }
    }
  });

  it("reads an internal union's tag and rejects an unknown one, unless it has a fallback", () => {
    const answer = declaration("public indirect enum AskUserAnswerValue: Codable {");
    expect(answer).toContain('let tag = try container.decode(String.self, forKey: ProtocolCodingKey("kind"))');
    expect(answer).toMatch(/default:\n\s+throw DecodingError/);
    const hook = declaration("public indirect enum AgentHookCommand: Codable {");
    expect(hook).toContain('default:\n            self = .unsupported(try AgentHookCommandUnsupported(from: decoder))');
    expect(hook).toContain('try container.encode("Unsupported", forKey: ProtocolCodingKey("type"))');
  });

  it("tries an untagged union's variants in order", () => {
    const block = declaration("public indirect enum StreamJsonResolution: Codable {");
    expect(block.indexOf("try? AskUserResponseOutcome(from: decoder)")).toBeLessThan(block.indexOf("try? StreamJsonLegacyAnswer(from: decoder)"));
  });

  it("escapes a case named like a keyword", () => {
    expect(declaration("public indirect enum RuntimeModelOverride: Codable {")).toContain("case `default`(RuntimeModelOverrideDefault)");
  });

  it("leaves the tag out of an internal union's variant records", () => {
    for (const union of model.unions) {
      if (union.kind !== "internal") continue;
      for (const variant of [...union.variants, ...(union.fallback === undefined ? [] : [union.fallback])]) {
        expect(declaration(`public struct ${variant.type}: Codable {`), variant.type).not.toContain(`= ${swiftString(union.tag)}\n`);
      }
    }
  });
});

describe("the Swift records", () => {
  const records = [...source.matchAll(/^public struct (\w+): Codable \{$/gm)].map((match) => match[1] ?? "").filter((name) => model.definitions[name] !== undefined);

  it.each(records.map((name) => [name] as const))("%s writes each field as its presence says", (record) => {
    const block = declaration(`public struct ${record}: Codable {`);
    const keys = new Map([...block.matchAll(/^ {8}case (\w+) = "([^"]+)"$/gm)].map((match) => [match[1] ?? "", match[2] ?? ""]));
    const optional = new Map([...block.matchAll(/^ {4}public let (\w+): (.+)$/gm)].map((match) => [match[1] ?? "", (match[2] ?? "").endsWith("?")]));
    const presence = fieldPresence(model, record);
    const tags = new Set(model.unions.flatMap((union) => (union.kind === "internal" && [...union.variants, ...(union.fallback === undefined ? [] : [union.fallback])].some((variant) => variant.type === record) ? [union.tag] : [])));
    expect(new Set(keys.values())).toEqual(new Set([...presence.keys()].filter((field) => !tags.has(field))));
    const written = (property: string, json: string): string => {
      const found = presence.get(json);
      if (found === undefined) throw new Error(`${record}.${json}`);
      if (optional.get(property) !== true) return `try container.encode(self.${property}, forKey: .${property})`;
      if (found.presence === "when_set") return `try container.encodeIfPresent(self.${property}, forKey: .${property})`;
      if (found.defaultJson !== undefined) return `try container.encodeOrDefault(self.${property}, forKey: .${property}, defaultJSON: ${swiftString(found.defaultJson)})`;
      return `try container.encodeOrNull(self.${property}, forKey: .${property})`;
    };
    const needsEncoder = [...keys].some(([property, json]) => optional.get(property) === true && presence.get(json)?.presence !== "when_set");
    const match = new RegExp(`^extension ${record} \\{$`, "m").exec(source);
    expect(match !== null, "has its own encode(to:)").toBe(needsEncoder);
    if (match === null) return;
    const encoder = blockFrom(source, match.index);
    for (const [property, json] of keys) expect(encoder).toContain(written(property, json));
  });

  it("write an always-emitted field without a value as null, or as its documented default", () => {
    expect(declaration("extension AgentHookCommandCommand {")).toContain("try container.encodeOrNull(self.timeout, forKey: .timeout)");
    expect(source).toContain('try container.encodeOrDefault(self.additionalDirectories, forKey: .additionalDirectories, defaultJSON: "[]")');
  });
});

describe("the Swift README", () => {
  const readme = file("README.md");

  it("says the bindings are checked structurally and not compiled in CI", () => {
    expect(readme).toContain("checked structurally only");
    expect(readme).toContain("**not compiled there**");
    expect(readme).toContain("Swift 5.5 or later");
  });

  it("shows decoding, a switch over every case of a union, and encoding", () => {
    expect(readme).toContain("try JSONDecoder().decode(ServerMessage.self, from: data)");
    const union = model.unions.find((candidate) => candidate.name === "ServerMessage");
    for (const entry of union === undefined ? [] : sumCases(union)) expect(readme).toContain(`case .${swiftCase(entry.name)}(let value)`);
    expect(readme).toContain("try JSONEncoder().encode(message)");
  });

  it("lists every union", () => {
    for (const union of model.unions) expect(readme).toContain(`| \`${union.name}\` |`);
  });
});

describe("Swift spellings", () => {
  it("write any text without control characters as a string literal that reads back as the text", () => {
    fc.assert(
      fc.property(
        fc.string().filter((text) => !/[\u0000-\u001f]/.test(text)),
        (text) => {
          // Swift's escapes \\ and \" mean what JSON's do.
          expect(JSON.parse(swiftString(text))).toBe(text);
        },
      ),
    );
  });

  it("lower a PascalCase name to a lowerCamelCase identifier, keywords in backticks", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Z][A-Za-z0-9]{0,12}$/), (name) => {
        const lowered = lowerCamel(name);
        expect(lowered.toLowerCase()).toBe(name.toLowerCase());
        expect(lowered).toMatch(/^[a-z]/);
        expect(swiftCase(name)).toMatch(/^(?:[a-z]\w*|`[a-z]\w*`)$/);
      }),
    );
    expect(lowerCamel("MCPServer")).toBe("mcpServer");
    expect(lowerCamel("SelectedMany")).toBe("selectedMany");
    expect(swiftCase("Default")).toBe("`default`");
  });

  it("replace any leading comment block with the header", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[^\n]*$/).map((line) => `// ${line}`)), fc.stringMatching(/^[a-z][^\n]*$/), (banner, body) => {
        expect(withProtocolHeader([...banner, "", body, ""].join("\n"), "//")).toBe(`${commentHeader("//")}\n${body}\n`);
      }),
    );
  });
});
