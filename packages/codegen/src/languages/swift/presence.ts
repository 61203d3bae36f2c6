// Presence for Swift records. The synthesized `encode(to:)` leaves out every
// optional that is nil; a record with a field the wire always carries (a
// required nullable field, or an `always` one) gets its own `encode(to:)`
// that writes it (an unset `always` field as its documented default, else
// `null`) and omits only the `when_set` fields.
import { presenceOfField, type FieldPresence } from "../jvm-apple-dotnet-shared/field-presence.js";
import { indent } from "../jvm-apple-dotnet-shared/lines.js";
import { swiftString } from "./names.js";

export interface SwiftField {
  /** The Swift property name, also its `CodingKeys` case. */
  property: string;
  /** The wire name. */
  json: string;
  /** Whether the Swift type is an optional. */
  optional: boolean;
}

function encodeCall(field: SwiftField, { presence, defaultJson }: FieldPresence): string {
  const value = `self.${field.property}`;
  const key = `.${field.property}`;
  if (!field.optional) return `try container.encode(${value}, forKey: ${key})`;
  if (presence === "when_set") return `try container.encodeIfPresent(${value}, forKey: ${key})`;
  if (defaultJson !== undefined) return `try container.encodeOrDefault(${value}, forKey: ${key}, defaultJSON: ${swiftString(defaultJson)})`;
  return `try container.encodeOrNull(${value}, forKey: ${key})`;
}

/** The `encode(to:)` extension a record needs, or no lines when the synthesized one is right. */
export function swiftPresenceEncoder(record: string, fields: readonly SwiftField[], presence: ReadonlyMap<string, FieldPresence>): string[] {
  const calls = fields.map((field) => ({ field, presence: presenceOfField(presence, record, field.json) }));
  if (!calls.some(({ field, presence: { presence: kind } }) => field.optional && kind !== "when_set")) return [];
  return [
    `extension ${record} {`,
    "    public func encode(to encoder: Encoder) throws {",
    "        var container = encoder.container(keyedBy: CodingKeys.self)",
    ...indent(calls.map(({ field, presence: found }) => encodeCall(field, found)), "        "),
    "    }",
    "}",
  ];
}
