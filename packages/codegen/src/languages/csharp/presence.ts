// Presence for C# records. System.Text.Json writes every property, `null`
// included, unless told otherwise: a `when_set` field gets
// `[JsonIgnore(Condition = WhenWritingNull)]`; an `always` field with a
// documented default (`[]`, `false`, `"api"`) is non-nullable and starts at
// that default, so an absent field reads as it and an unset one is written
// as it; any other `always` field is nullable and written as `null`.
// quicktype's `[JsonRequired]` (from `check-required`) keeps required fields
// required on input.
import type { FieldPresence } from "../jvm-apple-dotnet-shared/field-presence.js";

export type CSharpFieldPlan =
  | { kind: "as-rendered" }
  | { kind: "omit-when-null" }
  | { kind: "default"; json: string };

export function csharpFieldPlan({ presence, defaultJson }: FieldPresence, acceptsNull: boolean): CSharpFieldPlan {
  if (presence === "when_set") return { kind: "omit-when-null" };
  if (presence === "always" && defaultJson !== undefined && !acceptsNull) return { kind: "default", json: defaultJson };
  return { kind: "as-rendered" };
}

export const OMIT_WHEN_NULL = "[JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]";
