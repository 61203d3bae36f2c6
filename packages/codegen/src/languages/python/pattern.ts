// ECMAScript patterns (`pattern`, matched with the `u` flag) as Python `re`
// patterns with the same matches.

const CLASS_ESCAPES: Readonly<Record<string, string>> = { d: "0-9", w: "A-Za-z0-9_" };
const ESCAPES: Readonly<Record<string, string>> = { d: "[0-9]", D: "[^0-9]", w: "[A-Za-z0-9_]", W: "[^A-Za-z0-9_]" };
const LITERAL_ESCAPE = /^[\\^$.|?*+()[\]{}/-]$/;
/** `\uXXXX` (four hex digits) means the same code point in both. */
const UNICODE_ESCAPE = /^[0-9A-Fa-f]{4}$/;

/**
 * The Python spelling of a pattern. `$` becomes `\Z` (Python's `$` also
 * matches before a final newline) and the ASCII classes are spelled out
 * (Python's `\d` and `\w` are Unicode-wide); any construct whose meaning
 * differs otherwise is refused rather than translated approximately.
 */
export function pythonPattern(pattern: string): string {
  let result = "";
  let inClass = false;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] ?? "";
    if (character === "\\") {
      const next = pattern[index + 1] ?? "";
      index += 1;
      const spelled = inClass ? CLASS_ESCAPES[next] : ESCAPES[next];
      if (spelled !== undefined) result += spelled;
      else if (LITERAL_ESCAPE.test(next) || "nrtfv".includes(next)) result += `\\${next}`;
      else if (next === "u" && UNICODE_ESCAPE.test(pattern.slice(index + 1, index + 5))) {
        result += `\\u${pattern.slice(index + 1, index + 5)}`;
        index += 4;
      } else throw new Error(`the pattern ${JSON.stringify(pattern)} uses \\${next}, which Python reads differently`);
    } else if (inClass) {
      if (character === "]") inClass = false;
      result += character;
    } else if (character === "[") {
      inClass = true;
      result += character;
    } else if (character === "$") {
      result += "\\Z";
    } else if (character === "(" && pattern.startsWith("(?<", index) && !/^\(\?<[=!]/.test(pattern.slice(index))) {
      throw new Error(`the pattern ${JSON.stringify(pattern)} has a named group, which Python spells differently`);
    } else {
      result += character;
    }
  }
  return result;
}
