// `other_types.go`: the protocol types quicktype does not declare: another
// type's second name, lists, integer widths, and the two payload-free types.
import { SCHEMA_ANNOTATIONS } from "@app-server-protocol/generator/schema-tools";
import type { BindingsModel } from "../../model.js";
import { descriptionOf, isJsonObject, refName, unionMembers, type JsonObject } from "../../schema.js";
import { definitionKind } from "./definition-kinds.js";
import { docComment, goFile } from "./format.js";
import { integerGoType } from "./schema-nodes.js";

const PRIMITIVES: Readonly<Record<string, string>> = { string: "string", number: "float64", boolean: "bool" };

function primitiveType(schema: JsonObject, model: BindingsModel): string | undefined {
  if (schema.type === "integer") return integerGoType(schema, model.definitions);
  return typeof schema.type === "string" ? PRIMITIVES[schema.type] : undefined;
}

/** An inline list of a named or primitive item type, as a Go slice: nil is its null. */
function sliceType(schema: JsonObject | undefined, model: BindingsModel): string | undefined {
  if (schema?.type !== "array" || !isJsonObject(schema.items)) return undefined;
  const item = refName(schema.items) ?? primitiveType(schema.items, model);
  return item === undefined ? undefined : `[]${item}`;
}

function listDeclarations(name: string, schema: JsonObject, model: BindingsModel): string[][] {
  const items = isJsonObject(schema.items) ? schema.items : {};
  const item = refName(items) ?? primitiveType(items, model);
  if (item === undefined) throw new Error(`${name}: a list of ${JSON.stringify(items)}; name its item type`);
  return [
    [...docComment(descriptionOf(schema)), `type ${name} []${item}`],
    [`// MarshalJSON writes a nil ${name} as an empty list, as the reference does.`, `func (list ${name}) MarshalJSON() ([]byte, error) {`, "\tif list == nil {", '\t\treturn []byte("[]"), nil', "\t}", `\treturn json.Marshal([]${item}(list))`, "}"],
  ];
}

function emptyObjectDeclarations(name: string, schema: JsonObject): string[][] {
  return [
    [...docComment(descriptionOf(schema)), "//", `// Its keys are kept as they were read.`, `type ${name} map[string]json.RawMessage`],
    [`// MarshalJSON writes a nil ${name} as {}.`, `func (params ${name}) MarshalJSON() ([]byte, error) {`, "\tif params == nil {", '\t\treturn []byte("{}"), nil', "\t}", "\treturn json.Marshal(map[string]json.RawMessage(params))", "}"],
  ];
}

function nullDeclarations(name: string, schema: JsonObject): string[][] {
  return [
    [...docComment(descriptionOf(schema)), `type ${name} struct{}`],
    [`// MarshalJSON writes null.`, `func (${name}) MarshalJSON() ([]byte, error) {`, '\treturn []byte("null"), nil', "}"],
    [
      "// UnmarshalJSON accepts null only.",
      `func (*${name}) UnmarshalJSON(data []byte) error {`,
      '\tif string(bytes.TrimSpace(data)) != "null" {',
      `\t\treturn fmt.Errorf("protocol: ${name} must be null, not %s", data)`,
      "\t}",
      "\treturn nil",
      "}",
    ],
  ];
}

/** A `T | null` type: a pointer to T, nil for null (a list's own nil is its null, named or inline). */
function nullableDeclaration(name: string, schema: JsonObject, model: BindingsModel): string[] | undefined {
  const members = unionMembers(schema);
  const inner = members?.filter((member) => member.type !== "null");
  if (members === undefined || inner?.length !== 1 || members.length !== 2) return undefined;
  const [member] = inner;
  const slice = sliceType(member, model);
  if (slice !== undefined) return [...docComment(descriptionOf(schema)), `type ${name} = ${slice}`];
  const target = refName(member);
  const spelled = target ?? primitiveType(member ?? {}, model);
  if (spelled === undefined) return undefined;
  const pointer = target !== undefined && definitionKind(model, target) === "list" ? spelled : `*${spelled}`;
  return [...docComment(descriptionOf(schema)), `type ${name} = ${pointer}`];
}

function otherDeclarations(name: string, schema: JsonObject, model: BindingsModel): string[][] {
  if (schema.type === "null") return nullDeclarations(name, schema);
  if (schema.type === "object") return emptyObjectDeclarations(name, schema);
  // Any JSON value (a tolerant reading): kept as the bytes it was read from, as opaque payloads are.
  if (Object.keys(schema).every((keyword) => SCHEMA_ANNOTATIONS.has(keyword))) return [[...docComment(descriptionOf(schema)), `type ${name} = json.RawMessage`]];
  const nullable = nullableDeclaration(name, schema, model);
  if (nullable !== undefined) return [nullable];
  const primitive = primitiveType(schema, model);
  if (primitive === undefined) throw new Error(`${name}: a protocol type the Go pass cannot declare: ${JSON.stringify(schema)}`);
  return [[...docComment(descriptionOf(schema)), `type ${name} = ${primitive}`]];
}

/** The protocol types `other_types.go` declares. */
export function otherTypeNames(model: BindingsModel): string[] {
  return Object.keys(model.definitions).filter((name) => ["alias", "list", "other"].includes(definitionKind(model, name)));
}

export function otherTypesFile(model: BindingsModel, packageName: string): string {
  const declarations: string[][] = [];
  for (const name of otherTypeNames(model)) {
    const schema = model.definitions[name] ?? {};
    const kind = definitionKind(model, name);
    const alias = model.aliases.find((candidate) => candidate.name === name);
    if (alias !== undefined) declarations.push([...docComment(alias.description), `type ${name} = ${alias.target}`]);
    else if (kind === "list") declarations.push(...listDeclarations(name, schema, model));
    else declarations.push(...otherDeclarations(name, schema, model));
  }
  return goFile(["bytes", "encoding/json", "fmt"], declarations, packageName);
}
