// The schema's default values as Rust expressions.
import type { TypeKind } from "quicktype-core";
import { rawStringLiteral, stringLiteral } from "./naming.js";

/** The value `Default::default()` gives a field of this kind, where the kind has one. */
export function isZeroValue(kind: TypeKind, value: unknown): boolean {
  switch (kind) {
    case "bool":
      return value === false;
    case "integer":
    case "double":
      return value === 0;
    case "string":
      return value === "";
    case "array":
      return Array.isArray(value) && value.length === 0;
    case "map":
      return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
    default:
      return false;
  }
}

export interface DefaultValue {
  kind: TypeKind;
  /** The Rust type of the value. */
  type: string;
  value: unknown;
  /** The `Enum::Case` path of an enumeration's value. */
  enumCase(value: string): string;
}

/** A Rust expression of the default; `fallible` when it decodes JSON text, which the crate's tests then exercise. */
export function defaultExpression({ kind, type, value, enumCase }: DefaultValue): { expression: string; fallible: boolean } {
  if (kind === "bool" && typeof value === "boolean") return { expression: String(value), fallible: false };
  if (kind === "integer" && Number.isInteger(value) && !type.includes("NonZero")) return { expression: String(value), fallible: false };
  if (kind === "double" && typeof value === "number") return { expression: Number.isInteger(value) ? `${value}.0` : String(value), fallible: false };
  if (kind === "string" && typeof value === "string") return { expression: `${stringLiteral(value)}.to_owned()`, fallible: false };
  if (kind === "enum" && typeof value === "string") return { expression: enumCase(value), fallible: false };
  if (kind === "array" && isZeroValue(kind, value)) return { expression: "Vec::new()", fallible: false };
  if (kind === "map" && isZeroValue(kind, value)) return { expression: "BTreeMap::new()", fallible: false };
  return { expression: `serde_json::from_str(${rawStringLiteral(JSON.stringify(value))}).expect("the schema's default decodes")`, fallible: true };
}
