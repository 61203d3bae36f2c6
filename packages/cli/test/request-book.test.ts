import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RequestBook, type BookedRequest } from "../src/app-server/request-book.js";

type Step = { readonly send: string } | { readonly answer: string };

const IDS = ["a", "b", "c", "d", "e", "f"];
const step: fc.Arbitrary<Step> = fc.oneof(fc.constantFrom(...IDS).map((id): Step => ({ send: id })), fc.constantFrom(...IDS).map((id): Step => ({ answer: id })));

const booked = (line: number): BookedRequest => ({ line, answeredAt: undefined, answeredAs: 0 });

describe("RequestBook", () => {
  it("keeps pending requests however many others are answered, and remembers an answer for at least `remembered` later ones", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(step, { maxLength: 80 }), (remembered, steps) => {
        const book = new RequestBook<BookedRequest>(remembered);
        // The model: pending ids with their line; answered ids with their answer's line and how many answers came after.
        const pending = new Map<string, number>();
        const answered = new Map<string, { line: number; since: number }>();
        steps.forEach((change, index) => {
          const line = index + 1;
          if ("send" in change) {
            book.send("client", change.send, booked(line));
            pending.set(change.send, line);
            answered.delete(change.send);
            return;
          }
          const request = book.pending("client", change.answer);
          expect(request === undefined).toBe(!pending.has(change.answer));
          if (request === undefined) return;
          book.settle(request, line);
          pending.delete(change.answer);
          for (const entry of answered.values()) entry.since += 1;
          answered.set(change.answer, { line, since: 0 });
        });
        for (const [id, line] of pending) expect(book.pending("client", id)?.line).toBe(line);
        for (const [id, { line, since }] of answered) if (since < remembered) expect(book.answeredAt("client", id)).toBe(line);
        expect(book.left().map(([id]) => id)).toEqual([...pending].sort(([, a], [, b]) => a - b).map(([id]) => id));
      }),
      { numRuns: 500 },
    );
  });

  it("forgets old answers, so its size stays bounded by what is pending", () => {
    const book = new RequestBook<BookedRequest>(4);
    book.send("server", "open", booked(0));
    for (let index = 1; index <= 1000; index += 1) {
      const id = `r-${index}`;
      const request = booked(index);
      book.send("client", id, request);
      book.settle(request, index);
    }
    expect(book.answeredAt("client", "r-1")).toBeUndefined();
    expect(book.answeredAt("client", "r-1000")).toBe(1000);
    expect(book.pending("server", "open")?.line).toBe(0);
    // Pending plus answered, read back through what it answers for: only the recent answers are still named.
    const named = Array.from({ length: 1000 }, (_, index) => book.answeredAt("client", `r-${index + 1}`)).filter((line) => line !== undefined);
    expect(named.length).toBeGreaterThanOrEqual(4);
    expect(named.length).toBeLessThanOrEqual(12);
  });
});
