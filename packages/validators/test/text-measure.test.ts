import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exceedsCodePoints, exceedsUtf8Bytes, isBlank, utf8Length } from "../src/text-measure.js";
import { WHITESPACE } from "./support/arbitraries.js";

const anyUnits = fc.string({ unit: fc.oneof(fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)), fc.constantFrom(...WHITESPACE, "\ufeff")), maxLength: 40 });
const encoder = new TextEncoder();

describe("length measures", () => {
  it("count UTF-8 bytes as TextEncoder does, lone surrogates included", () => {
    fc.assert(fc.property(anyUnits, (text) => utf8Length(text) === encoder.encode(text).length), { numRuns: 2000 });
  });

  it("decide byte limits exactly, whichever fast path applies", () => {
    fc.assert(
      fc.property(anyUnits, fc.integer({ min: 0, max: 130 }), (text, limit) => exceedsUtf8Bytes(text, limit) === encoder.encode(text).length > limit),
      { numRuns: 2000 },
    );
  });

  it("count code points, not UTF-16 units", () => {
    fc.assert(
      fc.property(anyUnits, fc.integer({ min: 0, max: 45 }), (text, limit) => exceedsCodePoints(text, limit) === [...text].length > limit),
      { numRuns: 2000 },
    );
  });

  it("trim exactly Rust's White_Space set", () => {
    const rustBlank = /^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;
    fc.assert(fc.property(anyUnits, (text) => isBlank(text) === rustBlank.test(text)), { numRuns: 2000 });
    expect(isBlank("\ufeff")).toBe(false);
    expect(isBlank("\u0085")).toBe(true);
    expect(isBlank("\u180e")).toBe(false);
    expect(isBlank("")).toBe(true);
  });
});
