// How a schema type is spelled in Rust: integer widths from the schema's
// bounds (`NonZeroU64` for "at least 1"), maps as `BTreeMap` (the reference
// emits map keys sorted), opaque values as `serde_json::Value`, and
// `T | null` as `Option<T>`.
import { matchType, nullableFromUnion, type ClassType, type EnumType, type Type, type UnionType } from "quicktype-core";
import type { JsonObject } from "../../schema.js";

const U32_MAX = 4294967295;
const I32_MIN = -2147483648;
const I32_MAX = 2147483647;

/** The narrowest Rust integer the bounds allow, among those the protocol uses; a positive one cannot be zero. */
export function integerType(minimum: number | undefined, maximum: number | undefined): string {
  if (minimum !== undefined && minimum >= 0) {
    const width = maximum !== undefined && maximum <= U32_MAX ? "32" : "64";
    return minimum >= 1 ? `std::num::NonZeroU${width}` : `u${width}`;
  }
  if (minimum !== undefined && maximum !== undefined && minimum >= I32_MIN && maximum <= I32_MAX) return "i32";
  return "i64";
}

/** The bounds quicktype kept on an integer type (its `minMax` attribute). */
function integerBounds(t: Type): [number | undefined, number | undefined] {
  for (const [kind, value] of t.getAttributes()) {
    if (kind.name !== "minMax" || !Array.isArray(value)) continue;
    const [minimum, maximum]: unknown[] = value;
    return [typeof minimum === "number" ? minimum : undefined, typeof maximum === "number" ? maximum : undefined];
  }
  return [undefined, undefined];
}

/** What the renderer knows about quicktype's named types. */
export interface NamedTypes {
  name(t: ClassType | EnumType | UnionType): string;
  /** Whether a field of this type needs a `Box` to break a cycle of records. */
  boxed(t: Type): boolean;
}

/** The Rust type of a quicktype type. */
export function rustTypeOf(t: Type, named: NamedTypes): string {
  const field = (inner: Type): string => (named.boxed(inner) ? `Box<${rustTypeOf(inner, named)}>` : rustTypeOf(inner, named));
  return matchType<string>(
    t,
    () => "serde_json::Value",
    () => "()",
    () => "bool",
    (integer) => integerType(...integerBounds(integer)),
    () => "f64",
    () => "String",
    (array) => `Vec<${rustTypeOf(array.items, named)}>`,
    (record) => named.name(record),
    (map) => `BTreeMap<String, ${rustTypeOf(map.values, named)}>`,
    (enumeration) => named.name(enumeration),
    (union) => {
      const present = nullableFromUnion(union);
      return present === null ? named.name(union) : `Option<${field(present)}>`;
    },
    () => "String",
  );
}

/** The Rust type of a definition quicktype does not declare: a bare integer, null or opaque value. */
export function primitiveRustType(name: string, schema: JsonObject): string {
  const minimum = typeof schema.minimum === "number" ? schema.minimum : undefined;
  const maximum = typeof schema.maximum === "number" ? schema.maximum : undefined;
  switch (schema.type) {
    case "integer":
      return integerType(minimum, maximum);
    case "number":
      return "f64";
    case "string":
      return "String";
    case "boolean":
      return "bool";
    case "null":
      return "()";
    case undefined:
      return "serde_json::Value";
    default:
      throw new Error(`${name}: no Rust spelling for a bare ${JSON.stringify(schema.type)}`);
  }
}
