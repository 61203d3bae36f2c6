// Compiles schemas/protocol.schema.json into validator code at build time,
// so the package never compiles a schema (or evaluates code) at run time and
// needs no ajv when installed. The unions are first put in the equivalent
// forms of union-forms.ts, which let a failure be described as the
// protocol's decoder would. Writes src/generated/ (not checked in), each
// piece twice: `message-*` for the types messages are validated against (the
// envelopes, every params type, the answers to server requests, the question
// and stream-JSON records) and every definition they reach, the main entry
// point's; `all-*` for the rest of the protocol's types, which the `/all`
// entry point adds (importing the message pieces, never repeating them):
//   *-matchers.ts  `matches<Name>`: a straight-line boolean check per definition (matcher-code.ts)
//   *-schemas.ts   the schemas the error reporter reads when a check fails (schema-code.ts),
//                  in the modules schema-places.ts names, question-schemas.ts among them
//   *-table.ts     the name of each type to its matcher and schema; `/all`'s, of the
//                  types outside the message set, is made on the first look-up of one
//   *-shapes.ts    the fields each object type defines, for producer-strict mode
//   emitted-forms.ts  the types that read more than producers write (`x-emitted`): the
//                  matcher of each one's reading and the matcher and schema of its emitted
//                  form, for producer-strict mode; both are in the message set
//   *-guards.ts    one typed guard per type
//   protocol-types.ts  the type-name map and the message types
//   integer-bounds.ts  the text the schemas write for the integer bounds a double does not hold (integer-bounds.ts)
// ajv stays the reference: the tests check both forms against ajv compiled
// from the same schemas with the options of ajv-reference.ts.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { emittedFormOf, localDefinitionName } from "@app-server-protocol/generator/schema-tools";
import { readBundle, withoutAnnotations } from "./compiled-bundle.js";
import { integerBoundsModule } from "./integer-bounds.js";
import { matchersModule } from "./matcher-code.js";
import { schemaSetModule, schemasModule } from "./schema-code.js";
import { MESSAGE_SET, OTHER_SET, QUESTION_ROOTS, SchemaPlaces } from "./schema-places.js";
import { compiledBundle } from "./union-forms.js";

const PACKAGE = join(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(PACKAGE, "src/generated");
const HEADER = "// Generated at build time by `npm run compile-schemas` (packages/validators) from schemas/protocol.schema.json. Do not edit.";

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

function strictShapesModule(definitions: JsonObject, names: readonly string[]): string {
  const shapes = Object.fromEntries(names.map((name) => [name, shapeOf(definitions[name], definitions)]));
  return [
    HEADER,
    "/** The fields each protocol type defines, as JSON: parsed on the first producer-strict check only. */",
    `export const STRICT_SHAPES = ${JSON.stringify(JSON.stringify(shapes))};`,
    "",
  ].join("\n");
}

/** Each definition that names an emitted form (`x-emitted`), to the form's name, from the annotated bundle. */
function emittedForms(annotated: JsonObject): Map<string, string> {
  const forms = new Map<string, string>();
  for (const [name, schema] of Object.entries(isJsonObject(annotated.$defs) ? annotated.$defs : {})) {
    const emitted = emittedFormOf(schema);
    if (emitted !== undefined) forms.set(name, emitted);
  }
  return forms;
}

/** The values of a string enumeration: the canonical spellings an emitted form allows. */
function spellingsOf(schema: unknown): string[] | undefined {
  if (!isJsonObject(schema) || schema.type !== "string" || !Array.isArray(schema.enum)) return undefined;
  return schema.enum.every((value) => typeof value === "string") ? schema.enum.map(String) : undefined;
}

function emittedFormsModule(forms: ReadonlyMap<string, string>, definitions: JsonObject, places: SchemaPlaces): string {
  const names = [...forms].flat();
  const entries = [...forms].sort(([a], [b]) => (a < b ? -1 : 1)).map(([reading, emitted]) => {
    const spellings = spellingsOf(definitions[emitted]);
    const listed = spellings === undefined ? "" : `, spellings: ${JSON.stringify(spellings)}`;
    return `  ${reading}: { reads: matches${reading}, name: ${JSON.stringify(emitted)}, type: { matches: matches${emitted}, schema: ${places.source(emitted)} }${listed} },`;
  });
  return [
    HEADER,
    'import type { EmittedForm } from "../strict.js";',
    `import { ${[...new Set(names)].sort().map((name) => `matches${name}`).join(", ")} } from "./message-matchers.js";`,
    ...places.imports(new Set(forms.values())),
    "",
    "/** The types that read more than producers write, by name: what producer-strict mode holds a value of each to. */",
    "export const EMITTED_FORMS: { readonly [reading: string]: EmittedForm } = {",
    ...entries,
    "};",
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

function guardsModule(names: readonly string[], inMessages: ReadonlySet<string>, reexport?: string): string {
  return [
    HEADER,
    'import type { ProtocolTypes } from "./protocol-types.js";',
    ...matcherImports(names, inMessages),
    ...(reexport === undefined ? [] : [`export * from "${reexport}";`]),
    "",
    ...names.flatMap((name) => [
      `/** Whether \`value\` has the shape of a \`${name}\` (unknown fields allowed, as on the wire). */`,
      `export function is${name}(value: unknown): value is ProtocolTypes[${JSON.stringify(name)}] {`,
      // Each guard calls its own matcher: one shared call of many matchers is not inlined.
      "  try {",
      `    return matches${name}(value);`,
      "  } catch {",
      "    return false;",
      "  }",
      "}",
    ]),
    "",
  ].join("\n");
}

/** Names of the definitions `roots` reach through `$ref`, the roots included (every keyword searched, the union forms' own included). */
function reachable(roots: Iterable<string>, definitions: JsonObject): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  const refsIn = (value: unknown): void => {
    if (Array.isArray(value)) for (const item of value) refsIn(item);
    else if (isJsonObject(value)) {
      const ref = localDefinitionName(value.$ref);
      if (ref !== undefined) pending.push(ref);
      for (const item of Object.values(value)) refsIn(item);
    }
  };
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    if (reached.has(name)) continue;
    reached.add(name);
    const schema = definitions[name];
    if (!isJsonObject(schema)) throw new Error(`no definition ${name}`);
    refsIn(schema);
  }
  return reached;
}

/** `code` with an import of the functions named `<prefix><Name>` it uses that `from` defines (`available`). */
function importingFrom(code: string, prefix: string, available: ReadonlySet<string>, from: string): string {
  // Definition names, and a variant's second matcher (`<prefix><Name>$variant`).
  const used = new Set([...code.matchAll(new RegExp(`\\b${prefix}([A-Z][A-Za-z0-9]*)(\\$variant)?(?![\\w$])`, "g"))].filter((match) => available.has(match[1] ?? "")).map((match) => match[0]));
  const imported = [...used].sort();
  if (imported.length === 0) return code;
  const lines = code.split("\n");
  const comments = lines.findIndex((line) => !line.startsWith("//"));
  const importLine = `import { ${imported.join(", ")} } from "${from}";`;
  return [...lines.slice(0, comments), importLine, ...lines.slice(comments)].join("\n");
}

/** The start of a table module: its imports, the matchers' and the schemas' of `names`. */
function tableImports(names: readonly string[], inMessages: ReadonlySet<string>, places: SchemaPlaces, typeNames: string): string[] {
  return [HEADER, 'import type { CompiledTable } from "../compiled.js";', `import type { ${typeNames} } from "./protocol-types.js";`, ...matcherImports(names, inMessages), ...places.imports(names), ""];
}

/** Each of `names` as an entry of a table literal. */
function tableEntries(names: readonly string[], places: SchemaPlaces, indent: string): string[] {
  return names.map((name) => `${indent}${name}: { matches: matches${name}, schema: ${places.source(name)} },`);
}

function tableModule(names: readonly string[], inMessages: ReadonlySet<string>, places: SchemaPlaces): string {
  return [
    ...tableImports(names, inMessages, places, "MessageTypeName"),
    "/** The matcher and the schema of each type. */",
    "export const MESSAGE_TABLE: CompiledTable<MessageTypeName> = {",
    ...tableEntries(names, places, "  "),
    "};",
    "",
  ].join("\n");
}

/** The table of the types outside the message set: a function, which a cold start only parses in advance. */
function otherTableModule(names: readonly string[], inMessages: ReadonlySet<string>, places: SchemaPlaces): string {
  return [
    ...tableImports(names, inMessages, places, "MessageTypeName, ProtocolTypeName"),
    "/** The matcher and the schema of each type outside the message set. */",
    "export function otherTable(): CompiledTable<Exclude<ProtocolTypeName, MessageTypeName>> {",
    "  return {",
    ...tableEntries(names, places, "    "),
    "  };",
    "}",
    "",
  ].join("\n");
}

/** Imports of `<prefix><Name>` for `names` from the `<part>` modules they are defined in (message or all). */
function importsOf(prefix: string, part: string, names: readonly string[], inMessages: ReadonlySet<string>): string[] {
  return (["message", "all"] as const).flatMap((pair) => {
    const own = names.filter((name) => inMessages.has(name) === (pair === "message"));
    return own.length === 0 ? [] : [`import { ${own.map((name) => `${prefix}${name}`).join(", ")} } from "./${pair}-${part}.js";`];
  });
}

function matcherImports(names: readonly string[], inMessages: ReadonlySet<string>): string[] {
  return importsOf("matches", "matchers", names, inMessages);
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

const annotated = readBundle();
const forms = emittedForms(annotated);
const bundle = withoutAnnotations(annotated);
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
const compiled = compiledBundle(bundle);
const compiledDefinitions = isJsonObject(compiled.$defs) ? compiled.$defs : {};
// Producer-strict mode is part of the main entry point, so the types that
// read more than producers write and their emitted forms are compiled there.
const messageReach = reachable([...messageNames, ...[...forms].flat()], compiledDefinitions);
const messageDefinitions = names.filter((name) => messageReach.has(name));
const otherDefinitions = names.filter((name) => !messageReach.has(name));
const messageSet = new Set(messageNames);
const otherNames = names.filter((name) => !messageSet.has(name));
const questionReach = reachable(QUESTION_ROOTS, compiledDefinitions);
const places = new SchemaPlaces(questionReach, messageReach);
const outputs: { [file: string]: string } = {
  "message-matchers.ts": matchersModule(compiledDefinitions, messageDefinitions, HEADER),
  "all-matchers.ts": importingFrom(matchersModule(compiledDefinitions, otherDefinitions, HEADER), "matches", messageReach, "./message-matchers.js"),
  "question-schemas.ts": schemasModule(compiledDefinitions, names.filter((name) => questionReach.has(name)), HEADER),
  "message-schemas.ts": schemaSetModule(compiledDefinitions, messageDefinitions.filter((name) => !questionReach.has(name)), MESSAGE_SET, places, HEADER),
  "all-schemas.ts": schemaSetModule(compiledDefinitions, otherDefinitions, OTHER_SET, places, HEADER),
  "message-table.ts": tableModule(messageNames, messageReach, places),
  "all-table.ts": otherTableModule(otherNames, messageReach, places),
  "message-shapes.ts": strictShapesModule(definitions, messageDefinitions),
  "all-shapes.ts": strictShapesModule(definitions, otherDefinitions),
  "emitted-forms.ts": emittedFormsModule(forms, definitions, places),
  "protocol-types.ts": protocolTypesModule(names, messageNames),
  "message-guards.ts": guardsModule(messageNames, messageReach),
  "all-guards.ts": guardsModule(otherNames, messageReach, "./message-guards.js"),
  "integer-bounds.ts": integerBoundsModule(bundle, HEADER),
};
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
for (const [file, code] of Object.entries(outputs)) writeFileSync(join(OUT, file), code);
console.log(`compiled ${messageNames.length} message types (${messageDefinitions.length} definitions) and all ${names.length} types into ${OUT}`);
