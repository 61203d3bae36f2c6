// Whether the reference writes a field it may leave out. The schemas say
// what a decoder accepts (`required`); each field's documentation also says
// what the encoder emits, in the fixed words of the spec's presence notation:
// "always emitted" (OPT) or "omitted when ..." (OMIT). Bindings need the
// second to re-encode a message exactly as the reference would.
import { descriptionOf, propertiesOf, requiredOf, type JsonObject } from "./schema.js";

/**
 * How a field appears in what the reference emits:
 * - `required`: always present, and a decoder requires it;
 * - `always`: always present (`null` or the default when unset), though a
 *   decoder accepts its absence;
 * - `when_set`: left out when it holds its default, empty or none value.
 */
export type Presence = "required" | "always" | "when_set";

const OMITTED = /\bomit|\bleft out\b|\bleaves? (?:it )?out\b/i;

/**
 * The presence of each field of a record. An optional field whose
 * documentation does not say is `always`: the spec's convention for Rust
 * `Option` fields, which serde writes as `null`.
 */
export function presenceOf(record: JsonObject): Map<string, Presence> {
  const required = requiredOf(record);
  const presence = new Map<string, Presence>();
  for (const [field, schema] of Object.entries(propertiesOf(record))) {
    if (required.has(field)) presence.set(field, "required");
    else presence.set(field, OMITTED.test(descriptionOf(schema) ?? "") ? "when_set" : "always");
  }
  return presence;
}

/**
 * Whether a field tells absent, `null` and a value apart: absent keeps,
 * `null` clears, a value sets (`SessionGoalSetParams.token_budget`). The
 * presence notation has no word for it, so its documentation says
 * "three-state"; bindings need a third state beside "unset" and `null`.
 */
export function isThreeState(field: JsonObject): boolean {
  return /\bthree-state\b/i.test(descriptionOf(field) ?? "");
}
