// The protocol names quicktype does not declare, each declared by the
// language as an alias: the model's aliases (`SessionForkResult` is a
// `SessionRecord`), enums quicktype merged into an identical one
// (`AgentPermissionMode` is spelled `PermissionMode`), and definitions
// quicktype spells inline: named lists (`SessionListResult`), maps
// (`EmptyParams`), nullable references (`LastProviderRequestResult`) and
// any JSON value (`UsageIterationsInput`).
import type { BindingsModel } from "../../model.js";
import { descriptionOf, isJsonObject, propertiesOf, refName, unionMembers, type JsonObject } from "../../schema.js";

/** A type as an alias spells it. */
export type AliasShape =
  | { ref: string }
  | { primitive: "string" | "integer" | "number" | "boolean" }
  | { any: true }
  | { list: AliasShape }
  | { map: AliasShape }
  | { nullable: AliasShape };

export interface AliasDeclaration {
  name: string;
  shape: AliasShape;
  description: string | undefined;
}

const PRIMITIVES = new Set(["string", "integer", "number", "boolean"]);

function primitiveShape(type: unknown): AliasShape | undefined {
  if (typeof type !== "string" || !PRIMITIVES.has(type)) return undefined;
  return { primitive: type === "string" ? "string" : type === "integer" ? "integer" : type === "number" ? "number" : "boolean" };
}

/** The shape of a schema node, or `undefined` where it is not a plain type expression. */
function shapeOf(schema: JsonObject): AliasShape | undefined {
  const ref = refName(schema);
  if (ref !== undefined) return { ref };
  if (schema.enum !== undefined || schema.const !== undefined) return undefined;
  const members = unionMembers(schema);
  if (members !== undefined) {
    const inner = members.filter((member) => member.type !== "null");
    const shape = members.length === 2 && inner.length === 1 && inner[0] !== undefined ? shapeOf(inner[0]) : undefined;
    return shape === undefined ? undefined : { nullable: shape };
  }
  if (Array.isArray(schema.type)) {
    const [first, second, ...rest] = schema.type;
    const inner = rest.length === 0 ? (first === "null" ? second : second === "null" ? first : undefined) : undefined;
    const shape = primitiveShape(inner);
    return shape === undefined ? undefined : { nullable: shape };
  }
  if (schema.type === "array") return { list: isJsonObject(schema.items) ? (shapeOf(schema.items) ?? { any: true }) : { any: true } };
  if (schema.type === "object") {
    if (Object.keys(propertiesOf(schema)).length > 0) return undefined;
    const values = schema.additionalProperties;
    return { map: isJsonObject(values) ? (shapeOf(values) ?? { any: true }) : { any: true } };
  }
  if (schema.type === undefined) return { any: true };
  return primitiveShape(schema.type);
}

/** Whether an alias of this shape would name a container or any JSON value (a tolerant reading), not just respell a primitive. */
function isContainer(shape: AliasShape): boolean {
  return "list" in shape || "map" in shape || "nullable" in shape || "any" in shape;
}

/** References to aliases replaced by their targets, so an alias never names another alias. */
function resolved(shape: AliasShape, targets: ReadonlyMap<string, AliasShape>, seen: ReadonlySet<string> = new Set()): AliasShape {
  if ("ref" in shape) {
    const target = targets.get(shape.ref);
    if (target === undefined) return shape;
    if (seen.has(shape.ref)) throw new Error(`${shape.ref}: a cycle of aliases`);
    return resolved(target, targets, new Set([...seen, shape.ref]));
  }
  if ("list" in shape) return { list: resolved(shape.list, targets, seen) };
  if ("map" in shape) return { map: resolved(shape.map, targets, seen) };
  if ("nullable" in shape) return { nullable: resolved(shape.nullable, targets, seen) };
  return shape;
}

/**
 * Every alias a language declares, in definition order. `declared` holds
 * the names quicktype declared, `mergedInto` each definition quicktype
 * declared under another name; unions are declared by the union pass.
 */
export function protocolAliases(model: BindingsModel, declared: ReadonlySet<string>, mergedInto: ReadonlyMap<string, string>): AliasDeclaration[] {
  const unions = new Set(model.unions.map((union) => union.name));
  const targets = new Map<string, AliasShape>();
  for (const alias of model.aliases) targets.set(alias.name, { ref: alias.target });
  for (const [name, schema] of Object.entries(model.definitions)) {
    if (targets.has(name) || declared.has(name) || unions.has(name)) continue;
    const shape = shapeOf(schema);
    if (shape !== undefined && isContainer(shape)) targets.set(name, shape);
  }
  // quicktype strips `| null` from what a field holds, so containers are spelled from the schema first.
  // A primitive it names after itself (a pattern-checked string is `string`) stays inline, like every primitive.
  for (const [name, target] of mergedInto) if (!targets.has(name) && !unions.has(name) && target in model.definitions) targets.set(name, { ref: target });
  const aliases: AliasDeclaration[] = [];
  for (const [name, schema] of Object.entries(model.definitions)) {
    const shape = targets.get(name);
    if (shape !== undefined) aliases.push({ name, shape: resolved(shape, targets), description: descriptionOf(schema) });
  }
  return aliases;
}
