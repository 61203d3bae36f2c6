// Declarations the Swift union and presence code relies on, and the
// protocol names quicktype does not declare (aliases and named lists).
import type { AliasDeclaration, AliasShape } from "../jvm-apple-dotnet-shared/extra-aliases.js";
import { descriptionLines } from "../jvm-apple-dotnet-shared/lines.js";
import { swiftDoc, swiftPayloadType } from "./names.js";

export const SWIFT_SUPPORT: readonly string[] = [
  "// MARK: - Union and presence support",
  "",
  "/// A JSON object key known only at run time: a union's tag field or an external variant's key.",
  "struct ProtocolCodingKey: CodingKey {",
  "    let stringValue: String",
  "    let intValue: Int? = nil",
  "",
  "    init(_ stringValue: String) {",
  "        self.stringValue = stringValue",
  "    }",
  "",
  "    init?(stringValue: String) {",
  "        self.stringValue = stringValue",
  "    }",
  "",
  "    init?(intValue: Int) {",
  "        return nil",
  "    }",
  "}",
  "",
  "extension KeyedEncodingContainer {",
  "    /// Writes the value, or `null` when there is none: for fields the wire always carries.",
  "    mutating func encodeOrNull<T: Encodable>(_ value: T?, forKey key: Key) throws {",
  "        if let value = value {",
  "            try encode(value, forKey: key)",
  "        } else {",
  "            try encodeNil(forKey: key)",
  "        }",
  "    }",
  "",
  "    /// Writes the value, or the field's documented default (as JSON text) when there is none.",
  "    mutating func encodeOrDefault<T: Codable>(_ value: T?, forKey key: Key, defaultJSON: String) throws {",
  "        if let value = value {",
  "            try encode(value, forKey: key)",
  "        } else {",
  "            try encode(JSONDecoder().decode(T.self, from: Data(defaultJSON.utf8)), forKey: key)",
  "        }",
  "    }",
  "}",
];

function swiftShape(shape: AliasShape): string {
  if ("ref" in shape) return shape.ref;
  if ("primitive" in shape) return swiftPayloadType(shape);
  if ("any" in shape) return "JSONAny";
  if ("list" in shape) return `[${swiftShape(shape.list)}]`;
  if ("map" in shape) return `[String: ${swiftShape(shape.map)}]`;
  return `${swiftShape(shape.nullable)}?`;
}

/** A `typealias` for each protocol name quicktype does not declare. */
export function swiftAliases(aliases: readonly AliasDeclaration[]): string[] {
  return ["// MARK: - Aliases", ...aliases.flatMap((alias) => ["", ...swiftDoc(descriptionLines(alias.description)), `public typealias ${alias.name} = ${swiftShape(alias.shape)}`])];
}
