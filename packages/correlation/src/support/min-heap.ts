/** A binary min-heap: push and pop in O(log n), the smallest item first by `before`. */
export class MinHeap<T> {
  private items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    this.items.push(item);
    this.siftUp(this.items.length - 1);
  }

  pop(): T | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (top !== undefined && last !== undefined && this.items.length > 0) {
      this.items[0] = last;
      this.siftDown(0);
    }
    return top;
  }

  /** Keeps only the items `keep` accepts, in O(n). */
  retain(keep: (item: T) => boolean): void {
    this.items = this.items.filter(keep);
    for (let index = (this.items.length >> 1) - 1; index >= 0; index -= 1) this.siftDown(index);
  }

  clear(): void {
    this.items = [];
  }

  private siftUp(start: number): void {
    let index = start;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (!this.isBefore(index, parent)) return;
      this.swap(index, parent);
      index = parent;
    }
  }

  private siftDown(start: number): void {
    let index = start;
    for (;;) {
      const left = 2 * index + 1;
      const right = left + 1;
      let smallest = index;
      if (left < this.items.length && this.isBefore(left, smallest)) smallest = left;
      if (right < this.items.length && this.isBefore(right, smallest)) smallest = right;
      if (smallest === index) return;
      this.swap(smallest, index);
      index = smallest;
    }
  }

  private isBefore(a: number, b: number): boolean {
    const left = this.items[a];
    const right = this.items[b];
    return left !== undefined && right !== undefined && this.before(left, right);
  }

  private swap(a: number, b: number): void {
    const left = this.items[a];
    const right = this.items[b];
    if (left === undefined || right === undefined) return;
    this.items[a] = right;
    this.items[b] = left;
  }
}
