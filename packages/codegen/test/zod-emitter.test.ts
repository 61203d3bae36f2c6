// The typescript-zod pass on small schemas of its own: recursive types load,
// parse and type-check; a keyword the pass cannot express stops the
// generation instead of being dropped.
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import * as z from "zod";
import type { JsonObject } from "@app-server-protocol/generator/json";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { bindingsModel } from "../src/model.js";
import { protocolFile } from "../src/languages/zod/protocol-file.js";
import { runtimeFiles } from "../src/languages/zod/runtime-files.js";

const ref = (name: string) => ({ $ref: `#/$defs/${name}` });

function protocolOf(definitions: Record<string, JsonObject>): string {
  return protocolFile(bindingsModel({ $defs: definitions }, { methods: [] }));
}

const RECURSIVE = {
  // A variant that sorts before its union and refers back to it.
  Branch: { type: "object", properties: { kind: { type: "string", const: "branch" }, children: { type: "array", items: ref("Node") } }, required: ["kind", "children"] },
  Leaf: { type: "object", properties: { kind: { type: "string", const: "leaf" }, value: { type: "integer", minimum: 0 } }, required: ["kind", "value"] },
  Node: { type: "object", discriminator: { propertyName: "kind" }, oneOf: [ref("Branch"), ref("Leaf")] },
  Tree: { type: "object", properties: { name: { type: "string" }, children: { type: "array", items: ref("Tree") } }, required: ["name"] },
  Ping: { type: "object", properties: { pong: { anyOf: [ref("Pong"), { type: "null" }] } } },
  Pong: { type: "object", properties: { ping: ref("Ping") }, required: ["ping"] },
};

// The generated module is written outside the repository, beside a link to its node_modules for zod.
const directory = mkdtempSync(join(tmpdir(), "zod-pass-"));
symlinkSync(join(REPO_ROOT, "node_modules"), join(directory, "node_modules"), "dir");
for (const [name, content] of runtimeFiles()) writeFileSync(join(directory, name), content);
afterAll(() => rmSync(directory, { recursive: true, force: true }));

function typeCheck(path: string): string[] {
  const config = ts.readConfigFile(join(REPO_ROOT, "tsconfig.base.json"), (file) => ts.sys.readFile(file));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO_ROOT, { noEmit: true });
  const program = ts.createProgram({ rootNames: [path], options });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
}

function schemaIn(module: Record<string, unknown>, name: string): z.ZodType {
  const schema = module[name];
  if (!(schema instanceof z.ZodType)) throw new Error(`the module exports no schema ${name}`);
  return schema;
}

describe("recursive types", () => {
  const source = protocolOf(RECURSIVE);
  const path = join(directory, "recursive.ts");
  writeFileSync(path, source);

  it("refer to a schema declared further down through a getter", () => {
    expect(source).toContain("get children() {\n    return z.array(TreeSchema).exactOptional();\n  },");
    expect(source).toContain("get ping() {\n    return PingSchema;\n  },");
    expect(source).toContain("get children() {\n    return z.array(NodeSchema);\n  },");
    expect(source.indexOf("export const BranchSchema")).toBeLessThan(source.indexOf("export const NodeSchema"));
  });

  it("load and parse values of any depth", async () => {
    const module: Record<string, unknown> = await import(pathToFileURL(path).href);
    const tree = schemaIn(module, "TreeSchema");
    const ping = schemaIn(module, "PingSchema");
    expect(tree.safeParse({ name: "a", children: [{ name: "b", children: [{ name: "c" }] }] }).success).toBe(true);
    expect(tree.safeParse({ name: "a", children: [{ name: "b", children: [{ name: 3 }] }] }).success).toBe(false);
    expect(ping.safeParse({ pong: { ping: { pong: null } } }).success).toBe(true);
    expect(ping.safeParse({ pong: { ping: { pong: { ping: 1 } } } }).success).toBe(false);
    const node = schemaIn(module, "NodeSchema");
    expect(node.safeParse({ kind: "branch", children: [{ kind: "leaf", value: 1 }, { kind: "branch", children: [] }] }).success).toBe(true);
    expect(node.safeParse({ kind: "branch", children: [{ kind: "branch", children: [{ kind: "twig" }] }] }).success).toBe(false);
  });

  it("type-check without annotations", () => {
    expect(typeCheck(path)).toEqual([]);
  });
});

describe("a rule without a zod form", () => {
  it.each([
    ["a string length", { Name: { type: "string", minLength: 1 } }, /Name: minLength on a string/],
    ["a nullable enum", { Mode: { type: ["string", "null"], enum: ["a", "b"] } }, /Mode: a nullable enum/],
    ["a record capped below its fields", { Pair: { type: "object", properties: { a: { type: "string" } }, maxProperties: 0 } }, /Pair: maxProperties 0/],
    ["a reference beside other rules", { Box: { type: "object", properties: { inner: { ...ref("Box"), minProperties: 1 } } } }, /Box\.inner: a reference with sibling rules/],
  ])("stops the generation: %s", (_what, definitions, message) => {
    expect(() => protocolOf(definitions)).toThrow(message);
  });
});
