import { RE2JS } from "re2js";

/** A compiled `pattern`, matched in time linear in the text. */
export interface PatternTest {
  test(text: string): boolean;
}

/** Thrown when a pattern the linear-time engine cannot compile (lookaround, backreferences) is tested: the result is unknown, not false. */
export class UnsupportedPattern extends Error {}

// Patterns a diff meets are few; the bound keeps a hostile set from growing the cache without end.
const CACHE_LIMIT = 4096;
const compiled = new Map<string, PatternTest | undefined>();

/** ECMAScript's `\uXXXX` and `\u{X}` escapes in RE2's spelling, `\x{X}`; a `\\u` (an escaped backslash, then `u`) stays. */
function re2Spelling(pattern: string): string {
  return pattern.replace(/\\(\\|u\{([0-9A-Fa-f]{1,6})\}|u([0-9A-Fa-f]{4}))/g, (whole, _escape, braced: string | undefined, four: string | undefined) => {
    const hex = braced ?? four;
    return hex === undefined ? whole : `\\x{${hex}}`;
  });
}

/**
 * Whether the ECMAScript engine matches `pattern` without blowing up: no
 * backreference and at most one quantifier, so no two repetitions can split
 * the same text in ways a backtracking engine tries one by one (its worst
 * case is then quadratic). Counting every `*`, `+`, `?` and `{` outside a
 * group opener and an escape overcounts, which only refuses more.
 */
function backtracksSafely(pattern: string): boolean {
  const plain = pattern.replace(/\\./g, "").replace(/\(\?(?:[:=!]|<[=!]|<[A-Za-z]\w*>)?/g, "(");
  if (/\\(?:[1-9]|k<)/.test(pattern)) return false;
  return (plain.match(/[*+?{]/g)?.length ?? 0) <= 1;
}

function compile(pattern: string): PatternTest | undefined {
  try {
    const regexp = RE2JS.compile(re2Spelling(pattern));
    return { test: (text) => regexp.test(text) };
  } catch {
    // RE2 has no lookaround (our own `^(?!command$)`): such a pattern is matched natively when that cannot backtrack badly.
    if (!backtracksSafely(pattern)) return undefined;
    try {
      const regexp = new RegExp(pattern, "u");
      return { test: (text) => regexp.test(text) };
    } catch {
      return undefined;
    }
  }
}

/** `pattern` compiled by the linear-time engine (RE2 syntax, unanchored as JSON Schema reads it); `undefined` when it cannot be. */
export function linearPattern(pattern: string): PatternTest | undefined {
  if (compiled.has(pattern)) return compiled.get(pattern);
  const result = compile(pattern);
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

/** Whether `text` matches `pattern`; `undefined` when the engine cannot compile the pattern. */
export function matchesPattern(pattern: string, text: string): boolean | undefined {
  return linearPattern(pattern)?.test(text);
}

/**
 * The RegExp engine ajv is given (`code.regExp`): every `pattern` and
 * `patternProperties` key of a peer's schema is matched in linear time. A
 * pattern the engine cannot compile still compiles the schema, and throws
 * `UnsupportedPattern` when an instance reaches it, so only the checks
 * that need it are unknown.
 */
export const linearRegExp = Object.assign(
  (pattern: string): PatternTest & { toString(): string } => {
    const compiledPattern = linearPattern(pattern);
    const test = compiledPattern === undefined ? () => {
      throw new UnsupportedPattern(`the pattern ${JSON.stringify(pattern.slice(0, 64))} is beyond the linear-time engine (lookaround or a backreference)`);
    } : (text: string) => compiledPattern.test(text);
    // ajv keys its compiled patterns by `toString()`: each pattern needs its own.
    return { test, toString: () => `linear:${pattern}` };
  },
  { code: "linearRegExp" },
);
