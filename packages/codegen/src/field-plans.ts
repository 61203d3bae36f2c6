// How each field of a record is read when absent and written on encode, from
// the reference's presence rules (`model.presence`) and the field's schema:
// the emission rules every binding follows, and the TypeScript emission
// (emission.ts) the conformance vectors are compared with.
import type { BindingsModel } from "./model.js";
import { isThreeState, presenceOf, type Presence } from "./presence.js";
import { acceptsNull, isJsonObject, propertiesOf, unionMembers, type JsonObject } from "./schema.js";

/**
 * How an encoder writes a field ("none" is the value of a field that was
 * absent, or `null`, with no default to read instead):
 * - `always`: every time, none as `null`;
 * - `or_default`: every time, none as the field's default;
 * - `if_set`: unless none (the field may be absent, but is never `null`);
 * - `when_set`: unless none, equal to its default, or an empty list or map;
 * - `unless_unset`: a three-state field, whose `null` is a value of its own
 *   (`token_budget`: absent keeps, `null` clears): unless absent, none as `null`.
 */
export type Emit = "always" | "or_default" | "if_set" | "when_set" | "unless_unset";

export interface FieldPlan {
  wire: string;
  presence: Presence;
  emit: Emit;
  /** The schema's default: what an absent field (or a `null` one, when the schema allows it) decodes to. */
  default: { value: unknown } | undefined;
  /** A `when_set` list or map, left out when empty. */
  omitEmpty: boolean;
  /** Whether the decoded field may hold none. */
  optional: boolean;
}

const TYPE_KEYWORDS = ["type", "$ref", "anyOf", "oneOf", "enum", "const", "properties", "additionalProperties", "items"];

/** A payload the schema leaves open: any JSON value, `null` included. */
export function isOpaque(schema: JsonObject): boolean {
  return TYPE_KEYWORDS.every((keyword) => schema[keyword] === undefined);
}

/** The schema of a field's values other than `null`: `T` of a `T | null`. */
export function withoutNull(schema: JsonObject): JsonObject {
  const members = unionMembers(schema);
  if (members !== undefined && members.length === 2) {
    const present = members.filter((member) => member.type !== "null");
    if (present.length === 1 && present[0] !== undefined) return present[0];
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((name) => name !== "null");
    if (types.length === 1) return { ...schema, type: types[0] };
  }
  return schema;
}

function isCollection(schema: JsonObject): boolean {
  const present = withoutNull(schema);
  if (present.type === "array") return true;
  return present.type === "object" && present.properties === undefined && isJsonObject(present.additionalProperties);
}

function emitOf(presence: Presence, schema: JsonObject, hasDefault: boolean): Emit {
  if (presence === "required") return "always";
  if (presence === "when_set" && isThreeState(schema)) return "unless_unset";
  if (presence === "when_set") return "when_set";
  if (hasDefault) return "or_default";
  return acceptsNull(schema) || isOpaque(schema) ? "always" : "if_set";
}

/** The plan of every field of record `record`, in schema order. */
export function fieldPlans(model: BindingsModel, record: string): Map<string, FieldPlan> {
  const definition = model.definitions[record];
  if (definition === undefined) throw new Error(`no definition ${record}`);
  return recordPlans(definition);
}

/** The plan of every field of a record schema (named or inline), in schema order. */
export function recordPlans(definition: JsonObject): Map<string, FieldPlan> {
  const presence = presenceOf(definition);
  const plans = new Map<string, FieldPlan>();
  for (const [wire, schema] of Object.entries(propertiesOf(definition))) {
    const fieldPresence = presence.get(wire) ?? "always";
    const fieldDefault = "default" in schema ? { value: schema.default } : undefined;
    const optional = fieldDefault === undefined ? fieldPresence !== "required" || acceptsNull(schema) || isOpaque(schema) : fieldDefault.value === null;
    plans.set(wire, {
      wire,
      presence: fieldPresence,
      emit: emitOf(fieldPresence, schema, fieldDefault !== undefined),
      default: fieldDefault,
      omitEmpty: fieldPresence === "when_set" && isCollection(schema),
      optional,
    });
  }
  return plans;
}
