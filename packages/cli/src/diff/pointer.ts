/** `path` extended by one JSON-Pointer segment. */
export function pointer(path: string, ...segments: readonly (string | number)[]): string {
  return segments.reduce<string>((joined, segment) => `${joined}/${String(segment).replaceAll("~", "~0").replaceAll("/", "~1")}`, path);
}

/** The segments of a JSON-Pointer path. */
export function segmentsOf(path: string): string[] {
  return path === "" ? [] : path.slice(1).split("/").map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
}

/** The type a `$ref` names (`#/$defs/<Type>`), `undefined` for other refs. */
export function refName(ref: unknown): string | undefined {
  return typeof ref === "string" && ref.startsWith("#/$defs/") ? ref.slice("#/$defs/".length) : undefined;
}
