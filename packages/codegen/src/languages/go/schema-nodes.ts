// Reads the parts of a field's schema the Go spelling depends on and
// quicktype's type graph leaves out: integer ranges, through references,
// nullable wrappers, list items and map values.
import { isJsonObject, refName, unionMembers, type Definitions, type JsonObject } from "../../schema.js";

/** The node a field's value is described by: references followed, a `T | null` union reduced to `T`. */
export function resolveNode(node: JsonObject | undefined, definitions: Definitions): JsonObject | undefined {
  let current = node;
  const seen = new Set<JsonObject>();
  while (current !== undefined && !seen.has(current)) {
    seen.add(current);
    const target = refName(current);
    if (target !== undefined) {
      current = definitions[target];
      continue;
    }
    const members = unionMembers(current)?.filter((member) => member.type !== "null");
    if (members !== undefined && members.length === 1) {
      current = members[0];
      continue;
    }
    return current;
  }
  return current;
}

/** The schema of a list's items. */
export function itemsNode(node: JsonObject | undefined, definitions: Definitions): JsonObject | undefined {
  const resolved = resolveNode(node, definitions);
  return resolved !== undefined && isJsonObject(resolved.items) ? resolved.items : undefined;
}

/** The schema of a map's values. */
export function valuesNode(node: JsonObject | undefined, definitions: Definitions): JsonObject | undefined {
  const resolved = resolveNode(node, definitions);
  return resolved !== undefined && isJsonObject(resolved.additionalProperties) ? resolved.additionalProperties : undefined;
}

const UINT32_MAX = 4_294_967_295;
const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** The Go integer type that holds exactly the range the schema allows (unsigned where the Rust type is). */
export function integerGoType(node: JsonObject | undefined, definitions: Definitions): string {
  const resolved = resolveNode(node, definitions);
  const minimum = typeof resolved?.minimum === "number" ? resolved.minimum : undefined;
  const maximum = typeof resolved?.maximum === "number" ? resolved.maximum : undefined;
  if (minimum !== undefined && minimum >= 0) return maximum !== undefined && maximum <= UINT32_MAX ? "uint32" : "uint64";
  if (minimum !== undefined && maximum !== undefined && minimum >= INT32_MIN && maximum <= INT32_MAX) return "int32";
  return "int64";
}

/** The record keeps keys besides its fields: its schema gives extra keys a schema of their own. */
export function keepsUnknownKeys(schema: JsonObject): boolean {
  const extra = schema.additionalProperties;
  return isJsonObject(schema.properties) && (extra === true || isJsonObject(extra));
}
