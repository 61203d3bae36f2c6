// The Python bindings: a pip-installable distribution (`generated/python/`)
// of one standard-library-only package, `app_server_protocol`. quicktype
// declares the records and enums, the union pass the unions, and the package
// decodes through a checker generated from the same schema the TypeScript
// validators compile.
import { commentHeader, type LanguageBindings } from "../../language.js";
import { LICENSE_TEXT } from "../../publishing.js";
import type { BindingsModel } from "../../model.js";
import { otherDeclarations } from "./declarations.js";
import { TYPED_MARKER, pyprojectFile, versionModule } from "./distribution.js";
import { protocolModule } from "./module.js";
import { readme } from "./readme.js";
import { renderDeclarations, type RenderedRecord } from "./renderer.js";
import { runtimeModules } from "./runtime.js";
import { methodsModule, schemaModule } from "./schema-table.js";
import { tablesModule } from "./tables.js";
import { typedDecodeModule } from "./typed-decode.js";
import { unionBaseDeclarations, unionClassNames, unionVariantDeclarations, variantBases } from "./unions.js";

/** The import package's directory under generated/python/. */
export const PACKAGE = "app_server_protocol";

async function packageModules(model: BindingsModel): Promise<Map<string, string>> {
  const unionNames = unionClassNames(model);
  const declarations = await renderDeclarations({ model, bases: variantBases(model), placeholders: new Set(model.unions.map((union) => union.name)) });
  const declared = new Set([...declarations.records.map((record) => record.name), ...declarations.enums, ...unionNames]);
  const others = otherDeclarations(model, declared, declarations.enums);
  const records: RenderedRecord[] = [...declarations.records, ...others.emptyRecords.map((name) => ({ name, fields: [], extra: undefined }))];
  const protocol = protocolModule({
    unionBases: unionBaseDeclarations(model),
    declarations,
    unionVariants: unionVariantDeclarations(model),
    others: others.lines,
    names: [...declared, ...others.names],
  });
  return new Map([
    ...runtimeModules(),
    ["_version.py", versionModule()],
    ["protocol.py", protocol],
    ["_schema.py", schemaModule(model)],
    ["_methods.py", methodsModule(model)],
    ["_typed_decode.py", typedDecodeModule(model)],
    ["_tables.py", tablesModule(model, records, new Map([...declarations.enums.map((name): [string, string] => [name, name]), ...others.enumAliases]))],
  ]);
}

export const pythonBindings: LanguageBindings = {
  directory: "python",
  async generate(model) {
    const header = commentHeader("#");
    const modules = await packageModules(model);
    const files = new Map<string, string>();
    for (const [module, source] of [...modules].sort(([left], [right]) => (left < right ? -1 : 1))) files.set(`${PACKAGE}/${module}`, `${header}\n${source}`);
    files.set(`${PACKAGE}/py.typed`, TYPED_MARKER);
    files.set("LICENSE", LICENSE_TEXT);
    files.set("README.md", readme(model));
    files.set("pyproject.toml", pyprojectFile(PACKAGE));
    return files;
  },
};
