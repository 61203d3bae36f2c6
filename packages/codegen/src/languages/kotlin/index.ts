// The Kotlin bindings: kotlinx.serialization data classes and enums from
// quicktype, each union a sealed class with its own serializer, written to
// generated/kotlin/.
import type { LanguageBindings } from "../../language.js";
import { runQuicktype } from "../../quicktype.js";
import { withProtocolHeader } from "../jvm-apple-dotnet-shared/header.js";
import { protocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import { KOTLIN_PACKAGE } from "./names.js";
import { kotlinReadme } from "./readme.js";
import { ProtocolKotlinLanguage } from "./renderer.js";

/** kotlinx.serialization (multiplatform, no reflection), in the protocol's own package. */
export const KOTLIN_RENDERER_OPTIONS = {
  "just-types": false,
  framework: "kotlinx",
  package: KOTLIN_PACKAGE,
};

export const kotlinBindings: LanguageBindings = {
  directory: "kotlin",
  async generate(model) {
    const pass = protocolPass(model);
    const source = await runQuicktype(pass.view, { language: new ProtocolKotlinLanguage(pass), rendererOptions: KOTLIN_RENDERER_OPTIONS, leadingComments: [] });
    return new Map([
      ["Protocol.kt", withProtocolHeader(source, "//")],
      ["README.md", kotlinReadme(model)],
    ]);
  },
};
