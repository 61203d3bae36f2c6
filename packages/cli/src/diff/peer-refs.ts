import { isJsonObject } from "../json-value.js";

// A peer file (`Theme.json`, `https://…/Theme.json`), a type inside one (`Other.json#/$defs/Theme`), or a draft-07 definition (`#/definitions/Theme`).
const PEER_REF = /^(?:[^#]*\/)?(?:([A-Za-z_][\w-]*)\.json#?|[^#]*#\/(?:\$defs|definitions)\/([^/]+))$/;

/** A `$ref` to a peer schema by its type's name, as the bundle names it: `#/$defs/<Type>`; other refs unchanged. */
export function bundleRef(ref: string): string {
  const match = PEER_REF.exec(ref);
  const name = match?.[1] ?? match?.[2];
  return name === undefined ? ref : `#/$defs/${name}`;
}

/** `schema` with every `$ref` to a peer schema rewritten to the bundle's form, so types are matched and validated by name. */
export function withBundleRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withBundleRefs);
  if (!isJsonObject(schema)) return schema;
  // fromEntries, not assignment: a `__proto__` field stays a field.
  return Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === "$ref" && typeof value === "string" ? bundleRef(value) : withBundleRefs(value)]));
}
