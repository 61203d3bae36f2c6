import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compile } from "json-schema-to-typescript";
import ts from "typescript";
import { REPO_ROOT } from "@app-server-protocol/generator";
import { cloneJson, isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { SCHEMA_ANNOTATIONS, localDefinitionName, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { STRICT_CHECK_OPTIONS } from "./compiler.js";

// Re-derives a TypeScript type from each emitted schema with
// json-schema-to-typescript and asks tsc whether it is the same type as the
// hand-written one. A schema that lost a field, a `null`, a map's value type
// or a union member derives a different type, and its check line fails.

const TYPES_ENTRY = join(REPO_ROOT, "packages/types/src/index.js");

const CHECK_PRELUDE = [
  `import type * as Source from ${JSON.stringify(TYPES_ENTRY)};`,
  "// Identical, not merely assignable: an optional field missing on one side fails too.",
  "type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends (<T>() => T extends B ? 1 : 2) ? true : false;",
  "type Expect<T extends true> = T;",
];


/** Keywords of a schema file's root that locate or hold definitions and validate nothing. */
const FILE_KEYWORDS = new Set(["$schema", "$id", "$defs"]);

/**
 * json-schema-to-typescript reads a subschema that has only annotations (an
 * opaque field with a description) as an object; it means any JSON value,
 * like `{}`, which it reads as `unknown`. It does the same with a reference
 * to such a definition that carries annotations of its own, and with a file
 * whose root takes any value. Drop those annotations first.
 */
function withoutAnnotationOnlySubschemas(schema: JsonObject): JsonObject {
  const copy = cloneJson(schema);
  const definitions = isJsonObject(copy.$defs) ? copy.$defs : {};
  const onlyAnnotations = (node: unknown, allowed: ReadonlySet<string> = new Set()): boolean => isJsonObject(node) && Object.keys(node).every((key) => SCHEMA_ANNOTATIONS.has(key) || allowed.has(key));
  // A root that takes any value is an object to it whatever it holds; its own extension says `unknown`.
  const anyValueRoot = onlyAnnotations(copy, FILE_KEYWORDS);
  visitSchemas(copy, (node) => {
    const target = localDefinitionName(node.$ref);
    const annotatesAnyValue = target !== undefined && onlyAnnotations(definitions[target]);
    if ((node !== copy && onlyAnnotations(node)) || annotatesAnyValue) {
      for (const key of Object.keys(node)) if (SCHEMA_ANNOTATIONS.has(key)) delete node[key];
    }
  });
  if (anyValueRoot) copy.tsType = "unknown";
  return copy;
}

/** For every schema whose derived type differs from the source type of the same name, the compiler's messages. */
export async function fidelityMismatches(schemas: ReadonlyMap<string, JsonObject>): Promise<Map<string, string[]>> {
  const dir = mkdtempSync(join(tmpdir(), "asp-fidelity-"));
  try {
    mkdirSync(join(dir, "derived"));
    writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
    const lines = [...CHECK_PRELUDE];
    for (const [name, schema] of schemas) {
      const declarations = await compile(withoutAnnotationOnlySubschemas(schema), name, { bannerComment: "", additionalProperties: false, format: false, unknownAny: true });
      writeFileSync(join(dir, "derived", `${name}.ts`), declarations);
      lines.push(`import type { ${name} as Derived${name} } from "./derived/${name}.js";`);
      lines.push(`export type Check${name} = Expect<Same<Source.${name}, Derived${name}>>;`);
    }
    const checkFile = join(dir, "check.ts");
    writeFileSync(checkFile, `${lines.join("\n")}\n`);
    const program = ts.createProgram([checkFile], { ...STRICT_CHECK_OPTIONS, types: [] });
    const mismatches = new Map<string, string[]>();
    for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
      const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
      const source = diagnostic.file;
      const line = source && diagnostic.start !== undefined ? source.text.split("\n")[source.getLineAndCharacterOfPosition(diagnostic.start).line] ?? "" : "";
      const name = /^export type Check(\w+) =/.exec(line)?.[1] ?? `(${source?.fileName ?? "global"})`;
      mismatches.set(name, [...(mismatches.get(name) ?? []), text]);
    }
    return mismatches;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
