// How one record field is declared in Go: its type, its `json` tag, and the
// defaults the codec supplies, from the field's presence and its schema.
import type { Emit } from "../../field-plans.js";
import { isThreeState, type Presence } from "../../presence.js";
import { constantOf, type JsonObject } from "../../schema.js";
import { goString } from "./format.js";

/** A Go type as the renderer spells it. */
export interface GoType {
  text: string;
  /** `nil` is one of its values: a slice, a map, or raw JSON. */
  nilable: boolean;
  /** A slice or map (raw JSON is nilable but not a collection). */
  collection: boolean;
}

export interface FieldInput {
  goName: string;
  jsonName: string;
  presence: Presence;
  /** The field's schema, as the bundle declares it. */
  schema: JsonObject;
  /** The type without its `null`. */
  type: GoType;
  /** `null` is a value of the field. */
  nullable: boolean;
  /** How every binding writes the field (field-plans.ts). */
  emit: Emit;
}

/** A default the decoder fills in before reading: a Go constant, or JSON decoded into the field. */
export type Prefill = { constant: string } | { json: string };

export interface FieldPlan {
  goName: string;
  jsonName: string;
  goType: string;
  omitEmpty: boolean;
  /**
   * Absent, `null` and a value are three different things (a three-state
   * change): a `Tristate` the record's JSON methods read and write, as
   * encoding/json reads `null` and absence alike.
   */
  tristate: boolean;
  /** The one value the field may hold (a tag of a single-variant union): checked on decode, filled in on encode. */
  constant: string | undefined;
  prefill: Prefill | undefined;
  /** An empty slice or map literal the encoder writes for `nil`, where `null` is not what the reference emits. */
  emptyForNil: string | undefined;
  /** Raw JSON left out when unset: a `null` it holds is written as no field at all, as the reference writes none. */
  nullLeftOut: boolean;
}

const RAW_JSON = "json.RawMessage";

function defaultOf(schema: JsonObject): unknown {
  return Object.hasOwn(schema, "default") ? schema.default : undefined;
}

/** Whether a default is what Go's zero value of the field already reads as. */
function isZeroLike(value: unknown): boolean {
  if (value === null || value === false || value === 0 || value === "") return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.values(value).every((entry) => isZeroLike(entry));
  return false;
}

function prefillOf(value: unknown): Prefill {
  if (typeof value === "boolean" || typeof value === "number") return { constant: String(value) };
  if (typeof value === "string") return { constant: goString(value) };
  return { json: JSON.stringify(value) };
}

/**
 * The declaration of a field:
 * - `required`: the plain type, a pointer only where `null` is a value;
 * - `always`: never `omitempty`; with a default the plain type (absent and
 *   `null` read as the default), otherwise a pointer where `null` is a value;
 *   but a field that may be absent, is never `null` and has no default is
 *   written only when it was read (`if_set`): a pointer with `omitempty`;
 * - `when_set`: `omitempty`, on the plain type when Go's zero value is the
 *   default the reference leaves out, otherwise on a pointer, slice or map;
 *   a `Tristate` where `null` and absence differ.
 */
export function planField(input: FieldInput): FieldPlan {
  const { goName, jsonName, presence, schema, type, nullable, emit } = input;
  const fallback = defaultOf(schema);
  const hasValueDefault = fallback !== undefined && fallback !== null;
  const pointer = `*${type.text}`;
  const emptyLiteral = type.collection ? `${type.text}{}` : undefined;
  const constant = type.text === "string" ? constantOf(schema) : undefined;
  const plan = { goName, jsonName, tristate: false, constant, prefill: undefined, emptyForNil: undefined, nullLeftOut: false };
  if (presence === "when_set" && nullable && isThreeState(schema)) return { ...plan, goType: `Tristate[${type.text}]`, omitEmpty: false, tristate: true };
  if (presence === "when_set") {
    const plain = type.nilable || (hasValueDefault && isZeroLike(fallback));
    return { ...plan, goType: plain ? type.text : pointer, omitEmpty: true, nullLeftOut: type.text === RAW_JSON };
  }
  // Written only when the value was there: a pointer even to a slice, whose nil is "absent" and whose empty slice is `[]`.
  if (emit === "if_set") return { ...plan, goType: pointer, omitEmpty: true };
  if (presence === "always" && hasValueDefault) {
    // Raw JSON's zero value writes `null`, so only a `null` default is its zero.
    const prefill = isZeroLike(fallback) && type.text !== RAW_JSON ? undefined : prefillOf(fallback);
    return { ...plan, goType: type.text, omitEmpty: false, prefill, emptyForNil: emptyLiteral };
  }
  const goType = nullable && !type.nilable ? pointer : type.text;
  return { ...plan, goType, omitEmpty: false, emptyForNil: nullable ? undefined : emptyLiteral };
}

