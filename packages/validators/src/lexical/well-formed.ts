// `String.prototype.isWellFormed` (ES2024, Node 20) is newer than the library
// set this package compiles against; read it as a value, and fall back to a
// pattern that also matches paired surrogates (a false alarm only sends the
// text to the precise scan).
const nativeWellFormed: unknown = Reflect.get(String.prototype, "isWellFormed");

const ANY_SURROGATE = /[\ud800-\udfff]/;

/** Whether `text` holds no UTF-16 surrogate without its partner; may answer false for one that holds only pairs. */
export function isWellFormed(text: string): boolean {
  return typeof nativeWellFormed === "function" ? nativeWellFormed.call(text) === true : !ANY_SURROGATE.test(text);
}

export function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

export function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
