// The declaration of each protocol type: its schema, `<Type>Schema`, and its
// type, `<Type>`, inferred from the schema, in an order where every schema
// follows the schemas it uses.
import type { BindingsModel } from "../../model.js";
import { descriptionOf, propertiesOf, requiredOf, type JsonObject } from "../../schema.js";
import type { Union } from "../../unions.js";
import { docComment } from "./doc-comment.js";
import { expression, type Scope } from "./expression.js";
import { declarationOrder } from "./order.js";
import { membersOf, unionExpression } from "./union-expression.js";

/**
 * The tag of a record that is no union's variant but holds a constant in
 * exactly one required string field (a union with one variant, such as
 * `McpServerSourcePlugin`): it is declared as a discriminated union of that
 * one record, so a wrong tag is an unknown tag, checked before the other
 * fields, as the decoder reads it.
 */
function constantTag(schema: JsonObject): string | undefined {
  if (schema.type !== "object") return undefined;
  const required = requiredOf(schema);
  const tags = Object.entries(propertiesOf(schema)).filter(([field, property]) => required.has(field) && property.type === "string" && typeof property.const === "string");
  const [only] = tags;
  return only !== undefined && tags.length === 1 ? only[0] : undefined;
}

function recordExpression(name: string, schema: JsonObject, scope: Scope, tagged: boolean): string {
  const tag = tagged ? constantTag(schema) : undefined;
  if (tag === undefined) return expression(schema, scope, name, "");
  return `z.discriminatedUnion(${JSON.stringify(tag)}, [\n  ${expression(schema, scope, name, "  ")},\n])`;
}

function declaration(name: string, schema: JsonObject, union: Union | undefined, scope: Scope, tagged: boolean): string {
  const body = union === undefined ? recordExpression(name, schema, scope, tagged) : unionExpression(union, scope);
  const description = union?.description ?? descriptionOf(schema);
  return [
    `${docComment(`The schema of {@link ${name}}.`)}export const ${name}Schema = ${body};`,
    `${docComment(description)}export type ${name} = z.infer<typeof ${name}Schema>;`,
  ].join("\n");
}

/** Every declaration, each after the schemas it uses. */
export function declarations(model: BindingsModel): string[] {
  const unions = new Map(model.unions.map((union) => [union.name, union]));
  const declared = new Set<string>();
  const scope: Scope = { declared: (name) => declared.has(name) };
  const members = new Set(model.unions.flatMap(membersOf));
  return declarationOrder(model.definitions, members).map((name) => {
    const text = declaration(name, model.definitions[name] ?? {}, unions.get(name), scope, !members.has(name));
    declared.add(name);
    return text;
  });
}
