// Compiles schemas/protocol.schema.json into standalone validator code with
// ajv, at build time, so the package never compiles a schema (or evaluates
// code) at run time and needs no ajv when installed. Two modules, one per
// entry point, because parsing the code dominates cold start (the unions
// are compiled in the equivalent forms of union-forms.ts, which let a failure
// be described as the protocol's decoder would):
//   message-validators.ts  the types messages are validated against: the
//     envelopes, every params type, the answers to server requests, the
//     question and stream-JSON records (the main entry point);
//   all-validators.ts      every protocol type (the `/all` entry point, with
//     a guard per type and the typed response reader).
// Also writes src/generated/:
//   message-shapes.ts, all-shapes.ts  the fields each object type defines, for producer-strict mode
//   protocol-types.ts  the type-name map and the message types
//   message-guards.ts, all-guards.ts  one typed guard per type of each module
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import * as standalone from "ajv/dist/standalone/index.js";
import { validateUnion } from "ajv/dist/vocabularies/code.js";
import { cloneJson, isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { localDefinitionName, SCHEMA_ANNOTATIONS, visitSchemas } from "@app-server-protocol/generator/schema-tools";
import { EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD } from "../src/union-keywords.js";
import { compiledBundle } from "./union-forms.js";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUNDLE = join(PACKAGE, "../../schemas/protocol.schema.json");
const OUT = join(PACKAGE, "src/generated");
const HEADER = "// Generated at build time by `npm run compile-schemas` (packages/validators) from schemas/protocol.schema.json. Do not edit.";

function readBundle(): JsonObject {
  const bundle: unknown = JSON.parse(readFileSync(BUNDLE, "utf8"));
  if (!isJsonObject(bundle) || !isJsonObject(bundle.$defs) || typeof bundle.$id !== "string") throw new Error(`${BUNDLE} is not the schema bundle`);
  return bundle;
}

/** The bundle without annotations: validation never reads them, and ajv would embed them in the code. */
function withoutAnnotations(bundle: JsonObject): JsonObject {
  const copy = cloneJson(bundle);
  visitSchemas(copy, (node) => {
    for (const keyword of SCHEMA_ANNOTATIONS) delete node[keyword];
  });
  return copy;
}

function assertNoUnevaluatedKeywords(bundle: JsonObject): void {
  visitSchemas(bundle, (node) => {
    for (const keyword of ["unevaluatedProperties", "unevaluatedItems"]) {
      if (keyword in node) throw new Error(`a schema uses ${keyword}: compile with ajv's \`unevaluated\` option on`);
    }
  });
}

/**
 * ajv writes each error's `schemaPath`, a string literal per error site
 * (about an eighth of the code); the package reports errors by instance path
 * and keyword and never reads it.
 */
function withoutSchemaPaths(code: string): string {
  return code.replace(/,schemaPath:"(?:[^"\\]|\\.)*"(?=,keyword:)/g, "");
}

function compile(bundle: JsonObject, names: readonly string[]): string {
  assertNoUnevaluatedKeywords(bundle);
  const ajv = new Ajv2020({
    code: { source: true, esm: true, lines: false },
    strict: true,
    discriminator: true,
    allowUnionTypes: true,
    allErrors: false,
    messages: false,
    // Inlined references avoid a call (and an options object) per nested value.
    inlineRefs: true,
    loopEnum: Number.MAX_SAFE_INTEGER,
    loopRequired: Number.MAX_SAFE_INTEGER,
  });
  // Ajv2020 forces `unevaluated` on, which makes every compiled function
  // track the properties it evaluated (about a tenth of the code) for
  // keywords no protocol schema uses; assertNoUnevaluatedKeywords keeps it so.
  ajv.opts.unevaluated = false;
  // `anyOf` under another name: its error then says which kind of union failed.
  for (const keyword of [EXTERNAL_UNION_KEYWORD, UNTAGGED_UNION_KEYWORD]) ajv.addKeyword({ keyword, schemaType: "array", trackErrors: true, code: validateUnion });
  ajv.addSchema(bundle);
  const refs = Object.fromEntries(names.map((name) => [name, `${String(bundle.$id)}#/$defs/${name}`]));
  // ajv's CommonJS module is the function itself, with itself as `default`:
  // from ES modules, TypeScript sees the module as `default`.
  const code = withoutSchemaPaths(standalone.default.default(ajv, refs));
  // The runtime helpers ajv would load with require() (formats, ucs2length,
  // deep equality) are not used by protocol schemas; keep it that way.
  if (/\brequire\s*\(/.test(code)) throw new Error("standalone validator code needs ajv's runtime; the ESM build must not call require()");
  if (/\bnew Function\b|\beval\s*\(/.test(code)) throw new Error("standalone validator code must not evaluate code");
  return `${HEADER}\n// @ts-nocheck\n${code}\n`;
}

/**
 * The shape of a schema for the producer-strict check: which fields each
 * object defines, and where to look further down. `0` is a value with no
 * fields to check (a primitive, an enum, an opaque payload).
 */
type Shape = 0 | { o: { [field: string]: Shape }; m?: Shape } | { a: Shape } | { r: string } | { d: string; v: { [tag: string]: Shape } } | { u: Shape[] };

function shapeOf(schema: unknown, definitions: JsonObject): Shape {
  if (!isJsonObject(schema)) return 0;
  const ref = localDefinitionName(schema.$ref);
  if (ref !== undefined) return { r: ref };
  const discriminator = schema.discriminator;
  if (isJsonObject(discriminator) && typeof discriminator.propertyName === "string" && Array.isArray(schema.oneOf)) {
    const tag = discriminator.propertyName;
    const variants: { [tag: string]: Shape } = {};
    for (const variant of schema.oneOf) {
      const target = isJsonObject(variant) ? (definitions[localDefinitionName(variant.$ref) ?? ""] ?? variant) : variant;
      const tagSchema = isJsonObject(target) && isJsonObject(target.properties) ? target.properties[tag] : undefined;
      if (!isJsonObject(tagSchema) || typeof tagSchema.const !== "string") throw new Error(`discriminated variant without a constant ${tag}`);
      variants[tagSchema.const] = shapeOf(variant, definitions);
    }
    return { d: tag, v: variants };
  }
  const union = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(union)) {
    const variants = union.map((variant) => shapeOf(variant, definitions));
    return variants.every((variant) => variant === 0) ? 0 : { u: variants };
  }
  if (isJsonObject(schema.properties)) {
    const fields: { [field: string]: Shape } = {};
    for (const [name, property] of Object.entries(schema.properties)) fields[name] = shapeOf(property, definitions);
    return "additionalProperties" in schema ? { o: fields, m: shapeOf(schema.additionalProperties, definitions) } : { o: fields };
  }
  if (isJsonObject(schema.additionalProperties)) return { o: {}, m: shapeOf(schema.additionalProperties, definitions) };
  if (isJsonObject(schema.items)) {
    const items = shapeOf(schema.items, definitions);
    return items === 0 ? 0 : { a: items };
  }
  return 0;
}

function strictShapesModule(definitions: JsonObject, roots: readonly string[]): string {
  const names = [...reachable(roots, definitions)].sort();
  const shapes = Object.fromEntries(names.map((name) => [name, shapeOf(definitions[name], definitions)]));
  return [
    HEADER,
    "/** The fields each protocol type defines, as JSON: parsed on the first producer-strict check only. */",
    `export const STRICT_SHAPES = ${JSON.stringify(JSON.stringify(shapes))};`,
    "",
  ].join("\n");
}

function protocolTypesModule(names: readonly string[], messageNames: readonly string[]): string {
  return [
    HEADER,
    'import type * as Protocol from "@app-server-protocol/types";',
    "",
    "/** Every protocol type that has a schema, by its name in `schemas/`. */",
    "export interface ProtocolTypes {",
    ...names.map((name) => `  ${name}: Protocol.${name};`),
    "}",
    "",
    "/** The name of a protocol type that has a schema. */",
    "export type ProtocolTypeName = keyof ProtocolTypes;",
    "",
    "/** The types messages are validated against, which `@app-server-protocol/validators` compiles. */",
    "export const MESSAGE_TYPE_NAMES = [",
    ...messageNames.map((name) => `  ${JSON.stringify(name)},`),
    "] as const satisfies readonly ProtocolTypeName[];",
    "",
    "/** A type messages are validated against. */",
    "export type MessageTypeName = (typeof MESSAGE_TYPE_NAMES)[number];",
    "",
    "/** Every protocol type name, sorted; `@app-server-protocol/validators/all` compiles them all. */",
    "export const PROTOCOL_TYPE_NAMES = [",
    ...names.map((name) => `  ${JSON.stringify(name)},`),
    "] as const satisfies readonly ProtocolTypeName[];",
    "",
  ].join("\n");
}

function guardsModule(names: readonly string[], factory: string, from: string): string {
  return [
    HEADER,
    `import { ${factory} } from "${from}";`,
    "",
    ...names.flatMap((name) => [
      `/** Whether \`value\` has the shape of a \`${name}\` (unknown fields allowed, as on the wire). */`,
      `export const is${name} = ${factory}(${JSON.stringify(name)});`,
    ]),
    "",
  ].join("\n");
}

/** Names of the definitions `roots` reach through `$ref`, the roots included. */
function reachable(roots: Iterable<string>, definitions: JsonObject): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    const schema = definitions[name];
    if (!isJsonObject(schema)) throw new Error(`no definition ${name}`);
    visitSchemas(schema, (node) => {
      const ref = localDefinitionName(node.$ref);
      if (ref !== undefined) pending.push(ref);
    });
  }
  return reached;
}

interface RegistryEntry {
  direction: string;
  params: string;
  result: string | null;
}

function readRegistry(): RegistryEntry[] {
  const registry: unknown = JSON.parse(readFileSync(join(PACKAGE, "../../schemas/methods.json"), "utf8"));
  if (!isJsonObject(registry) || !Array.isArray(registry.methods)) throw new Error("schemas/methods.json is not the method registry");
  return registry.methods.filter(isJsonObject).map((entry) => ({
    direction: String(entry.direction),
    params: String(entry.params),
    result: typeof entry.result === "string" ? entry.result : null,
  }));
}

const bundle = withoutAnnotations(readBundle());
const definitions = isJsonObject(bundle.$defs) ? bundle.$defs : {};
const names = Object.keys(definitions).sort();
const methods = readRegistry();
const serverRequestResults = methods.flatMap((entry) => (entry.direction === "server_request" && entry.result !== null ? [entry.result] : []));
/** What messages are validated against: the envelopes, every params type, the answers to server requests, the question and stream-JSON records. */
const messageNames = [
  ...new Set([
    "ClientMessage",
    "ServerMessage",
    "AskUserQuestionList",
    "AskUserResponseOutcome",
    ...names.filter((name) => name.startsWith("StreamJson")),
    ...methods.map((entry) => entry.params),
    ...serverRequestResults,
  ]),
].sort();
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const compiled = compiledBundle(bundle);
writeFileSync(join(OUT, "message-validators.ts"), compile(compiled, messageNames));
writeFileSync(join(OUT, "all-validators.ts"), compile(compiled, names));
writeFileSync(join(OUT, "message-shapes.ts"), strictShapesModule(definitions, messageNames));
writeFileSync(join(OUT, "all-shapes.ts"), strictShapesModule(definitions, names));
writeFileSync(join(OUT, "protocol-types.ts"), protocolTypesModule(names, messageNames));
writeFileSync(join(OUT, "message-guards.ts"), guardsModule(messageNames, "messageGuard", "../message-types.js"));
writeFileSync(join(OUT, "all-guards.ts"), guardsModule(names, "anyGuard", "../all/all-types.js"));
console.log(`compiled ${messageNames.length} message types and all ${names.length} types into ${OUT}`);
