// The code units of JSON's punctuation, as the lexical scans compare them.

export const QUOTE = 34;
export const BACKSLASH = 92;
export const COLON = 58;
export const COMMA = 44;
export const OPEN_OBJECT = 123;
export const OPEN_ARRAY = 91;
export const CLOSE_OBJECT = 125;
export const CLOSE_ARRAY = 93;

/** Whether a code unit is whitespace between JSON tokens (space, LF, CR, tab). */
export function isWhitespace(code: number): boolean {
  return code === 32 || code === 10 || code === 13 || code === 9;
}
