import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSnapshot, type JsonSnapshot } from "@app-server-protocol/validators";
import { flipFlop, sparseHugeArray, throwingGetter, trapProxy } from "./support/hostile.js";

// The snapshot is JSON.parse(JSON.stringify(value)) made total: where
// JSON.stringify writes a value, the snapshot writes the same text; where it
// throws or walks holes, the snapshot says why instead; and it never throws.

const REASONS = ["unreadable", "cycle", "too_deep", "not_json", "sparse_array"];

/** What JSON.stringify writes, or `undefined` when it writes nothing or throws. */
function stringified(value: unknown): string | undefined {
  try {
    const text: string | undefined = JSON.stringify(value);
    return text;
  } catch {
    return undefined;
  }
}

/** Whether a value holds what JSON.stringify writes and the snapshot refuses by design: an array with holes (written as nulls), binary data (a field per byte). */
function refusedByDesign(value: unknown, seen = new Set<unknown>()): boolean {
  if (typeof value !== "object" || value === null || seen.has(value)) return false;
  seen.add(value);
  if (ArrayBuffer.isView(value)) return true;
  if (Array.isArray(value)) return Object.keys(value).length < value.length || value.some((item) => refusedByDesign(item, seen));
  return Object.values(value).some((item) => refusedByDesign(item, seen));
}

function expectWellFormed(snapshot: JsonSnapshot): void {
  if (snapshot.ok) {
    expect(typeof JSON.stringify(snapshot.value)).toBe("string");
  } else {
    expect(REASONS).toContain(snapshot.error.reason);
    expect(snapshot.error.path === "" || snapshot.error.path.startsWith("/")).toBe(true);
    expect(snapshot.error.message.length).toBeLessThan(400);
  }
}

const anything = fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withObjectString: true, withDate: true, withSparseArray: true, withTypedArray: true });

/** A value a JavaScript caller could hand over, made fresh on each call: fast-check looks into the values it generates, and a trap would stop it there. */
type Maker = () => unknown;

const hostileLeaf: fc.Arbitrary<Maker> = fc.oneof(
  fc.constant(() => trapProxy()),
  fc.constant(() => trapProxy([])),
  fc.constant(() => sparseHugeArray(["a"])),
  fc.constant(() => 10n),
  fc.constant(() => Symbol("s")),
  fc.string().map((key) => () => throwingGetter(key, new Error("boom"))),
  fc.tuple(fc.string(), anything, anything).map(([key, first, then]) => () => flipFlop(key, first, then)),
);

const hostile: fc.Arbitrary<Maker> = fc.letrec<{ value: Maker }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileLeaf,
    anything.map((plain) => () => plain),
    fc.array(tie("value"), { maxLength: 4 }).map((items) => () => items.map((make) => make())),
    fc.dictionary(fc.string(), tie("value"), { maxKeys: 4 }).map((fields) => () => Object.fromEntries(Object.entries(fields).map(([key, make]) => [key, make()]))),
  ),
})).value;

describe("jsonSnapshot (property)", () => {
  it("writes what JSON.stringify writes, wherever JSON.stringify writes anything but holes and bytes", () => {
    fc.assert(
      fc.property(anything, (input) => {
        const text = stringified(input);
        const snapshot = jsonSnapshot(input);
        expectWellFormed(snapshot);
        if (snapshot.ok) expect(JSON.stringify(snapshot.value)).toBe(text);
        else if (text !== undefined) expect(refusedByDesign(input)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never throws on a value that fights back, and gives plain data or a reason", () => {
    fc.assert(
      fc.property(hostile, (make) => {
        expectWellFormed(jsonSnapshot(make()));
      }),
      { numRuns: 1000 },
    );
  });

  it("is a function of one reading: two values made the same way have the same snapshot, and the snapshot of the snapshot is itself", () => {
    fc.assert(
      fc.property(hostile, (make) => {
        const first = jsonSnapshot(make());
        expect(jsonSnapshot(make())).toEqual(first);
        if (first.ok) expect(JSON.stringify(jsonSnapshot(first.value))).toBe(JSON.stringify(first));
      }),
      { numRuns: 1000 },
    );
  });
});
