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
 * A set of ids, each with the line that added it last, that forgets the
 * oldest, so a transcript of any length holds a bounded number: it
 * remembers at least the last `generation` ids added and at most twice as
 * many. Two generations: when the current one is full it becomes the
 * previous one, and the one before is dropped whole (O(1), where evicting
 * one id at a time from an insertion-ordered map is not). An id added again
 * may stay in the previous generation too, behind its newer entry: adding
 * costs one map write, as it is done for every answer.
 */
export class RecentIds {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();

  constructor(private readonly generation: number) {}

  /** Remembers `id`, added at `line`, as the most recent one when it was known already. */
  add(id: string, line = 0): void {
    this.current.set(id, line);
    if (this.current.size < this.generation) return;
    this.previous = this.current;
    this.current = new Map();
  }

  has(id: string): boolean {
    return this.current.has(id) || this.previous.has(id);
  }

  /** The line that added `id` last, if it is remembered. */
  lineOf(id: string): number | undefined {
    return this.current.get(id) ?? this.previous.get(id);
  }

  /** Forgets `id`; whether it was remembered. */
  delete(id: string): boolean {
    const current = this.current.delete(id);
    return this.previous.delete(id) || current;
  }
}
