// A protocol union as a Swift enum with associated values and a hand-written
// Codable conformance that reads and writes the union's own wire form.
import type { Union } from "../../unions.js";
import { descriptionLines, indent } from "../jvm-apple-dotnet-shared/lines.js";
import { isKeyed, isTagged, isUnit, sumCases, type SumCase } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { swiftCase, swiftDoc, swiftPayloadType, swiftString } from "./names.js";

/** The key type the union conformances read tags and keys with (declared in support.ts). */
const KEY = "ProtocolCodingKey";

function caseDeclaration(entry: SumCase, tagField: string | undefined): string[] {
  const name = swiftCase(entry.name);
  switch (entry.kind) {
    case "tagged":
      return [entry.fallback ? `/// Any other \`${tagField ?? ""}\`; written as ${swiftString(entry.tag)}.` : `/// \`${tagField ?? ""}\` = ${swiftString(entry.tag)}.`, `case ${name}(${entry.type})`];
    case "unit":
      return [`/// The bare string ${swiftString(entry.key)}.`, `case ${name}`];
    case "keyed":
      return [`/// An object with the single key ${swiftString(entry.key)}.`, `case ${name}(${swiftPayloadType(entry.data)})`];
    case "untagged":
      return [`case ${name}(${entry.type})`];
  }
}

function dataCorrupted(message: string): string {
  return `throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath, debugDescription: ${message}))`;
}

function internalCoding(union: Union & { kind: "internal" }, cases: readonly SumCase[]): string[] {
  const tagKey = `${KEY}(${swiftString(union.tag)})`;
  const decode: string[] = [];
  const encode: string[] = [];
  const tagged = cases.filter(isTagged);
  for (const entry of tagged) {
    const construct = `self = .${swiftCase(entry.name)}(try ${entry.type}(from: decoder))`;
    if (!entry.fallback) decode.push(`case ${swiftString(entry.tag)}:`, `    ${construct}`);
    encode.push(`case .${swiftCase(entry.name)}(let value):`, `    try container.encode(${swiftString(entry.tag)}, forKey: ${tagKey})`, "    try value.encode(to: encoder)");
  }
  const fallback = tagged.find((entry) => entry.fallback);
  decode.push("default:", fallback === undefined ? `    ${dataCorrupted(`"unknown ${union.name} ${union.tag} \\"\\(tag)\\""`)}` : `    self = .${swiftCase(fallback.name)}(try ${fallback.type}(from: decoder))`);
  return [
    "public init(from decoder: Decoder) throws {",
    `    let container = try decoder.container(keyedBy: ${KEY}.self)`,
    `    let tag = try container.decode(String.self, forKey: ${tagKey})`,
    "    switch tag {",
    ...indent(decode),
    "    }",
    "}",
    "",
    "public func encode(to encoder: Encoder) throws {",
    `    var container = encoder.container(keyedBy: ${KEY}.self)`,
    "    switch self {",
    ...indent(encode),
    "    }",
    "}",
  ];
}

function externalCoding(union: Union, cases: readonly SumCase[]): string[] {
  const units = cases.filter(isUnit);
  const keyed = cases.filter(isKeyed);
  const decode: string[] = [];
  if (units.length > 0) {
    decode.push(
      "if let unit = try? decoder.singleValueContainer().decode(String.self) {",
      "    switch unit {",
      ...indent(units.flatMap((entry) => [`case ${swiftString(entry.key)}:`, `    self = .${swiftCase(entry.name)}`])),
      "    default:",
      `        ${dataCorrupted(`"unknown ${union.name} \\"\\(unit)\\""`)}`,
      "    }",
      "    return",
      "}",
    );
  }
  decode.push(
    `let container = try decoder.container(keyedBy: ${KEY}.self)`,
    "guard container.allKeys.count == 1, let key = container.allKeys.first else {",
    `    ${dataCorrupted(`"${union.name}: expected ${units.length > 0 ? "a string or " : ""}an object with exactly one key"`)}`,
    "}",
    "switch key.stringValue {",
    ...keyed.flatMap((entry) => [`case ${swiftString(entry.key)}:`, `    self = .${swiftCase(entry.name)}(try container.decode(${swiftPayloadType(entry.data)}.self, forKey: key))`]),
    "default:",
    `    ${dataCorrupted(`"unknown ${union.name} \\"\\(key.stringValue)\\""`)}`,
    "}",
  );
  const encode = cases.flatMap((entry) => {
    if (entry.kind === "unit") return [`case .${swiftCase(entry.name)}:`, "    var container = encoder.singleValueContainer()", `    try container.encode(${swiftString(entry.key)})`];
    if (entry.kind === "keyed") return [`case .${swiftCase(entry.name)}(let value):`, `    var container = encoder.container(keyedBy: ${KEY}.self)`, `    try container.encode(value, forKey: ${KEY}(${swiftString(entry.key)}))`];
    return [];
  });
  return ["public init(from decoder: Decoder) throws {", ...indent(decode), "}", "", "public func encode(to encoder: Encoder) throws {", "    switch self {", ...indent(encode), "    }", "}"];
}

function untaggedCoding(union: Union, cases: readonly SumCase[]): string[] {
  const attempts = cases.flatMap((entry) =>
    entry.kind === "untagged" ? [`if let value = try? ${entry.type}(from: decoder) {`, `    self = .${swiftCase(entry.name)}(value)`, "    return", "}"] : [],
  );
  const encode = cases.flatMap((entry) => [`case .${swiftCase(entry.name)}(let value):`, "    try value.encode(to: encoder)"]);
  return [
    "/// The first variant that decodes wins.",
    "public init(from decoder: Decoder) throws {",
    ...indent(attempts),
    `    ${dataCorrupted(`"the value matches no variant of ${union.name}"`)}`,
    "}",
    "",
    "public func encode(to encoder: Encoder) throws {",
    "    switch self {",
    ...indent(encode),
    "    }",
    "}",
  ];
}

/** The enum declaration of a union, replacing quicktype's placeholder record. */
export function swiftSumType(union: Union): string[] {
  const cases = sumCases(union);
  const tagField = union.kind === "internal" ? union.tag : undefined;
  const coding = union.kind === "internal" ? internalCoding(union, cases) : union.kind === "external" ? externalCoding(union, cases) : untaggedCoding(union, cases);
  return [
    ...swiftDoc(descriptionLines(union.description)),
    `// MARK: - ${union.name}`,
    // Boxed, so a union may hold a record that holds the union again.
    `public indirect enum ${union.name}: Codable {`,
    ...indent(cases.flatMap((entry) => caseDeclaration(entry, tagField))),
    "",
    ...indent(coding),
    "}",
  ];
}
