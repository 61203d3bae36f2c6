/** The deepest nesting of objects and arrays a set may have (README "Diff exit codes"): far past any real schema, well within the stack of every step. */
export const MAX_SCHEMA_DEPTH = 256;

/** Whether `value` nests objects and arrays deeper than `limit`, found without recursion (so a cycle, too, is too deep). */
export function nestsDeeper(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (typeof node !== "object" || node === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) if (typeof child === "object" && child !== null) pending.push([child, depth + 1]);
  }
  return false;
}
