import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DeadlineQueue, type Scheduled } from "../src/support/deadline-queue.js";
import { GroupIndex, type Linked } from "../src/support/group-index.js";
import { MinHeap } from "../src/support/min-heap.js";

// The indexes behind the registries' bounded costs, against plain arrays,
// and their work counted in comparisons (deterministic, unlike time).

const earlier = (a: Scheduled<string>, b: Scheduled<string>) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/** A deadline order that counts how often it is asked. */
function countingOrder(): { before: typeof earlier; count: () => number } {
  let calls = 0;
  return {
    before: (a, b) => {
      calls += 1;
      return earlier(a, b);
    },
    count: () => calls,
  };
}

describe("MinHeap", () => {
  it("pops in order, whatever was pushed and retained", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 })), fc.integer({ min: 2, max: 5 }), (values, modulus) => {
        const heap = new MinHeap<number>((a, b) => a < b);
        for (const value of values) heap.push(value);
        heap.retain((value) => value % modulus !== 0);
        const popped: number[] = [];
        for (let value = heap.pop(); value !== undefined; value = heap.pop()) popped.push(value);
        expect(popped).toEqual(values.filter((value) => value % modulus !== 0).sort((a, b) => a - b));
      }),
    );
  });
});

describe("DeadlineQueue", () => {
  it("takes what is due earliest first, skips what was cancelled, and says when to look again", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 100 }), fc.boolean())), fc.integer({ min: 0, max: 100 }), (entries, now) => {
        const queue = new DeadlineQueue<number>();
        entries.forEach(([at, cancelled], seq) => {
          const entry = queue.schedule(seq, seq, at);
          if (cancelled) queue.cancel(entry);
        });
        const live = entries.map(([at, cancelled], seq) => ({ at, seq, cancelled })).filter((entry) => !entry.cancelled);
        const byDeadline = [...live].sort((a, b) => a.at - b.at || a.seq - b.seq);
        expect(queue.takeDue(now).map((entry) => entry.key)).toEqual(byDeadline.filter((entry) => entry.at <= now).map((entry) => entry.seq));
        expect(queue.next()).toBe(byDeadline.find((entry) => entry.at > now)?.at);
      }),
    );
  });

  it("never schedules NaN, which is never due", () => {
    const queue = new DeadlineQueue<string>();
    expect(queue.schedule("a", 0, Number.NaN)).toBeUndefined();
    expect(queue.takeDue(Number.POSITIVE_INFINITY)).toEqual([]);
  });

  it("takes n due entries in O(n log n) comparisons", () => {
    for (const n of [1_000, 8_000]) {
      const order = countingOrder();
      const queue = new DeadlineQueue<string>(order.before);
      for (let seq = 0; seq < n; seq += 1) queue.schedule("k", seq, (seq * 7919) % n);
      expect(queue.takeDue(n).length).toBe(n);
      expect(order.count()).toBeLessThanOrEqual(3 * n * Math.log2(n));
    }
  });

  it("cancels n entries in O(n) comparisons in all, rebuilding the heap as it empties", () => {
    for (const n of [1_000, 8_000]) {
      const order = countingOrder();
      const queue = new DeadlineQueue<string>(order.before);
      const entries = Array.from({ length: n }, (_, seq) => queue.schedule("k", seq, n - seq));
      const afterScheduling = order.count();
      for (const entry of entries) queue.cancel(entry);
      expect(queue.next()).toBeUndefined();
      expect(order.count() - afterScheduling).toBeLessThanOrEqual(4 * n);
    }
  });
});

interface Item extends Linked<Item> {
  readonly group: string;
  readonly id: number;
}

describe("GroupIndex", () => {
  it("lists each group's members in the order they joined, after any removals", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("a", "b", "c"), fc.boolean())), (joins) => {
        const index = new GroupIndex<string, Item>(0, (item) => item.group);
        const items = joins.map(([group, leaves], id) => ({ item: { group, id, links: [undefined, undefined] }, leaves }));
        for (const { item } of items) index.add(item);
        for (const { item, leaves } of items) if (leaves) index.remove(item);
        for (const group of ["a", "b", "c", "d"]) {
          const expected = joins.flatMap(([name, leaves], id) => (name === group && !leaves ? [id] : []));
          expect(index.members(group).map((item) => item.id)).toEqual(expected);
        }
      }),
    );
  });
});
