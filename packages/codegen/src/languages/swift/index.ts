// The Swift bindings: Codable structs and enums from quicktype, each union
// an enum with associated values, written to generated/swift/.
import type { LanguageBindings } from "../../language.js";
import { runQuicktype } from "../../quicktype.js";
import { withProtocolHeader } from "../jvm-apple-dotnet-shared/header.js";
import { protocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import { swiftReadme } from "./readme.js";
import { ProtocolSwiftLanguage } from "./renderer.js";

/**
 * Public structs (so the file can live in its own module) with explicit
 * coding keys, no convenience initializers (`JSONDecoder` and
 * `JSONEncoder` are the API), and no `Hashable`/`Equatable`, which the
 * types holding arbitrary JSON (`JSONAny`) cannot synthesize.
 */
export const SWIFT_RENDERER_OPTIONS = {
  "just-types": false,
  initializers: false,
  "coding-keys": true,
  "access-level": "public",
  "struct-or-class": "struct",
  density: "normal",
};

export const swiftBindings: LanguageBindings = {
  directory: "swift",
  async generate(model) {
    const pass = protocolPass(model);
    const source = await runQuicktype(pass.view, { language: new ProtocolSwiftLanguage(pass), rendererOptions: SWIFT_RENDERER_OPTIONS, leadingComments: [] });
    return new Map([
      ["Protocol.swift", withProtocolHeader(source, "//")],
      ["README.md", swiftReadme(model)],
    ]);
  },
};
