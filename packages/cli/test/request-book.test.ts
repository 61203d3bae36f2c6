import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANSWER_LINES_REMEMBERED, RequestBook } from "../src/app-server/request-book.js";

type Step = { readonly send: string } | { readonly answer: string };

const IDS = ["a", "b", "c", "d"];
const step: fc.Arbitrary<Step> = fc.oneof(fc.constantFrom(...IDS).map((id): Step => ({ send: id })), fc.constantFrom(...IDS).map((id): Step => ({ answer: id })));

describe("RequestBook", () => {
  it("holds each request until it is answered, then the line of its answer", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("client" as const, "server" as const), step), { maxLength: 60 }), (steps) => {
        const book = new RequestBook<{ readonly line: number }>();
        type Entry = { readonly sender: "client" | "server"; readonly id: string; readonly line: number };
        const pending = new Map<string, Entry>();
        const answered = new Map<string, Entry>();
        steps.forEach(([sender, change], index) => {
          const line = index + 1;
          const id = "send" in change ? change.send : change.answer;
          const key = `${sender} ${id}`;
          if ("send" in change) {
            book.send(sender, id, { line });
            pending.set(key, { sender, id, line });
          } else if (book.pending(sender, id) !== undefined) {
            book.settle(sender, id, line);
            pending.delete(key);
            answered.set(key, { sender, id, line });
          } else {
            expect(pending.has(key)).toBe(false);
          }
        });
        for (const { sender, id, line } of pending.values()) expect(book.pending(sender, id)?.line).toBe(line);
        for (const [key, { sender, id, line }] of answered) if (!pending.has(key)) expect(book.answeredAt(sender, id)).toBe(line);
        expect(book.left().length).toBe(pending.size);
      }),
      { numRuns: 300 },
    );
  });

  it("remembers the answers of the last ANSWER_LINES_REMEMBERED requests at least, and forgets older ones", () => {
    const book = new RequestBook<{ readonly line: number }>();
    const answers = 3 * ANSWER_LINES_REMEMBERED;
    for (let line = 1; line <= answers; line += 1) {
      book.send("client", `r-${line}`, { line });
      book.settle("client", `r-${line}`, line);
    }
    expect(book.answeredAt("client", "r-1")).toBeUndefined();
    expect(book.answeredAt("client", `r-${answers - ANSWER_LINES_REMEMBERED + 1}`)).toBe(answers - ANSWER_LINES_REMEMBERED + 1);
    expect(book.answeredAt("server", `r-${answers}`)).toBeUndefined();
  });
});
