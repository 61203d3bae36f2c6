// ECMAScript patterns (`pattern`, matched with the `u` flag) in the RE2
// syntax of Go's `regexp` and Rust's `regex` crate, with the same matches.
// Neither has lookaround, so a pattern that is a negative lookahead of the
// whole string (`^(?!command$)`) is given as the pattern it refuses.
import type { JsonObject } from "./schema.js";

const WHOLE_NEGATIVE_LOOKAHEAD = /^\^\(\?!([^()]*)\)$/;
const UNICODE_ESCAPE = /\\u([0-9A-Fa-f]{4})/g;

/** A pattern spelled for RE2: `{ pattern }`, or `{ notPattern }` for a pattern that refuses one match. */
export function re2Pattern(source: string, where: string): { pattern: string } | { notPattern: string } {
  const negated = WHOLE_NEGATIVE_LOOKAHEAD.exec(source);
  const body = negated === null ? source : `^${negated[1] ?? ""}`;
  if (/\(\?[=!<]/.test(body) || /\\[pPkbB]/.test(body)) throw new Error(`${where}: the pattern ${JSON.stringify(source)} uses a construct RE2 reads differently`);
  const spelled = body.replace(UNICODE_ESCAPE, (_match, hex: string) => `\\x{${hex}}`);
  return negated === null ? { pattern: spelled } : { notPattern: spelled };
}

/** The keywords of a pattern in a checker table (schema-table.ts). */
export function re2PatternKeywords(source: string, where: string): JsonObject {
  return { ...re2Pattern(source, where) };
}
