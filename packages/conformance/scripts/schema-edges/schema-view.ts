// What the vector generator asks of a schema node: which JSON kinds it
// accepts, whether it is a string enumeration, an integer with bounds, or a
// record, seen through references and `T | null`.
import { withoutNull } from "@app-server-protocol/codegen/field-plans";
import type { BindingsModel } from "@app-server-protocol/codegen/model";
import { isJsonObject, propertiesOf, refName, stringValuesOf, unionMembers, type JsonObject } from "@app-server-protocol/codegen/schema";
import { jsonNumberText } from "@app-server-protocol/generator/json";

export type JsonKind = "null" | "boolean" | "integer" | "number" | "string" | "array" | "object";

export const JSON_KINDS: readonly JsonKind[] = ["null", "boolean", "integer", "number", "string", "array", "object"];

export interface IntegerBounds {
  readonly minimum: bigint | undefined;
  readonly maximum: bigint | undefined;
}

export class SchemaView {
  readonly #unions: Map<string, BindingsModel["unions"][number]>;

  constructor(readonly model: BindingsModel) {
    this.#unions = new Map(model.unions.map((union) => [union.name, union]));
  }

  definition(name: string): JsonObject {
    const schema = this.model.definitions[name];
    if (schema === undefined) throw new Error(`no protocol type ${name}`);
    return schema;
  }

  union(name: string): BindingsModel["unions"][number] | undefined {
    return this.#unions.get(name);
  }

  /** The node without `null`: `T` of a `T | null`, the node itself otherwise. */
  present(schema: JsonObject): JsonObject {
    return withoutNull(schema);
  }

  /** The node a chain of references leads to, with the name of the last definition on the way. */
  resolved(schema: JsonObject): { schema: JsonObject; name: string | undefined } {
    let node = this.present(schema);
    let name: string | undefined;
    for (let ref = refName(node); ref !== undefined; ref = refName(node)) {
      name = ref;
      node = this.present(this.definition(ref));
    }
    return { schema: node, name };
  }

  /** The JSON kinds a node accepts (an `integer` node accepts no other number; a `number` node accepts integers). */
  kinds(schema: JsonObject): Set<JsonKind> {
    const ref = refName(schema);
    if (ref !== undefined) {
      const union = this.union(ref);
      if (union === undefined) return this.kinds(this.definition(ref));
      if (union.kind === "internal") return new Set(["object"]);
      if (union.kind === "external") return new Set(union.units.length > 0 ? ["string", "object"] : ["object"]);
      return new Set(union.variants.flatMap((variant) => [...this.kinds({ $ref: `#/$defs/${variant}` })]));
    }
    const members = unionMembers(schema);
    if (members !== undefined) return new Set(members.flatMap((member) => [...this.kinds(member)]));
    if (schema.const !== undefined || Array.isArray(schema.enum)) {
      const values: unknown[] = schema.const !== undefined ? [schema.const] : Array.isArray(schema.enum) ? schema.enum : [];
      return new Set(values.map(kindOf));
    }
    const types = typeof schema.type === "string" ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((type): type is string => typeof type === "string") : [];
    if (types.length === 0) return new Set(JSON_KINDS);
    const kinds = new Set<JsonKind>();
    for (const type of types) {
      if (type === "number") kinds.add("number").add("integer");
      else if (isKind(type)) kinds.add(type);
    }
    return kinds;
  }

  /** The string values of an enumeration or constant, through references and `T | null`. */
  enumValues(schema: JsonObject): string[] | undefined {
    const { schema: node, name } = this.resolved(schema);
    if (name !== undefined && this.union(name) !== undefined) return undefined;
    return stringValuesOf(node);
  }

  /** The bounds of an integer node, exactly as the schema writes them; `undefined` for any other node. */
  integerBounds(schema: JsonObject): IntegerBounds | undefined {
    const { schema: node } = this.resolved(schema);
    if (node.type !== "integer") return undefined;
    return { minimum: exact(node.minimum), maximum: exact(node.maximum) };
  }

  /** The record a node is (an object with named fields, not a union), through references. */
  record(schema: JsonObject): JsonObject | undefined {
    const { schema: node, name } = this.resolved(schema);
    if (name !== undefined && this.union(name) !== undefined) return undefined;
    return node.type === "object" && isJsonObject(node.properties) && Object.keys(propertiesOf(node)).length > 0 ? node : undefined;
  }
}

function isKind(type: string): type is JsonKind {
  return JSON_KINDS.some((kind) => kind === type);
}

function kindOf(value: unknown): JsonKind {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  if (typeof value === "boolean" || typeof value === "string") return typeof value === "boolean" ? "boolean" : "string";
  return "object";
}

function exact(bound: unknown): bigint | undefined {
  return typeof bound === "number" ? BigInt(jsonNumberText(bound)) : undefined;
}
