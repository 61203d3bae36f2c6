// Presence for Kotlin records, independent of the `Json` configuration:
// `@EncodeDefault` pins whether a field equal to its default is written.
// A required field has no default, so a decoder insists on it; an `always`
// field with a documented default (`[]`, `false`, `"api"`) is non-null and
// starts at that default; any other `always` field and every `when_set`
// field is nullable and starts at `null`. An unset field is written as
// `null` only where the wire allows `null`; elsewhere it is left out.
import type { FieldPresence } from "../jvm-apple-dotnet-shared/field-presence.js";

export interface KotlinFieldPlan {
  /** The `@EncodeDefault` annotation, if the field has a default. */
  annotation: string | undefined;
  nullable: boolean;
  /** The Kotlin default value expression, if any. */
  defaultValue: string | undefined;
}

const ALWAYS = "@EncodeDefault(EncodeDefault.Mode.ALWAYS)";
const NEVER = "@EncodeDefault(EncodeDefault.Mode.NEVER)";

/**
 * How a field is declared. `acceptsNull` says whether the wire allows
 * `null` there; `literal` spells a JSON default as a Kotlin expression.
 */
export function kotlinFieldPlan({ presence, defaultJson }: FieldPresence, acceptsNull: boolean, literal: (json: string) => string): KotlinFieldPlan {
  if (presence === "required") return { annotation: undefined, nullable: acceptsNull, defaultValue: undefined };
  if (presence === "when_set") return { annotation: NEVER, nullable: true, defaultValue: "null" };
  if (defaultJson !== undefined && !acceptsNull) return { annotation: ALWAYS, nullable: false, defaultValue: literal(defaultJson) };
  return { annotation: acceptsNull ? ALWAYS : NEVER, nullable: true, defaultValue: "null" };
}
