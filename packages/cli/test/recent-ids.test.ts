import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { QuestionLedger } from "../src/question-ledger.js";
import { ANSWERS_REMEMBERED, RecentIds } from "../src/recent-ids.js";

const IDS = ["a", "b", "c", "d", "e", "f", "g"];

type Operation = { readonly add: string } | { readonly remove: string };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.constantFrom(...IDS).map((id): Operation => ({ add: id })),
  fc.constantFrom(...IDS).map((id): Operation => ({ remove: id })),
);

describe("RecentIds", () => {
  it("remembers an id until `generation` more are added, forgets a removed one, and never holds more than twice `generation`", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(operation, { maxLength: 60 }), (generation, operations) => {
        const ids = new RecentIds(generation);
        // Per id, how many adds came after its last add; absent once removed.
        const addsSince = new Map<string, number>();
        for (const step of operations) {
          if ("add" in step) {
            for (const [id, count] of addsSince) addsSince.set(id, count + 1);
            addsSince.set(step.add, 0);
            ids.add(step.add);
          } else {
            const remembered = ids.has(step.remove);
            expect(ids.delete(step.remove)).toBe(remembered);
            expect(ids.has(step.remove)).toBe(false);
            addsSince.delete(step.remove);
          }
        }
        for (const id of IDS) {
          const count = addsSince.get(id);
          if (count === undefined) expect(ids.has(id)).toBe(false);
          else if (count < generation) expect(ids.has(id)).toBe(true);
        }
        expect(IDS.filter((id) => ids.has(id)).length).toBeLessThanOrEqual(2 * generation);
      }),
      { numRuns: 1000 },
    );
  });

  it("forgets an id re-added after its generation ended at one removal", () => {
    const ids = new RecentIds(2);
    for (const id of ["a", "b", "a"]) ids.add(id);
    expect(ids.delete("a")).toBe(true);
    expect(ids.has("a")).toBe(false);
    expect(ids.has("b")).toBe(true);
  });

  it("forgets an id once twice `generation` others were added after it", () => {
    const ids = new RecentIds(3);
    ids.add("first");
    for (const id of ["1", "2", "3", "4", "5"]) ids.add(id);
    expect(ids.has("first")).toBe(false);
    expect(["1", "2", "3", "4", "5"].filter((id) => ids.has(id))).toEqual(["3", "4", "5"]);
  });
});

describe("QuestionLedger", () => {
  it("accepts the resolution of an answered question until many later answers, then forgets it", () => {
    const ledger = new QuestionLedger();
    const answer = (id: string) => {
      ledger.asked(id);
      ledger.answered(id, true);
    };
    answer("old");
    for (let index = 0; index < ANSWERS_REMEMBERED - 1; index += 1) answer(`recent-${index}`);
    expect(ledger.resolved(2, "recent-0", "/id")).toBeUndefined();
    for (let index = 0; index < ANSWERS_REMEMBERED; index += 1) answer(`later-${index}`);
    expect(ledger.resolved(3, "later-0", "/id")).toBeUndefined();
    expect(ledger.resolved(4, "old", "/id")?.code).toBe("ack_for_unknown_id");
  });

  it("keeps a question that is still pending however many others are answered", () => {
    const ledger = new QuestionLedger();
    ledger.asked("pending");
    for (let index = 0; index < 2 * ANSWERS_REMEMBERED; index += 1) {
      ledger.asked(`other-${index}`);
      ledger.answered(`other-${index}`, true);
    }
    expect(ledger.isPending("pending")).toBe(true);
    expect(ledger.resolved(5, "pending", "/id")).toBeUndefined();
  });
});

/** The ledger's rules with nothing forgotten: an answer is forgotten when its question is asked again. */
class LedgerModel {
  private readonly open = new Map<string, "pending" | "invalid">();
  private readonly answered = new Map<string, number>();

  run(step: LedgerStep): unknown {
    const { id } = step;
    switch (step.kind) {
      case "asked":
        this.answered.delete(id);
        this.open.set(id, "pending");
        return undefined;
      case "answered": {
        if (!this.open.delete(id) && !this.answered.delete(id)) return undefined;
        if (step.valid) this.answered.set(id, step.line);
        else this.open.set(id, "invalid");
        return undefined;
      }
      case "resolved": {
        const open = this.open.get(id);
        this.open.delete(id);
        const wasAnswered = this.answered.delete(id);
        if (open === "invalid") return "ack_for_invalid_answer";
        return open === undefined && !wasAnswered ? "ack_for_unknown_id" : undefined;
      }
      case "cancelPending":
        this.open.clear();
        return undefined;
      case "query":
        return [this.open.has(id), this.answered.get(id)];
    }
  }
}

type LedgerStep =
  | { readonly kind: "asked" | "resolved" | "cancelPending" | "query"; readonly id: string }
  | { readonly kind: "answered"; readonly id: string; readonly valid: boolean; readonly line: number };

function runLedger(ledger: QuestionLedger, step: LedgerStep): unknown {
  const { id } = step;
  switch (step.kind) {
    case "asked":
      return ledger.asked(id);
    case "answered":
      return ledger.answered(id, step.valid, step.line);
    case "resolved":
      return ledger.resolved(1, id, "/id")?.code;
    case "cancelPending":
      return ledger.cancelPending();
    case "query":
      return [ledger.isPending(id), ledger.answeredAt(id)];
  }
}

/** Few ids, so that a question is often asked again, answered twice or resolved after a cancellation. */
const LEDGER_IDS = ["a", "b", "c"];

const ledgerStep: fc.Arbitrary<LedgerStep> = fc.oneof(
  fc.record({ kind: fc.constantFrom("asked" as const, "resolved" as const, "cancelPending" as const, "query" as const), id: fc.constantFrom(...LEDGER_IDS) }),
  fc.record({ kind: fc.constant("answered" as const), id: fc.constantFrom(...LEDGER_IDS), valid: fc.boolean(), line: fc.nat(1000) }),
);

describe("QuestionLedger against a model that forgets nothing", () => {
  it("gives the model's findings, pending states and answer lines after any steps (questions asked again included)", () => {
    fc.assert(
      fc.property(fc.array(ledgerStep, { minLength: 5, maxLength: 40, size: "max" }), (steps) => {
        const ledger = new QuestionLedger();
        const model = new LedgerModel();
        for (const step of steps) expect(runLedger(ledger, step)).toEqual(model.run(step));
      }),
      { numRuns: 1000 },
    );
  });
});
