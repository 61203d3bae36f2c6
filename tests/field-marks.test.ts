import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { localDefinitionName, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { METHOD_FIELD_MARKS, METHOD_REGISTRY, type MethodFieldMarks } from "../packages/types/src/index.js";
import { SCHEMA_DIR, readJson } from "./support/schemas.js";

// The per-method opaque and sensitive paths of methods.json (spec 3.2) must
// name real fields, and those fields must carry the matching annotation in
// their schemas, so a redacting tool can use either.

const bundle = readJson(join(SCHEMA_DIR, "protocol.schema.json"));
const definitions = isJsonObject(bundle) && isJsonObject(bundle.$defs) ? bundle.$defs : {};
const registry = readJson(join(SCHEMA_DIR, "methods.json"));

/** Follows `$ref`s and drops the `null` branch of a nullable field, to reach the schema of a present value. */
function present(node: JsonObject): JsonObject {
  const name = localDefinitionName(node.$ref);
  if (name !== undefined) {
    const target = definitions[name];
    if (!isJsonObject(target)) throw new Error(`no definition ${name}`);
    return present(target);
  }
  if (Array.isArray(node.anyOf)) {
    const branches = node.anyOf.filter(isJsonObject).filter((branch) => branch.type !== "null");
    if (branches.length === 1 && branches[0] !== undefined) return present(branches[0]);
  }
  return node;
}

/** A field of an object schema, or of the one variant of a tagged union that has it. */
function fieldOf(node: JsonObject, name: string): JsonObject | undefined {
  const owner = present(node);
  const properties = isJsonObject(owner.properties) ? owner.properties : {};
  const field = properties[name] ?? (name === "extra" ? owner.additionalProperties : undefined);
  if (isJsonObject(field)) return field;
  const variants = Array.isArray(owner.oneOf) ? owner.oneOf.filter(isJsonObject) : [];
  return variants.map((variant) => fieldOf(variant, name)).find((found) => found !== undefined);
}

/** The schema nodes along a method path (`result.goal.objective`, `session_mcp_servers[*].env`, `result[*].extra`); the last is the field's own. */
function resolve(typeName: string, segments: readonly string[]): JsonObject[] {
  const root = definitions[typeName];
  if (!isJsonObject(root)) throw new Error(`no definition ${typeName}`);
  const nodes: JsonObject[] = [root];
  let current = root;
  for (const segment of segments) {
    const [, name = "", items = ""] = /^([^[]*)((?:\[\*\])*)$/.exec(segment) ?? [];
    if (name !== "") {
      const field = fieldOf(current, name);
      if (field === undefined) throw new Error(`${typeName}: no field ${name} in ${segments.join(".")}`);
      current = field;
      nodes.push(field);
    }
    for (let depth = 0; depth < items.length / 3; depth += 1) {
      const array = present(current);
      if (!isJsonObject(array.items)) throw new Error(`${typeName}: ${segment} is not an array`);
      current = array.items;
      nodes.push(current);
    }
  }
  return nodes;
}

function fieldNodes(method: string, path: string): JsonObject[] {
  const descriptor = METHOD_REGISTRY.find((entry) => entry.method === method);
  if (descriptor === undefined) throw new Error(`no method ${method}`);
  const [first = "", ...rest] = path.split(".");
  if (first === "result" || first.startsWith("result[")) {
    if (descriptor.result === null) throw new Error(`${method} has no result`);
    return resolve(descriptor.result, [first.slice("result".length), ...rest]);
  }
  return resolve(descriptor.params, [first, ...rest]);
}

const marked: Array<[string, keyof MethodFieldMarks, string]> = Object.entries(METHOD_FIELD_MARKS).flatMap(([method, marks]: [string, MethodFieldMarks]) => [
  ...(marks.sensitive ?? []).map((path): [string, keyof MethodFieldMarks, string] => [method, "sensitive", path]),
  ...(marks.opaque ?? []).map((path): [string, keyof MethodFieldMarks, string] => [method, "opaque", path]),
]);

describe("opaque and sensitive fields", () => {
  it("are listed for the methods the reference's inventory marks", () => {
    expect(marked.filter(([, kind]) => kind === "sensitive").length).toBe(41);
    expect(marked.filter(([, kind]) => kind === "opaque").length).toBe(6);
  });

  it.each(marked)("%s %s path %s names a field annotated in its schema", (method, kind, path) => {
    const nodes = fieldNodes(method, path);
    const keyword = kind === "sensitive" ? "x-sensitive" : "x-opaque";
    expect(nodes.some((node) => node[keyword] === true)).toBe(true);
  });

  it("are written to methods.json for every method, empty when none", () => {
    const methods = isJsonObject(registry) && Array.isArray(registry.methods) ? registry.methods.filter(isJsonObject) : [];
    expect(methods.length).toBe(METHOD_REGISTRY.length);
    for (const entry of methods) {
      const marks: MethodFieldMarks = Reflect.get(METHOD_FIELD_MARKS, String(entry.method)) ?? {};
      expect(entry.sensitive_fields).toEqual(marks.sensitive ?? []);
      expect(entry.opaque_fields).toEqual(marks.opaque ?? []);
    }
  });

  it("are annotated only where the source marks them, with the value true", () => {
    const annotated: string[] = [];
    for (const [name, definition] of Object.entries(definitions)) {
      if (!isJsonObject(definition)) continue;
      visitSchemas(definition, (node) => {
        for (const keyword of ["x-sensitive", "x-opaque"]) {
          if (keyword in node) {
            expect(node[keyword]).toBe(true);
            annotated.push(`${name}:${keyword}`);
          }
        }
      });
    }
    expect(annotated.filter((entry) => entry.endsWith("x-sensitive")).length).toBe(22);
    expect(annotated).toContain("McpServerInput:x-sensitive");
    expect(annotated).toContain("McpPrompt:x-opaque");
    expect(annotated).toContain("McpAnnotations:x-opaque");
  });
});
