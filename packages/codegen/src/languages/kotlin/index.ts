// The Kotlin bindings: kotlinx.serialization data classes and enums from
// quicktype, each union a sealed class with its own serializer, the type and
// method tables, and the Maven build, written to generated/kotlin/.
import { commentHeader, type LanguageBindings } from "../../language.js";
import { LICENSE_TEXT } from "../../publishing.js";
import { runQuicktype } from "../../quicktype.js";
import { withProtocolHeader } from "../jvm-apple-dotnet-shared/header.js";
import { protocolPass } from "../jvm-apple-dotnet-shared/quicktype-hooks.js";
import { KotlinEnumCases } from "./enum-cases.js";
import { methodTableFile } from "./method-table.js";
import { KOTLIN_PACKAGE } from "./names.js";
import { KOTLIN_MAVEN_JVM_CONFIG, KOTLIN_SOURCES, kotlinPom } from "./pom.js";
import { kotlinReadme } from "./readme.js";
import { ProtocolKotlinLanguage } from "./renderer.js";
import { typeTableFile } from "./type-table.js";

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
    const enumCases = new KotlinEnumCases();
    const source = await runQuicktype(pass.view, { language: new ProtocolKotlinLanguage(pass, enumCases), rendererOptions: KOTLIN_RENDERER_OPTIONS, leadingComments: [] });
    const header = commentHeader("//");
    return new Map([
      [".mvn/jvm.config", KOTLIN_MAVEN_JVM_CONFIG],
      ["LICENSE", LICENSE_TEXT],
      ["pom.xml", kotlinPom()],
      ["README.md", kotlinReadme(model)],
      [`${KOTLIN_SOURCES}/Protocol.kt`, withProtocolHeader(source, "//")],
      [`${KOTLIN_SOURCES}/ProtocolMethods.kt`, methodTableFile(model, enumCases, header)],
      [`${KOTLIN_SOURCES}/ProtocolTypes.kt`, typeTableFile(model, header)],
    ]);
  },
};
