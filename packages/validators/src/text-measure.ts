// Length measures without copying: no TextEncoder, no Buffer (browsers have
// no Buffer, and an encoded copy per field costs more than parsing the whole
// message). Each UTF-16 unit is 1 to 3 UTF-8 bytes, and a surrogate pair is 4
// bytes for 2 units, so the UTF-16 length bounds the byte length from both
// sides and settles most fields without counting.

/** The exact UTF-8 length of `text` (a lone surrogate counts 3 bytes, as its U+FFFD replacement). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1))) {
      bytes += 4;
      index += 1;
    } else bytes += 3;
  }
  return bytes;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** Whether `text` takes more than `limit` bytes in UTF-8. */
export function exceedsUtf8Bytes(text: string, limit: number): boolean {
  if (text.length > limit) return true;
  if (text.length * 3 <= limit) return false;
  return utf8Length(text) > limit;
}

/** Whether `text` has more than `limit` Unicode code points (Rust's `chars().count()`). */
export function exceedsCodePoints(text: string, limit: number): boolean {
  if (text.length <= limit) return false;
  if (text.length > limit * 2) return true;
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length && isLowSurrogate(text.charCodeAt(index + 1))) index += 1;
    count += 1;
  }
  return count > limit;
}

/**
 * Whether `unit` is Unicode White_Space, the set Rust's `str::trim` removes:
 * U+0009-U+000D, U+0020, U+0085, U+00A0, U+1680, U+2000-U+200A, U+2028,
 * U+2029, U+202F, U+205F, U+3000. Unlike `String.prototype.trim`, U+FEFF is
 * not whitespace and U+0085 is.
 */
function isWhiteSpace(unit: number): boolean {
  if (unit <= 0x20) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  if (unit < 0x85) return false;
  return (
    unit === 0x85 ||
    unit === 0xa0 ||
    unit === 0x1680 ||
    (unit >= 0x2000 && unit <= 0x200a) ||
    unit === 0x2028 ||
    unit === 0x2029 ||
    unit === 0x202f ||
    unit === 0x205f ||
    unit === 0x3000
  );
}

/** Whether `text` is empty after trimming Unicode whitespace the way the reference does. */
export function isBlank(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) if (!isWhiteSpace(text.charCodeAt(index))) return false;
  return true;
}

/**
 * Whether `text` is surely not blank and within `limit` UTF-8 bytes, from
 * its length and its first unit alone (one no whitespace is: U+0021 to
 * U+0084, or past U+3000, the last whitespace, as CJK text and emoji are):
 * most text is, and `false` only says that `isBlank` and `exceedsUtf8Bytes`
 * must decide.
 */
export function plainlyWithin(text: string, limit: number): boolean {
  const first = text.charCodeAt(0);
  return ((first > 0x20 && first < 0x85) || first > 0x3000) && text.length * 3 <= limit;
}
