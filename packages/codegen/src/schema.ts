// Read-only access to the schema bundle (schemas/protocol.schema.json): its
// definitions and the few questions every emitter asks of a schema node.
import { isJsonObject, type JsonObject } from "@app-server-protocol/generator/json";
import { localDefinitionName } from "@app-server-protocol/generator/schema-tools";

export { isJsonObject, type JsonObject };

/** The bundle's `$defs`, by type name. */
export type Definitions = Readonly<Record<string, JsonObject>>;

export function definitionsOf(bundle: JsonObject): Definitions {
  const definitions = bundle.$defs;
  if (!isJsonObject(definitions)) throw new Error("the schema bundle has no $defs");
  const result: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(definitions)) {
    if (!isJsonObject(schema)) throw new Error(`definition ${name} is not a schema object`);
    result[name] = schema;
  }
  return result;
}

/** The definition a `$ref` node names, or `undefined` for any other node. */
export function refName(node: unknown): string | undefined {
  return isJsonObject(node) ? localDefinitionName(node.$ref) : undefined;
}

export function propertiesOf(schema: JsonObject): Readonly<Record<string, JsonObject>> {
  const properties = schema.properties;
  if (!isJsonObject(properties)) return {};
  const result: Record<string, JsonObject> = {};
  for (const [name, property] of Object.entries(properties)) if (isJsonObject(property)) result[name] = property;
  return result;
}

export function requiredOf(schema: JsonObject): ReadonlySet<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === "string") : []);
}

/** The members of an `anyOf` or `oneOf`, objects only. */
export function unionMembers(schema: JsonObject): JsonObject[] | undefined {
  const members = schema.oneOf ?? schema.anyOf;
  return Array.isArray(members) ? members.filter(isJsonObject) : undefined;
}

/** Whether a node accepts `null`: `type: "null"`, a type list with it, or a union member that is. */
export function acceptsNull(schema: JsonObject): boolean {
  if (schema.type === "null") return true;
  if (Array.isArray(schema.type) && schema.type.includes("null")) return true;
  return (unionMembers(schema) ?? []).some(acceptsNull);
}

/** A string constant a node pins, from `const` or a one-value `enum`. */
export function constantOf(schema: JsonObject): string | undefined {
  if (typeof schema.const === "string") return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length === 1 && typeof schema.enum[0] === "string") return schema.enum[0];
  return undefined;
}

/** The string values a node allows, from `const` or `enum`; `undefined` when it is not a string enumeration. */
export function stringValuesOf(schema: JsonObject): string[] | undefined {
  if (typeof schema.const === "string") return [schema.const];
  if (Array.isArray(schema.enum) && schema.enum.every((value) => typeof value === "string")) return schema.enum.filter((value): value is string => typeof value === "string");
  return undefined;
}

export function descriptionOf(schema: JsonObject): string | undefined {
  return typeof schema.description === "string" ? schema.description : undefined;
}
