/**
 * A map by string key that keeps the entry set last in a slot of its own
 * and the others in a `Map`. A transcript mostly settles one request or
 * question before the next is sent, and then setting, finding and deleting
 * it compare a key with the slot's, where a map would hash the key of each
 * line (a new string each time) and rehash its table as entries come and
 * go. A key is in the slot or in the map, never in both; a value is never
 * `undefined`, which marks an empty slot.
 */
export class SlottedMap<V extends {}> {
  private slotKey: string | undefined;
  private slotValue: V | undefined;
  private readonly others = new Map<string, V>();

  get(key: string): V | undefined {
    if (key === this.slotKey) return this.slotValue;
    return this.others.size === 0 ? undefined : this.others.get(key);
  }

  has(key: string): boolean {
    return key === this.slotKey || (this.others.size > 0 && this.others.has(key));
  }

  set(key: string, value: V): void {
    if (key !== this.slotKey) {
      if (this.others.size > 0) this.others.delete(key);
      if (this.slotKey !== undefined && this.slotValue !== undefined) this.others.set(this.slotKey, this.slotValue);
      this.slotKey = key;
    }
    this.slotValue = value;
  }

  /** Removes `key`; whether it was there. */
  delete(key: string): boolean {
    if (key !== this.slotKey) return this.others.size > 0 && this.others.delete(key);
    this.slotKey = undefined;
    this.slotValue = undefined;
    return true;
  }

  clear(): void {
    this.slotKey = undefined;
    this.slotValue = undefined;
    this.others.clear();
  }

  /** The entries, the slot's last. */
  entries(): [string, V][] {
    const slot: [string, V][] = this.slotKey === undefined || this.slotValue === undefined ? [] : [[this.slotKey, this.slotValue]];
    return [...this.others.entries(), ...slot];
  }
}
