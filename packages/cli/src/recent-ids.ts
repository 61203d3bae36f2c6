/**
 * How many answered ids a transcript checker remembers, at least, once
 * nothing is owed for them: the questions whose resolution may still be
 * announced, the permissions a second answer would be late for. An id is
 * kept for at least this many later answers and at most twice as many, so
 * memory stays flat on a transcript of any length; a line about an id
 * forgotten is judged as one about an id never seen.
 */
export const ANSWERS_REMEMBERED = 16_384;

/**
 * A set of ids that forgets the oldest, so a transcript of any length holds
 * a bounded number: it remembers at least the last `generation` ids added
 * and at most twice as many. Two generations: when the current one is full
 * it becomes the previous one, and the one before is dropped whole (O(1),
 * where evicting one id at a time from an insertion-ordered set is not).
 */
export class RecentIds {
  private current = new Set<string>();
  private previous = new Set<string>();

  constructor(private readonly generation: number) {}

  /** Remembers `id`, as the most recent one when it was known already. */
  add(id: string): void {
    this.previous.delete(id);
    this.current.add(id);
    if (this.current.size < this.generation) return;
    this.previous = this.current;
    this.current = new Set();
  }

  has(id: string): boolean {
    return this.current.has(id) || this.previous.has(id);
  }

  /** Forgets `id`; whether it was remembered. */
  delete(id: string): boolean {
    return this.current.delete(id) || this.previous.delete(id);
  }
}
