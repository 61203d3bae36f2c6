// What a record's encoder writes for each field: the model's presence, and
// for an `always` field the value it stands for when unset: the schema's
// `default` where it has one (`[]`, `false`, `"api"`), else `null`.
import type { BindingsModel } from "../../model.js";
import type { Presence } from "../../presence.js";
import { propertiesOf } from "../../schema.js";

export interface FieldPresence {
  presence: Presence;
  /** The JSON text written for an unset `always` field; `undefined` means `null`. */
  defaultJson: string | undefined;
}

/** The presence of each field of a record, by wire name. */
export function fieldPresence(model: BindingsModel, record: string): Map<string, FieldPresence> {
  const properties = propertiesOf(model.definitions[record] ?? {});
  const fields = new Map<string, FieldPresence>();
  for (const [field, presence] of model.presence(record)) {
    const fallback = properties[field]?.default;
    const defaultJson = presence === "always" && fallback !== undefined && fallback !== null ? JSON.stringify(fallback) : undefined;
    fields.set(field, { presence, defaultJson });
  }
  return fields;
}

/** The presence of one field, failing loudly where the model has none. */
export function presenceOfField(fields: ReadonlyMap<string, FieldPresence>, record: string, field: string): FieldPresence {
  const found = fields.get(field);
  if (found === undefined) throw new Error(`${record}.${field}: the model gives this field no presence`);
  return found;
}
