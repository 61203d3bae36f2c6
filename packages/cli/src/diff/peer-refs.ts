import { isJsonObject } from "../json-value.js";

// A peer file (`Theme.json`, `https://…/Theme.json`), a type inside one (`Other.json#/$defs/Theme`), or a draft-07 definition (`#/definitions/Theme`).
const PEER_REF = /^(?:[^#]*\/)?(?:([A-Za-z_][\w-]*)\.json#?|[^#]*#\/(?:\$defs|definitions)\/([^/]+))$/;

/** A `$ref` to a peer schema by its type's name, as the bundle names it: `#/$defs/<Type>`; `#` (the root itself) names `self`; other refs unchanged. */
export function bundleRef(ref: string, self?: string): string {
  if (ref === "#" && self !== undefined) return `#/$defs/${self}`;
  const match = PEER_REF.exec(ref);
  const name = match?.[1] ?? match?.[2];
  return name === undefined ? ref : `#/$defs/${name}`;
}

/** A fresh container for a copy of `value`, or `value` itself when it is no container. */
function emptyCopy(value: unknown): unknown {
  if (Array.isArray(value)) return [];
  return isJsonObject(value) ? {} : value;
}

/** `schema` with every `$ref` to a peer schema rewritten to the bundle's form, so types are matched and validated by name; `self` is the type whose root schema `schema` was read from. */
export function withBundleRefs(schema: unknown, self?: string): unknown {
  const copy = emptyCopy(schema);
  // A stack of what is left to copy, not recursion: a set may nest as deep as JSON.parse allows.
  const pending: [from: unknown, into: unknown][] = [[schema, copy]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [from, into] = next;
    if (Array.isArray(from) && Array.isArray(into)) {
      for (const entry of from) {
        const child = emptyCopy(entry);
        into.push(child);
        pending.push([entry, child]);
      }
    } else if (isJsonObject(from) && isJsonObject(into)) {
      for (const [key, value] of Object.entries(from)) {
        const child = key === "$ref" && typeof value === "string" ? bundleRef(value, self) : emptyCopy(value);
        // defineProperty, not assignment: a `__proto__` field stays a field.
        Object.defineProperty(into, key, { value: child, enumerable: true, writable: true, configurable: true });
        pending.push([value, child]);
      }
    }
  }
  return copy;
}
