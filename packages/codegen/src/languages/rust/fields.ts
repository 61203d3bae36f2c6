// A record field's Rust type and serde attributes, from its presence: what
// a decoder may find absent, and what the encoder writes (spec notation:
// REQ, OPT = always emitted, OMIT = left out when default/empty/none).
import type { TypeKind } from "quicktype-core";
import type { Presence } from "../../presence.js";
import { acceptsNull, descriptionOf, isJsonObject, propertiesOf, refName, unionMembers, type Definitions, type JsonObject } from "../../schema.js";
import { defaultExpression, isZeroValue } from "./defaults.js";
import type { PresenceModule } from "./presence-module.js";

export interface FieldInput {
  record: string;
  /** The wire name. */
  field: string;
  presence: Presence;
  /** The field's schema in the bundle. */
  schema: JsonObject;
  /** The Rust type of a present, non-null value. */
  type: string;
  /** The quicktype kind of that value. */
  kind: TypeKind;
  /** Whether quicktype made the field an `Option` (it may be absent or null). */
  optional: boolean;
  /** Whether the schema accepts `null` for it. */
  nullable: boolean;
  /** The string definition with a pattern the field is of (patterns.ts), if any. */
  patternAlias: string | undefined;
  enumCase(value: string): string;
}

export interface FieldPlan {
  type: string;
  /** The arguments of the field's `#[serde(...)]`, without the rename. */
  serde: string[];
}

const SKIP_NONE = 'skip_serializing_if = "Option::is_none"';

/**
 * The spec's word for a field where absent and `null` differ (absent keeps
 * a value, `null` clears it): such a field is an `Option<Option<T>>`.
 */
const THREE_STATE = /\bthree-state\b/i;

/** Whether a field's schema accepts `null`: a nullable type, an opaque value, or a reference to either. */
export function nullAccepted(schema: JsonObject, definitions: Definitions, seen: ReadonlySet<string> = new Set()): boolean {
  const target = refName(schema);
  if (target !== undefined) {
    const definition = definitions[target];
    return definition !== undefined && !seen.has(target) && nullAccepted(definition, definitions, new Set([...seen, target]));
  }
  const members = unionMembers(schema);
  if (members !== undefined) return members.some((member) => nullAccepted(member, definitions, seen));
  const shaped = ["type", "enum", "const", "allOf"].some((keyword) => keyword in schema);
  return !shaped || acceptsNull(schema);
}

export function planField(input: FieldInput, presence: PresenceModule): FieldPlan {
  const { schema, type, kind, nullable } = input;
  const option = `Option<${type}>`;
  if (input.patternAlias !== undefined) {
    if (input.presence !== "required" || input.optional) throw new Error(`${input.record}.${input.field}: only a required field of a pattern's type is read through its pattern`);
    return { type, serde: [`deserialize_with = "${presence.patternReader(input.patternAlias)}"`] };
  }
  if (input.presence === "required") return input.optional ? { type: option, serde: [`deserialize_with = "${presence.keyRequired()}"`] } : { type, serde: [] };
  // An `Option` of a field the schema does not let be `null` reads only values.
  const absentOrValue = (serde: string[]): FieldPlan => ({ type: option, serde: nullable ? serde : [...serde, `deserialize_with = "${presence.nullRejected()}"`] });
  const fallback = schema.default;
  if (input.presence === "when_set") {
    if (nullable && THREE_STATE.test(descriptionOf(schema) ?? "")) return { type: `Option<${option}>`, serde: ["default", SKIP_NONE, `deserialize_with = "${presence.nullAsPresent()}"`] };
    const check = nullable || (fallback !== undefined && !isZeroValue(kind, fallback)) ? undefined : presence.emptyCheck(kind);
    return check === undefined ? absentOrValue(["default", SKIP_NONE]) : { type, serde: ["default", `skip_serializing_if = "${check}"`] };
  }
  // Always emitted: `null` when unset if the schema accepts it; a field
  // that cannot be null is written only when it has a value.
  if (fallback === undefined || fallback === null) return nullable ? { type: option, serde: ["default"] } : absentOrValue(["default", SKIP_NONE]);
  if (!nullable && isZeroValue(kind, fallback)) return { type, serde: ["default"] };
  const value = defaultExpression({ kind, type, value: fallback, enumCase: input.enumCase });
  const fieldType = nullable ? option : type;
  const path = presence.addDefault(input.record, input.field, fieldType, nullable ? { ...value, expression: `Some(${value.expression})` } : value);
  // `null` reads as the default too, so that it is written back as the default.
  if (nullable) return { type: fieldType, serde: [`default = "${path}"`, `deserialize_with = "${presence.nullAsDefault(input.record, input.field, fieldType, path)}"`] };
  return { type: fieldType, serde: [`default = "${path}"`] };
}

/** The value type of a record's unknown keys, when its schema keeps them (fields and `additionalProperties`). */
export function unknownKeysType(record: JsonObject): string | undefined {
  const extra = record.additionalProperties;
  if (extra === undefined || extra === false || Object.keys(propertiesOf(record)).length === 0) return undefined;
  if (isJsonObject(extra) && Object.keys(extra).length === 0) return "serde_json::Value";
  throw new Error(`a record with typed additional properties (${JSON.stringify(extra)}) has no Rust spelling yet`);
}
