const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests arrays and objects more than `limit` levels deep,
 * found in one pass over the text without parsing it (brackets inside
 * strings do not count). Exact for valid JSON; for other text the answer
 * does not matter, since it does not parse.
 */
export function jsonTextNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (inString) {
      if (unit === BACKSLASH) index += 1;
      else if (unit === QUOTE) inString = false;
    } else if (unit === QUOTE) inString = true;
    else if (OPENERS.has(unit)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (CLOSERS.has(unit)) depth -= 1;
  }
  return false;
}
