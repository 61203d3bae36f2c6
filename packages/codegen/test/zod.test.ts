// The typescript-zod bindings as the files of packages/zod: they are what the
// pass generates, carry the header, declare every protocol type once under its
// own name, type-check under the repository's strict settings, and their
// inferred types fit the hand-written types of @app-server-protocol/types.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { HEADER_LINES, outputRoot } from "../src/language.js";
import { bindingsModel } from "../src/model.js";
import { zodBindings } from "../src/languages/zod/index.js";
import { ZOD_PEER_RANGE, ZOD_VERSION } from "../src/languages/zod/readme.js";
import { VIEW_ROOT } from "../src/view.js";

const OUTPUT = join(REPO_ROOT, outputRoot(zodBindings));

function readDocument(path: string): JsonObject {
  const value: unknown = JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
  if (!isJsonObject(value)) throw new Error(`${path} is not a JSON object`);
  return value;
}

const model = bindingsModel(readDocument("schemas/protocol.schema.json"), readDocument("schemas/methods.json"));
const generated = await zodBindings.generate(model);
const TYPE_NAMES = Object.keys(model.definitions);

function fileOf(name: string): string {
  const content = generated.get(name);
  if (content === undefined) throw new Error(`the pass writes no ${name}`);
  return content;
}

/** Type-checks `roots` and files held in memory (by path, never written) under tsconfig.base.json, in one program; returns the diagnostics by file. */
function typeCheck(roots: string[], virtual: ReadonlyMap<string, string>): Map<string, string[]> {
  const config = ts.readConfigFile(join(REPO_ROOT, "tsconfig.base.json"), (path) => ts.sys.readFile(path));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO_ROOT, { noEmit: true, customConditions: ["@app-server-protocol/source"] });
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (path) => virtual.has(path) || fileExists(path);
  host.readFile = (path) => virtual.get(path) ?? readFile(path);
  host.getSourceFile = (path, language, ...rest) => {
    const text = virtual.get(path);
    return text === undefined ? getSourceFile(path, language, ...rest) : ts.createSourceFile(path, text, language);
  };
  const program = ts.createProgram({ rootNames: [...roots, ...virtual.keys()], options, host });
  const byFile = new Map<string, string[]>();
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const file = diagnostic.file?.fileName ?? "";
    const line = diagnostic.file === undefined ? "" : `${file}:${String(diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1)}: `;
    const messages = byFile.get(file) ?? [];
    messages.push(`${line}${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    byFile.set(file, messages);
  }
  return byFile;
}

describe("the generated files", () => {
  // Written by an earlier run in another process, so equal files also mean the pass is deterministic.
  it("are what the pass generates, file for file (run `npx tsx packages/codegen/scripts/generate-language.ts typescript-zod`)", () => {
    const sources = readdirSync(join(OUTPUT, "src")).map((name) => `src/${name}`);
    expect([...sources, "README.md"].sort()).toEqual([...generated.keys()].sort());
    for (const [name, content] of generated) expect(readFileSync(join(OUTPUT, name), "utf8"), name).toBe(content);
  });

  it("each start with the header and end with one newline", () => {
    for (const [name, content] of generated) {
      const header = name.endsWith(".md") ? `<!-- ${HEADER_LINES.join(" ")} -->\n` : HEADER_LINES.map((line) => `// ${line}\n`).join("");
      expect(content.startsWith(header), name).toBe(true);
      expect(content.endsWith("\n") && !content.endsWith("\n\n"), name).toBe(true);
    }
  });

  it("leave nothing of quicktype's view behind, and no escape from the type checker", () => {
    for (const [name, content] of generated) {
      expect(content, name).not.toContain(VIEW_ROOT);
      expect(content, name).not.toMatch(/placeholder/i);
      const code = content
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\/\*\*|\*)/.test(line))
        .join("\n");
      expect(code, name).not.toMatch(/:\s*any\b|<any>|\bas any\b|as unknown as|@ts-ignore|@ts-nocheck/);
    }
  });
});

describe("protocol.ts", () => {
  const protocol = fileOf("src/protocol.ts");

  it("declares a schema and a type for every protocol type, once each", () => {
    const schemas = [...protocol.matchAll(/^export const (\w+)Schema = /gm)].map((match) => match[1]);
    const types = [...protocol.matchAll(/^export type (\w+) = z\.infer<typeof (\w+)Schema>;$/gm)].map((match) => [match[1], match[2]]);
    expect([...schemas].sort()).toEqual([...TYPE_NAMES].sort());
    expect(types.map(([type]) => type).sort()).toEqual([...TYPE_NAMES].sort());
    for (const [type, schema] of types) expect(schema).toBe(type);
  });

  it("declares every schema before the schemas that use it", () => {
    const position = new Map([...protocol.matchAll(/^export const (\w+)Schema = /gm)].map((match) => [match[1], match.index]));
    for (const match of protocol.matchAll(/\b(\w+)Schema\b/g)) {
      const declared = position.get(match[1] ?? "");
      if (declared !== undefined) expect(declared <= match.index, `${String(match[1])}Schema used at ${String(match.index)}`).toBe(true);
    }
  });

  it("writes each union as zod's union of its variants, read as the decoder reads it", () => {
    const forms = { internal: 'z.discriminatedUnion("', fallback: 'taggedUnionWithFallback("', external: "externalUnion(z.union([", untagged: "untaggedUnion(z.union([" };
    for (const union of model.unions) {
      const form = union.kind === "internal" && union.fallback !== undefined ? "fallback" : union.kind;
      expect(protocol, union.name).toContain(`export const ${union.name}Schema = ${forms[form]}`);
    }
  });
});

/** A file that holds, for every protocol type and method, that zod's inferred type is assignable to @app-server-protocol/types' (and back, for enumerations). */
function typesFitFile(): string {
  const enumerations = new Set(TYPE_NAMES.filter((name) => model.definitions[name]?.enum !== undefined));
  const methodNames = { client_request: "ClientMethod", server_notification: "ServerNotificationMethod", server_request: "ServerRequestMethod" };
  const lines = [
    'import type * as wire from "@app-server-protocol/types";',
    'import type * as zod from "@app-server-protocol/zod";',
    'import type { MethodOf, ParamsOf, ResultOf } from "@app-server-protocol/zod";',
    "type Assignable<From, To> = [From] extends [To] ? true : false;",
    ...TYPE_NAMES.map((name) => `export const ${name}FitsTypes: Assignable<zod.${name}, wire.${name}> = true;`),
    ...[...enumerations].map((name) => `export const ${name}FitsZod: Assignable<wire.${name}, zod.${name}> = true;`),
    ...Object.entries(methodNames).flatMap(([direction, name]) => [
      `export const ${name}FromTable: Assignable<MethodOf<"${direction}">, wire.${name}> = true;`,
      `export const ${name}InTable: Assignable<wire.${name}, MethodOf<"${direction}">> = true;`,
    ]),
    ...model.methods.flatMap((method, index) => [
      `export const params${String(index)}: Assignable<ParamsOf<${JSON.stringify(method.method)}>, wire.${method.params}> = true;`,
      method.result === null ? "" : `export const result${String(index)}: Assignable<ResultOf<${JSON.stringify(method.method)}>, wire.${method.result}> = true;`,
    ]),
  ];
  return `${lines.join("\n")}\n`;
}

// One program for the three checks: each would otherwise type-check the
// package's large inferred types again.
describe("type-checking, in one program", () => {
  const files = [...generated.keys()].filter((name) => name.endsWith(".ts")).map((name) => join(OUTPUT, name));
  const fit = join(REPO_ROOT, "packages/codegen/test/zod-types-fit.ts");
  const examples = [...fileOf("README.md").matchAll(/```ts\n([\s\S]*?)```/g)].map((match, index) => [join(REPO_ROOT, `packages/codegen/test/zod-readme-example-${String(index)}.ts`), match[1] ?? ""] as const);
  let diagnostics: Map<string, string[]> | undefined;
  const diagnosticsWhere = (selected: (path: string) => boolean): string[] => {
    diagnostics ??= typeCheck(files, new Map([[fit, typesFitFile()], ...examples]));
    return [...diagnostics].flatMap(([path, messages]) => (selected(path) ? messages : []));
  };
  const diagnosticsOf = (paths: readonly string[]): string[] => diagnosticsWhere((path) => paths.includes(path));

  it("the generated files, and everything they import, type-check under the repository's strict settings", () => {
    const checkedBelow = new Set([fit, ...examples.map(([path]) => path)]);
    expect(diagnosticsWhere((path) => !checkedBelow.has(path))).toEqual([]);
  });

  it("every inferred type is assignable to the type of the same name in @app-server-protocol/types, and so is each method's", () => {
    expect(diagnosticsOf([fit])).toEqual([]);
  });

  it("the README's examples type-check against the package", () => {
    expect(examples.length).toBeGreaterThan(2);
    expect(diagnosticsOf(examples.map(([path]) => path))).toEqual([]);
  });
});

describe("README.md", () => {
  it("names the zod release the repository pins and the package's peer range", () => {
    const pinned = readDocument("package.json").devDependencies;
    const peers = readDocument(`${outputRoot(zodBindings)}/package.json`).peerDependencies;
    expect(isJsonObject(pinned) ? pinned.zod : undefined).toBe(ZOD_VERSION);
    expect(isJsonObject(peers) ? peers.zod : undefined).toBe(ZOD_PEER_RANGE);
    const text = fileOf("README.md").replace(/\s+/g, " ");
    expect(text).toContain(`tested with zod ${ZOD_VERSION}`);
    expect(text).toContain(`peer dependency, \`${ZOD_PEER_RANGE}\``);
  });
});
