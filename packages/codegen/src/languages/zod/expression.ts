// One schema node as a zod expression. Only the keywords the protocol's
// schemas use are understood, each with its exact rule; any other keyword is
// an error, so a rule the schemas gain is never dropped silently.
import { jsonNumberText } from "@app-server-protocol/generator/json";
import { SCHEMA_ANNOTATIONS } from "@app-server-protocol/generator/schema-tools";
import { isJsonObject, propertiesOf, refName, requiredOf, type JsonObject } from "../../schema.js";
import { docComment } from "./doc-comment.js";
import { referencesOf } from "./order.js";

export interface Scope {
  /** Whether the schema of definition `name` is declared above the declaration being written. */
  declared(name: string): boolean;
}

/** Inside a getter every schema of the module can be read. */
const EVERY_SCHEMA: Scope = { declared: () => true };

const KEYWORDS_BY_TYPE: { readonly [type: string]: ReadonlySet<string> } = {
  string: new Set(["pattern", "enum", "const"]),
  integer: new Set(["minimum", "maximum"]),
  number: new Set(["minimum", "maximum"]),
  boolean: new Set(),
  null: new Set(),
  array: new Set(["items"]),
  object: new Set(["properties", "required", "additionalProperties", "maxProperties"]),
};

/** The keywords of a node that say something about validation. */
function rules(node: JsonObject): string[] {
  return Object.keys(node).filter((keyword) => !SCHEMA_ANNOTATIONS.has(keyword));
}

function unsupported(where: string, what: string): Error {
  return new Error(`${where}: ${what} has no zod form in the typescript-zod pass; teach packages/codegen/src/languages/zod/expression.ts`);
}

/** A reference to another definition's schema, deferred when that schema is declared further down. */
function reference(name: string, scope: Scope): string {
  return scope.declared(name) ? `${name}Schema` : `z.lazy(() => ${name}Schema)`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

export function propertyKey(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A comma-separated list, on one line when short. */
export function list(open: string, items: readonly string[], close: string, indent: string): string {
  const line = `${open}${items.join(", ")}${close}`;
  if (line.length + indent.length <= 100 && !items.some((item) => item.includes("\n"))) return line;
  return `${open}\n${items.map((item) => `${indent}  ${item},\n`).join("")}${indent}${close}`;
}

/**
 * A bound check whose failure names the bound as the schema writes it: zod
 * prints the double it holds, and u64's 18446744073709551615 is 2^64 once
 * parsed (18446744073709552000 printed), so such a bound gets zod's own
 * message with the exact text.
 */
function boundCheck(check: "min" | "max", bound: number | undefined): string {
  if (bound === undefined) return "";
  const text = jsonNumberText(bound);
  if (text === String(bound)) return `.${check}(${text})`;
  const message = check === "min" ? `Too small: expected number to be >=${text}` : `Too big: expected number to be <=${text}`;
  return `.${check}(${text}, ${JSON.stringify(message)})`;
}

function integerExpression(node: JsonObject): string {
  const minimum = typeof node.minimum === "number" ? node.minimum : undefined;
  const maximum = typeof node.maximum === "number" ? node.maximum : undefined;
  // Every integer is wireInteger() of wire.ts and its bounds: z.int(), z.int32() and z.uint32() check the
  // safe-integer range first, and for a value past 2^53 their message names that range's bound, not the schema's.
  return `wireInteger()${boundCheck("min", minimum)}${boundCheck("max", maximum)}`;
}

function numberExpression(node: JsonObject): string {
  return `z.number()${typeof node.minimum === "number" ? `.min(${jsonNumberText(node.minimum)})` : ""}${typeof node.maximum === "number" ? `.max(${jsonNumberText(node.maximum)})` : ""}`;
}

function stringExpression(node: JsonObject, where: string, indent: string): string {
  const values = node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (values !== undefined) {
    if (!values.every((value): value is string => typeof value === "string") || values.length === 0) throw unsupported(where, "an enum of values other than strings");
    if (node.pattern !== undefined) throw unsupported(where, "an enum with a pattern");
    const quoted = values.map((value) => JSON.stringify(value));
    return quoted.length === 1 ? `z.literal(${quoted.join("")})` : list("z.enum([", quoted, "])", indent);
  }
  if (node.pattern === undefined) return "z.string()";
  if (typeof node.pattern !== "string") throw unsupported(where, "a pattern that is not a string");
  // JSON Schema patterns are ECMAScript regular expressions with the `u` flag, as ajv runs them.
  return `z.string().regex(new RegExp(${JSON.stringify(node.pattern)}, "u"))`;
}

/** The schema of any JSON value: a node with no rules. */
function isAnything(node: unknown): boolean {
  return node === true || (isJsonObject(node) && rules(node).length === 0);
}

/**
 * A record. Unknown fields are kept (`z.looseObject`), as the reference
 * accepts them; a record that allows no other key (a one-key wrapper with
 * `maxProperties` equal to its required fields) is a `z.strictObject`; a
 * record of only typed extra keys is a map.
 */
function objectExpression(node: JsonObject, scope: Scope, where: string, indent: string): string {
  const properties = propertiesOf(node);
  const required = requiredOf(node);
  const names = Object.keys(properties);
  for (const name of required) if (!names.includes(name)) throw unsupported(`${where}.${name}`, "a required field the record does not define");
  const extra = node.additionalProperties;
  const typedExtra = isJsonObject(extra) && !isAnything(extra);
  if (typedExtra && names.length === 0) {
    if (node.maxProperties !== undefined) throw unsupported(where, "maxProperties on a map");
    return `jsonMap(${expression(extra, scope, `${where}[key]`, indent)})`;
  }
  if (typedExtra) throw unsupported(where, "a record with typed extra keys");
  let constructor = extra === false ? "strictObject" : "looseObject";
  if (node.maxProperties !== undefined) {
    if (node.maxProperties !== required.size || names.some((name) => !required.has(name))) throw unsupported(where, `maxProperties ${String(node.maxProperties)} beside optional or unlisted fields`);
    constructor = "strictObject";
  }
  if (names.length === 0) return `z.${constructor}({})`;
  const inner = `${indent}  `;
  const fields = names.map((name) => {
    const property = properties[name] ?? {};
    const optional = required.has(name) ? "" : ".exactOptional()";
    const doc = docComment(typeof property.description === "string" ? property.description : undefined, inner);
    // A reference to a schema declared further down is read when the field is first used.
    if (referencesOf(property).some((target) => !scope.declared(target))) {
      return `${doc}${inner}get ${propertyKey(name)}() {\n${inner}  return ${expression(property, EVERY_SCHEMA, `${where}.${name}`, `${inner}  `)}${optional};\n${inner}},\n`;
    }
    return `${doc}${inner}${propertyKey(name)}: ${expression(property, scope, `${where}.${name}`, inner)}${optional},\n`;
  });
  return `z.${constructor}({\n${fields.join("")}${indent}})`;
}

function typeExpression(type: string, node: JsonObject, scope: Scope, where: string, indent: string): string {
  const allowed = KEYWORDS_BY_TYPE[type];
  if (allowed === undefined) throw unsupported(where, `type ${type}`);
  const extra = rules(node).filter((keyword) => keyword !== "type" && !allowed.has(keyword));
  if (extra.length > 0) throw unsupported(where, `${extra.join(", ")} on a ${type}`);
  switch (type) {
    case "string":
      return stringExpression(node, where, indent);
    case "integer":
      return integerExpression(node);
    case "number":
      return numberExpression(node);
    case "boolean":
      return "z.boolean()";
    case "null":
      return "z.null()";
    case "array":
      if (!isJsonObject(node.items)) throw unsupported(where, "an array without one item schema");
      return `z.array(${expression(node.items, scope, `${where}[]`, indent)})`;
    default:
      return objectExpression(node, scope, where, indent);
  }
}

/** `T | null` written as a union with `null`. */
function nullableMember(members: unknown[], scope: Scope, where: string, indent: string): string | undefined {
  if (members.length !== 2) return undefined;
  const isNull = (member: unknown) => isJsonObject(member) && member.type === "null" && rules(member).length === 1;
  const other = members.find((member) => !isNull(member));
  if (!members.some(isNull) || !isJsonObject(other)) return undefined;
  return `${expression(other, scope, where, indent)}.nullable()`;
}

/** The zod expression of a schema node. `where` names it in errors; `indent` is the indentation of its first line. */
export function expression(node: JsonObject, scope: Scope, where: string, indent: string): string {
  const target = refName(node);
  if (target !== undefined) {
    if (rules(node).length !== 1) throw unsupported(where, "a reference with sibling rules");
    return reference(target, scope);
  }
  const members = node.anyOf ?? node.oneOf;
  if (Array.isArray(members)) {
    const nullable = rules(node).length === 1 ? nullableMember(members, scope, where, indent) : undefined;
    if (nullable === undefined) throw unsupported(where, "an unnamed union");
    return nullable;
  }
  const type = node.type;
  if (type === undefined) {
    if (rules(node).length > 0) throw unsupported(where, `${rules(node).join(", ")} without a type`);
    return "z.unknown()";
  }
  if (typeof type === "string") return typeExpression(type, node, scope, where, indent);
  const nonNull = Array.isArray(type) ? type.filter((entry) => entry !== "null") : [];
  const [single] = nonNull;
  if (!Array.isArray(type) || type.length !== 2 || typeof single !== "string" || nonNull.length !== 1) throw unsupported(where, `type ${JSON.stringify(type)}`);
  // A null beside an enum or constant would still have to be one of its values.
  if (node.enum !== undefined || node.const !== undefined) throw unsupported(where, "a nullable enum");
  return `${typeExpression(single, node, scope, where, indent)}.nullable()`;
}
