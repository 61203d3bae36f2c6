// Python type expressions for the schema nodes the pass declares itself
// (union variants' data, aliases); quicktype spells those of records.
import { isJsonObject, refName, stringValuesOf, unionMembers, type JsonObject } from "../../schema.js";
import { isOpaque } from "./fields.js";

const PRIMITIVES: Readonly<Record<string, string>> = { string: "str", integer: "int", number: "float", boolean: "bool", null: "None" };

function nullable(inner: string): string {
  return `Optional[${inner}]`;
}

/** The annotation of a value of `schema`. */
export function typeExpression(schema: JsonObject): string {
  const ref = refName(schema);
  if (ref !== undefined) return ref;
  if (isOpaque(schema)) return "Any";
  const members = unionMembers(schema);
  if (members !== undefined) {
    const present = members.filter((member) => member.type !== "null");
    const inner = present.length === 1 && present[0] !== undefined ? typeExpression(present[0]) : `Union[${present.map(typeExpression).join(", ")}]`;
    return present.length < members.length ? nullable(inner) : inner;
  }
  if (Array.isArray(schema.type)) {
    const present = schema.type.filter((name): name is string => typeof name === "string" && name !== "null");
    const inner = present.length === 1 ? typeExpression({ ...schema, type: present[0] }) : `Union[${present.map((name) => typeExpression({ type: name })).join(", ")}]`;
    return present.length < schema.type.length ? nullable(inner) : inner;
  }
  const literals = stringValuesOf(schema);
  if (literals !== undefined) return `Literal[${literals.map((value) => JSON.stringify(value)).join(", ")}]`;
  if (schema.type === "array") return `List[${isJsonObject(schema.items) ? typeExpression(schema.items) : "Any"}]`;
  if (schema.type === "object") return `Dict[str, ${isJsonObject(schema.additionalProperties) ? typeExpression(schema.additionalProperties) : "Any"}]`;
  const primitive = typeof schema.type === "string" ? PRIMITIVES[schema.type] : undefined;
  if (primitive === undefined) throw new Error(`no Python type for ${JSON.stringify(schema)}`);
  return primitive;
}
