// The built package as a consumer's Node loads it by name: a schema file by
// package path from an ES module (with a JSON import attribute) and from
// CommonJS, the helper from both builds, and every code block of the README
// run as written, its `expression; // => expected` lines asserted.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { schemaNames } from "@app-server-protocol/schemas";
import { PACKAGE, removePrograms, runProgram, type ModuleKind } from "./built.js";

afterAll(removePrograms);

function schemaFile(file: string): unknown {
  return JSON.parse(readFileSync(join(REPO_ROOT, "schemas", file), "utf8"));
}

describe("a schema file by package path", () => {
  it("is imported by an ES module with { type: \"json\" }", () => {
    const program = 'import schema from "@app-server-protocol/schemas/AskUserQuestionRequest.json" with { type: "json" };\nprocess.stdout.write(JSON.stringify(schema));\n';
    expect(JSON.parse(runProgram("esm", program))).toEqual(schemaFile("AskUserQuestionRequest.json"));
  });

  it("is required by CommonJS, the bundle and the registry too", () => {
    const program = 'const files = ["methods.json", "protocol.schema.json"].map((file) => require(`@app-server-protocol/schemas/${file}`));\nprocess.stdout.write(JSON.stringify(files));\n';
    expect(JSON.parse(runProgram("cjs", program))).toEqual([schemaFile("methods.json"), schemaFile("protocol.schema.json")]);
  });
});

describe("the helper from each build", () => {
  const check = [
    "const ajv = addSchemas(new Ajv2020({ strict: true, discriminator: true }));",
    'const validate = ajv.getSchema(schemaId("ClientMessage"));',
    'const verdicts = [{ type: "request", id: "req-1", method: "session/list" }, { type: "request", id: 1, method: "session/list" }].map((message) => validate(message));',
    "process.stdout.write(JSON.stringify({ names: schemaNames().length, verdicts }));",
  ].join("\n");
  const expected = { names: schemaNames().length, verdicts: [true, false] };

  it.each([
    ["ES module", "esm", 'import { Ajv2020 } from "ajv/dist/2020.js";\nimport { addSchemas, schemaId, schemaNames } from "@app-server-protocol/schemas";'],
    ["CommonJS", "cjs", 'const { Ajv2020 } = require("ajv/dist/2020.js");\nconst { addSchemas, schemaId, schemaNames } = require("@app-server-protocol/schemas");'],
  ] as const)("%s: registers the schemas and validates a valid and an invalid ClientMessage", (_name, kind: ModuleKind, imports) => {
    expect(JSON.parse(runProgram(kind, `${imports}\n${check}\n`))).toEqual(expected);
  });
});

/** The README's fenced code blocks, each with how it runs: `ts` with tsx, `js` as the module kind its first comment names. */
function readmeBlocks(): { kind: ModuleKind; code: string }[] {
  const readme = readFileSync(join(PACKAGE, "README.md"), "utf8");
  return [...readme.matchAll(/^```(ts|js)\n([\s\S]*?)^```/gm)].map((match) => {
    const code = match[2] ?? "";
    return { kind: match[1] === "ts" ? "ts" : code.startsWith("// CommonJS") ? "cjs" : "esm", code };
  });
}

/** The block as a program: `expression; // => expected` asserted, an assertion import first. */
function asProgram({ kind, code }: { kind: ModuleKind; code: string }): string {
  const assertions = code.replace(/^(\s*)(.+?);\s*\/\/ => (.+)$/gm, "$1assert.deepStrictEqual($2, $3);");
  const assert = kind === "cjs" ? 'const assert = require("node:assert/strict");' : 'import assert from "node:assert/strict";';
  return `${assert}\n${assertions}\n`;
}

describe("the README's code blocks", () => {
  const blocks = readmeBlocks();

  it("cover an ES module, CommonJS and TypeScript with ajv", () => {
    expect(blocks.map(({ kind }) => kind).sort()).toEqual(["cjs", "esm", "ts", "ts"]);
  });

  it.each(blocks.map((block, index) => [index, block] as const))("block %i runs and its results hold", (_index, block) => {
    expect(() => runProgram(block.kind, asProgram(block))).not.toThrow();
  });
});
