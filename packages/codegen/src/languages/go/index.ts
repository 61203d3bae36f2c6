// The Go bindings: a module (`generated/go`) with one package, `protocol`.
// quicktype's Go renderer writes the records and enums; this pass writes the
// unions, the other protocol types, the method and type tables, the docs, and
// the tests `go test` runs in the module.
import { HEADER_LINES, type LanguageBindings } from "../../language.js";
import { LICENSE_TEXT } from "../../publishing.js";
import type { BindingsModel } from "../../model.js";
import { runQuicktype } from "../../quicktype.js";
import { CHECKER_NAMES, checkerFile } from "./checker.js";
import { checkDeclarations } from "./declarations.js";
import { exampleTest } from "./example.js";
import { GO_HEADER } from "./format.js";
import { METHOD_TABLE_NAMES, methodsFile } from "./method-table.js";
import { PACKAGE_NAME, docFile, goModFile } from "./module.js";
import { moduleTest } from "./module-test.js";
import { otherTypeNames, otherTypesFile } from "./other-types.js";
import { readmeFile } from "./readme.js";
import { schemaTableFile } from "./schema-table.js";
import { ProtocolGoTargetLanguage } from "./renderer.js";
import { SUPPORT_NAMES, supportFile } from "./support.js";
import { unionDeclaredNames, unionsFile } from "./sum-types.js";
import { TYPE_TABLE_NAMES, typeTableFile } from "./type-table.js";

async function recordsAndEnums(model: BindingsModel): Promise<string> {
  const reservedNames = [...unionDeclaredNames(model), ...otherTypeNames(model), ...METHOD_TABLE_NAMES, ...TYPE_TABLE_NAMES, ...SUPPORT_NAMES, ...CHECKER_NAMES];
  const language = new ProtocolGoTargetLanguage({ model, packageName: PACKAGE_NAME, reservedNames });
  const source = await runQuicktype(model.view, { language, rendererOptions: {}, leadingComments: HEADER_LINES });
  return source.replace(/\n+$/, "\n");
}

export const goBindings: LanguageBindings = {
  directory: "go",
  async generate(model) {
    const sources = new Map([
      ["doc.go", docFile()],
      ["types.go", await recordsAndEnums(model)],
      ["unions.go", unionsFile(model, PACKAGE_NAME)],
      ["other_types.go", otherTypesFile(model, PACKAGE_NAME)],
      ["methods.go", methodsFile(model, PACKAGE_NAME)],
      ["type_table.go", typeTableFile(model, PACKAGE_NAME)],
      ["support.go", supportFile(PACKAGE_NAME)],
      ["check.go", checkerFile(PACKAGE_NAME)],
      ["schema_table.go", schemaTableFile(model, PACKAGE_NAME)],
    ]);
    checkDeclarations(model, [...sources.values()]);
    const tests = new Map([
      ["example_test.go", exampleTest(GO_HEADER)],
      ["protocol_test.go", moduleTest(model, GO_HEADER)],
    ]);
    // pkg.go.dev shows a module only with a license at its root.
    return new Map([["go.mod", goModFile()], ["LICENSE", LICENSE_TEXT], ["README.md", readmeFile(model)], ...sources, ...tests]);
  },
};
