import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { STRICT_CHECK_OPTIONS } from "./support/compiler.js";

// What a user's code may and may not say with the public types: each snippet
// is compiled against the types package's sources, and must compile or fail
// exactly as stated.

const OUT = join(REPO_ROOT, ".scratch", "type-surface");
const IMPORTS = 'import { clientRequest, type AuthLoginResult, type EmptyParams, type McpPluginSource, type McpServerSourcePlugin, type SandboxFilesystemLocalSettings, type SandboxFilesystemSettings, type SandboxNetworkLocalSettings, type SandboxNetworkSettings } from "@app-server-protocol/types";\n';

const SNIPPETS: ReadonlyArray<{ name: string; code: string; compiles: boolean }> = [
  { name: "EmptyParams takes an object", code: "const params: EmptyParams = { ignored: 1 }; void params;", compiles: true },
  { name: "EmptyParams refuses a number", code: "const params: EmptyParams = 42; void params;", compiles: false },
  { name: "EmptyParams refuses a string", code: 'const params: EmptyParams = "x"; void params;', compiles: false },
  { name: "a paramless method may omit params", code: 'clientRequest("r", "session/list");', compiles: true },
  { name: "a paramless method takes an object", code: 'clientRequest("r", "session/list", {});', compiles: true },
  { name: "a paramless method refuses a string", code: 'clientRequest("r", "session/list", "x");', compiles: false },
  { name: "a method with params may not omit them", code: 'clientRequest("r", "session/rename");', compiles: false },
  { name: "a method with params checks them", code: 'clientRequest("r", "session/rename", { session_id: "s1", new_title: "t" });', compiles: true },
  { name: "params are typed on the built request", code: 'const title: string = clientRequest("r", "session/rename", { session_id: "s1", new_title: "t" }).params.new_title; void title;', compiles: true },
  { name: "AuthLoginResult.method is any string", code: 'const result: AuthLoginResult = { provider: "openai", method: "api-key", source_summary: "", persisted: true, usable: true, active: true }; void result;', compiles: true },
  {
    name: "the reference's names alias the renamed types",
    code: [
      "const plugin: McpPluginSource = {} as McpServerSourcePlugin;",
      "const back: McpServerSourcePlugin = plugin;",
      "const filesystem: SandboxFilesystemLocalSettings = {} as SandboxFilesystemSettings;",
      "const filesystemBack: SandboxFilesystemSettings = filesystem;",
      "const network: SandboxNetworkLocalSettings = {} as SandboxNetworkSettings;",
      "const networkBack: SandboxNetworkSettings = network;",
      "void back; void filesystemBack; void networkBack;",
    ].join("\n"),
    compiles: true,
  },
];

function compileErrors(): Map<string, string[]> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  writeFileSync(join(OUT, "package.json"), '{ "type": "module" }\n');
  const files = SNIPPETS.map((snippet, index) => {
    const file = join(OUT, `snippet-${index}.ts`);
    writeFileSync(file, `${IMPORTS}${snippet.code}\n`);
    return { file, name: snippet.name };
  });
  const program = ts.createProgram(
    files.map(({ file }) => file),
    { ...STRICT_CHECK_OPTIONS, customConditions: ["@app-server-protocol/source"], types: [] },
  );
  const errors = new Map(files.map(({ name }) => [name, [] as string[]]));
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const name = files.find(({ file }) => file === diagnostic.file?.fileName)?.name;
    if (name === undefined) throw new Error(`a diagnostic outside the snippets: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, " ")}`);
    errors.get(name)?.push(ts.flattenDiagnosticMessageText(diagnostic.messageText, " "));
  }
  return errors;
}

describe("the public type surface", () => {
  const errors = compileErrors();
  afterAll(() => rmSync(OUT, { recursive: true, force: true }));

  it.each(SNIPPETS)("$name", ({ name, compiles }) => {
    const found = errors.get(name) ?? [];
    if (compiles) expect(found).toEqual([]);
    else expect(found.length).toBeGreaterThan(0);
  });
});
