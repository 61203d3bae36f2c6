import { readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { layout } from "./paths.js";

/**
 * Modules of the types package that declare no wire types: the barrel, the
 * type-level view of the registry and the reference's names for renamed
 * types. Every other module's exported types get a schema.
 */
const NON_WIRE_MODULES = new Set(["index.ts", "contract-types.ts", "method-types.ts", "reference-names.ts"]);

/**
 * The compiler options the schema generator needs; with the package's own
 * NodeNext settings nullable fields lose `null` and names get mangled.
 */
export const SCHEMA_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  // The target's default library adds the DOM's declarations, which the wire
  // types never use: parsing and binding them was a fifth of this program.
  lib: ["lib.es2022.d.ts"],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  types: [],
  skipLibCheck: true,
  // The declaration rollup is emitted from this program, so one type
  // checker serves the schemas and the declarations.
  declaration: true,
  emitDeclarationOnly: true,
};

export type TypeDeclaration = ts.InterfaceDeclaration | ts.TypeAliasDeclaration;

/** The wire types of the types package, read with the compiler API. */
export interface TypeSource {
  program: ts.Program;
  checker: ts.TypeChecker;
  /** Absolute paths of the wire modules, sorted. */
  files: string[];
  /** Every exported, non-generic wire type by name, in module and source order. */
  declarations: Map<string, TypeDeclaration>;
}

function isTypeDeclaration(node: ts.Node): node is TypeDeclaration {
  return ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);
}

function isExported(node: TypeDeclaration): boolean {
  return node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) ?? false;
}

export function loadTypeSource(root: string): TypeSource {
  const dir = layout(root).typesSource;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && !NON_WIRE_MODULES.has(name))
    .sort()
    .map((name) => join(dir, name));
  // The barrel is a root too, so every module is in the program for the declaration emit.
  const program = ts.createProgram([...files, layout(root).typesEntry], SCHEMA_COMPILER_OPTIONS);
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) {
    const host: ts.FormatDiagnosticsHost = {
      getCanonicalFileName: (name) => name,
      getCurrentDirectory: () => root,
      getNewLine: () => "\n",
    };
    throw new Error(`the types package does not compile:\n${ts.formatDiagnostics(diagnostics, host)}`);
  }
  const declarations = new Map<string, TypeDeclaration>();
  for (const file of files) {
    const sourceFile = program.getSourceFile(file);
    if (sourceFile === undefined) throw new Error(`cannot read ${file}`);
    for (const statement of sourceFile.statements) {
      if (!isTypeDeclaration(statement) || !isExported(statement) || statement.typeParameters !== undefined) continue;
      const name = statement.name.text;
      if (declarations.has(name)) throw new Error(`type ${name} is exported twice`);
      declarations.set(name, statement);
    }
  }
  return { program, checker: program.getTypeChecker(), files, declarations };
}
