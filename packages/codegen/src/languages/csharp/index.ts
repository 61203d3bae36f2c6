// The C# bindings: System.Text.Json classes and enums from quicktype, each
// union a closed record hierarchy with its own converter, written to
// generated/csharp/.
import type { LanguageBindings } from "../../language.js";
import { runQuicktype } from "../../quicktype.js";
import { withProtocolHeader } from "../jvm-apple-dotnet-shared/header.js";
import { protocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import { CSHARP_NAMESPACE } from "./names.js";
import { csharpReadme } from "./readme.js";
import { ProtocolCSharpLanguage } from "./renderer.js";

/**
 * System.Text.Json with attributes only (no `FromJson`/`ToJson` helpers:
 * `JsonSerializer` is the API), `List<T>` for arrays, `[JsonRequired]` on
 * required properties (.NET 7+), nullable reference annotations (C# 8+),
 * and no DateOnly/TimeOnly converters (the protocol has no date types).
 */
export const CSHARP_RENDERER_OPTIONS = {
  framework: "SystemTextJson",
  namespace: CSHARP_NAMESPACE,
  "csharp-version": "8",
  "array-type": "list",
  "number-type": "double",
  "any-type": "object",
  features: "attributes-only",
  "check-required": true,
  "dateonly-timeonly-converters": false,
};

export const csharpBindings: LanguageBindings = {
  directory: "csharp",
  async generate(model) {
    const pass = protocolPass(model);
    const source = await runQuicktype(pass.view, { language: new ProtocolCSharpLanguage(pass), rendererOptions: CSHARP_RENDERER_OPTIONS, leadingComments: [] });
    return new Map([
      ["Protocol.cs", withProtocolHeader(source, "//")],
      ["README.md", csharpReadme(model)],
    ]);
  },
};
