/**
 * An entry that can sit in several group lists at once. In the list of slot
 * `s`, its previous neighbour is `links[2s]` and its next `links[2s + 1]`:
 * the links live in the entry, so joining or leaving a group allocates
 * nothing and hashes nothing but the group's key.
 */
export interface Linked<T> {
  readonly links: (T | undefined)[];
}

interface Group<T> {
  first: T;
  last: T;
}

/**
 * A registry's entries grouped by one of their fields (session, turn,
 * owner), each group a list in registration order: an entry joins its group
 * when it is registered and leaves when it ends, so a group holds exactly its
 * pending entries and cancelling it costs what it cancels.
 */
export class GroupIndex<K, T extends Linked<T>> {
  private readonly groups = new Map<K, Group<T>>();
  private readonly previous: number;
  private readonly next: number;

  constructor(
    slot: number,
    private readonly keyOf: (entry: T) => K,
  ) {
    this.previous = 2 * slot;
    this.next = 2 * slot + 1;
  }

  /** Appends a new entry to its group. */
  add(entry: T): void {
    const key = this.keyOf(entry);
    const group = this.groups.get(key);
    if (group === undefined) {
      this.groups.set(key, { first: entry, last: entry });
      return;
    }
    entry.links[this.previous] = group.last;
    group.last.links[this.next] = entry;
    group.last = entry;
  }

  /** Takes an entry out of its group; it must be in it. */
  remove(entry: T): void {
    const previous = entry.links[this.previous];
    const next = entry.links[this.next];
    if (previous !== undefined) previous.links[this.next] = next;
    if (next !== undefined) next.links[this.previous] = previous;
    entry.links[this.previous] = undefined;
    entry.links[this.next] = undefined;
    const key = this.keyOf(entry);
    const group = this.groups.get(key);
    if (group === undefined) return;
    if (group.first === entry && next === undefined) this.groups.delete(key);
    else if (group.first === entry && next !== undefined) group.first = next;
    else if (group.last === entry && previous !== undefined) group.last = previous;
  }

  /** The entries of one group, in registration order. */
  members(key: K): T[] {
    const entries: T[] = [];
    for (let entry = this.groups.get(key)?.first; entry !== undefined; entry = entry.links[this.next]) entries.push(entry);
    return entries;
  }

  clear(): void {
    this.groups.clear();
  }
}
