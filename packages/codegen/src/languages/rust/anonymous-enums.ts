// Enumerations the schema does not name, such as the constant tag of a
// record that belongs to no union (`"type": "control_response"`). quicktype
// would name them after the view's root field (`T215Type`); they are named
// after the record and field that hold them instead.
import { EnumType, nullableFromUnion, UnionType, type ClassType } from "quicktype-core";
import type { Definitions } from "../../schema.js";
import { variantName } from "../../unions.js";

export interface AnonymousEnum {
  name: string;
  record: string;
  field: string;
}

/**
 * Each enumeration quicktype names that is no protocol type, with the first
 * record field holding it, records taken in name order.
 */
export function findAnonymousEnums(records: readonly { name: string; record: ClassType }[], quicktypeName: (t: EnumType) => string, definitions: Definitions): Map<EnumType, AnonymousEnum> {
  const owners = new Map<EnumType, AnonymousEnum>();
  const ordered = [...records].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const { record, name: recordName } of ordered) {
    for (const [field, property] of record.getProperties()) {
      const value = property.type instanceof UnionType ? (nullableFromUnion(property.type) ?? property.type) : property.type;
      if (!(value instanceof EnumType) || owners.has(value) || quicktypeName(value) in definitions) continue;
      const name = `${recordName}${variantName(field)}`;
      if (name in definitions) throw new Error(`${recordName}.${field}: its enumeration would be named ${name}, a protocol type`);
      owners.set(value, { name, record: recordName, field });
    }
  }
  return owners;
}
