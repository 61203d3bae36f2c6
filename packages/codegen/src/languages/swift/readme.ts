// generated/swift/README.md: how to use the Swift bindings, and what is checked.
import type { BindingsModel } from "../../model.js";
import { markdownHeader } from "../jvm-apple-dotnet-shared/header.js";
import { structuralCheckStatement, unionNamed, unionTable } from "../jvm-apple-dotnet-shared/readme.js";
import { sumCases } from "../jvm-apple-dotnet-shared/sum-cases.js";
import { swiftCase } from "./names.js";

function switchExample(model: BindingsModel): string[] {
  const union = unionNamed(model, "ServerMessage");
  const cases = sumCases(union).flatMap((entry) => (entry.kind === "tagged" ? [`case .${swiftCase(entry.name)}(let value): // ${entry.type}`, "    print(value)"] : []));
  return ["let message = try JSONDecoder().decode(ServerMessage.self, from: data)", "switch message {", ...cases, "}"];
}

export function swiftReadme(model: BindingsModel): string {
  return `${markdownHeader()}
# Swift bindings

\`Protocol.swift\` declares every type of app-server protocol 1.0 as Swift \`Codable\` types, generated
from \`schemas/protocol.schema.json\`.

${structuralCheckStatement("Swift", "packages/codegen/test/swift.test.ts")}

## Requirements

- Swift 5.5 or later, with Foundation's \`JSONDecoder\` and \`JSONEncoder\` and no other dependency.
- \`JSONDecoder\` must accept top-level fragments (macOS 10.15, iOS 13 and later, or
  swift-corelibs-foundation on Linux): a field's documented default is read from its JSON text.

Add the file to a target of its own (say \`AppServerProtocol\`); every declaration is \`public\`.

## Decode, switch, encode

\`\`\`swift
import Foundation

${switchExample(model).join("\n")}

let bytes = try JSONEncoder().encode(message)
\`\`\`

Unknown fields are ignored when decoding, as the protocol allows.

## How the protocol maps to Swift

- Records are \`public struct\`s with explicit \`CodingKeys\` (the wire names) and a memberwise
  \`init\`; enumerations are \`String\`-backed enums. Type names are the TypeScript names; an
  inline enumeration of a field is named \`<Record><Field>\` (\`StreamJsonControlResponseLineType\`).
  Property names are lowerCamelCase; one that is a Swift keyword is renamed (\`if\` becomes
  \`agentHookCommandCommandIf\`), its coding key keeps the wire name.
- Integers are \`Int\`, numbers \`Double\`, opaque JSON \`JSONAny\` and a field that can only be
  \`null\` \`JSONNull\` (both declared at the end of the file).
- Each union is an \`indirect enum\` (so it may hold a record that holds it again) with an
  associated value per variant and its own \`init(from:)\` and \`encode(to:)\`. An internally tagged union owns its tag: the variant structs have no tag field.
  An external union's unit variants are cases without a value. A case named like a keyword is
  escaped with backticks (\`\` .\`default\` \`\`).
- Presence: the synthesized encoder leaves out a \`nil\` optional, which is right for fields the
  reference omits when unset. A record with a field the reference always writes (a required
  nullable field, or an optional one documented as always emitted) has its own \`encode(to:)\`: it
  writes \`null\` there, or the field's documented default (\`[]\`, \`false\`, \`"api"\`) when the schema
  gives one, and still omits the other fields when \`nil\`.
- Aliases are \`typealias\`es: \`SessionForkResult = SessionRecord\`, \`McpServerSource\`, enums the generator
  merged into an identical one (\`AgentPermissionMode = PermissionMode\`), and the named lists
  (\`SessionListResult = [SessionSummary]\`). \`Int32\`, \`Uint64\` and the like are spelled \`Int\`,
  \`NoData\` is \`null\`.
- Generator options: structs (not classes), \`public\` access, explicit coding keys, no convenience
  initializers, no \`Equatable\`/\`Hashable\` (types holding \`JSONAny\` cannot synthesize them).

## Unions

${unionTable(model, (_union, entry) => `.${swiftCase(entry.name)}`)}
`;
}
