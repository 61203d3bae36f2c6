// Presence for Kotlin records, independent of the `Json` configuration:
// `@EncodeDefault` pins whether a field equal to its default is written.
// A required field has no default, so a decoder insists on it; an `always`
// field with a documented default (`[]`, `false`, `"api"`) is non-null and
// starts at that default, unless the wire also allows `null`, which then
// reads as the default too; any other `always` field and every `when_set`
// field is nullable and starts at `null`. An unset field is written as
// `null` only where the wire allows `null`; elsewhere it is left out.
import type { FieldPresence } from "../jvm-apple-dotnet-shared/field-presence.js";

export interface KotlinFieldPlan {
  /** The `@EncodeDefault` annotation, if the field has a default. */
  annotation: string | undefined;
  nullable: boolean;
  /** The Kotlin default value expression, if any. */
  defaultValue: string | undefined;
  /** `null` on the wire reads as the default, as absence does (`ProtocolNullAsDefaultSerializer`). */
  nullAsDefault: boolean;
  /**
   * A field left out when it holds its default or is empty: the Kotlin test of such a
   * value (`it == false`, `it.isEmpty()`), which then reads as `null`, as absence does, so
   * that it is left out again (`ProtocolNotNullSerializer`'s `leftOut`).
   */
  leftOutWhen: string | undefined;
}

const ALWAYS = "@EncodeDefault(EncodeDefault.Mode.ALWAYS)";
const NEVER = "@EncodeDefault(EncodeDefault.Mode.NEVER)";

/**
 * How a field is declared. `acceptsNull` says whether the wire allows
 * `null` there; `literal` spells a JSON default as a Kotlin expression.
 */
/** What a field left out when unset is left out with besides `null`: its schema's default (JSON text), and whether it is a list or map, left out empty. */
export interface LeftOut {
  schemaDefault: string | undefined;
  collection: boolean;
}

export function kotlinFieldPlan({ presence, defaultJson }: FieldPresence, acceptsNull: boolean, literal: (json: string) => string, leftOut: LeftOut = { schemaDefault: undefined, collection: false }): KotlinFieldPlan {
  const plan = { nullAsDefault: false, leftOutWhen: undefined };
  if (presence === "required") return { ...plan, annotation: undefined, nullable: acceptsNull, defaultValue: undefined };
  if (presence === "when_set") {
    const { schemaDefault, collection } = leftOut;
    const leftOutWhen = collection ? "it.isEmpty()" : schemaDefault !== undefined && schemaDefault !== "null" ? `it == ${literal(schemaDefault)}` : undefined;
    return { ...plan, annotation: NEVER, nullable: true, defaultValue: "null", leftOutWhen };
  }
  if (defaultJson !== undefined && !acceptsNull) return { ...plan, annotation: ALWAYS, nullable: false, defaultValue: literal(defaultJson) };
  // A default that `null` reads as too: written as the default, never as `null`.
  if (defaultJson !== undefined && defaultJson !== "null") return { ...plan, annotation: ALWAYS, nullable: true, defaultValue: literal(defaultJson), nullAsDefault: true };
  return { ...plan, annotation: acceptsNull ? ALWAYS : NEVER, nullable: true, defaultValue: "null" };
}
