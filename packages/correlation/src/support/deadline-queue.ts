import { MinHeap } from "./min-heap.js";

/** One scheduled deadline: its key, its registration number (unique, rising) and when it is due. */
export interface Scheduled<K> {
  readonly key: K;
  readonly seq: number;
  readonly at: number;
  /** Set once the entry is taken or cancelled; the heap then skips it. */
  done: boolean;
}

/** Earlier deadline first; for equal deadlines, the earlier registration. */
function comesFirst<K>(a: Scheduled<K>, b: Scheduled<K>): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/**
 * Deadlines of the entries of a registry. Scheduling and taking a due entry
 * are O(log n). Cancelling is O(1): the heap keeps a cancelled entry until it
 * comes to the top or the heap is mostly cancelled entries, when it is
 * rebuilt in O(n) (amortized O(1) per cancel).
 */
export class DeadlineQueue<K> {
  private readonly heap: MinHeap<Scheduled<K>>;
  private live = 0;

  constructor(before: (a: Scheduled<K>, b: Scheduled<K>) => boolean = comesFirst) {
    this.heap = new MinHeap(before);
  }

  /** Schedules a deadline; `NaN` is never due, so it is not scheduled. */
  schedule(key: K, seq: number, at: number): Scheduled<K> | undefined {
    if (Number.isNaN(at)) return undefined;
    const entry: Scheduled<K> = { key, seq, at, done: false };
    this.heap.push(entry);
    this.live += 1;
    return entry;
  }

  cancel(entry: Scheduled<K> | undefined): void {
    if (entry === undefined || entry.done) return;
    entry.done = true;
    this.live -= 1;
    if (this.heap.size > 2 * this.live + 32) this.heap.retain((scheduled) => !scheduled.done);
  }

  /** The earliest deadline scheduled. */
  next(): number | undefined {
    return this.liveTop()?.at;
  }

  /** Takes every entry due at or before `now`, earliest first. */
  takeDue(now: number): Scheduled<K>[] {
    const due: Scheduled<K>[] = [];
    for (let top = this.liveTop(); top !== undefined && top.at <= now; top = this.liveTop()) {
      this.heap.pop();
      top.done = true;
      this.live -= 1;
      due.push(top);
    }
    return due;
  }

  clear(): void {
    this.heap.clear();
    this.live = 0;
  }

  private liveTop(): Scheduled<K> | undefined {
    let top = this.heap.peek();
    while (top !== undefined && top.done) {
      this.heap.pop();
      top = this.heap.peek();
    }
    return top;
  }
}
