import type { TextSink } from "./writers.js";

/** About how many UTF-16 units are gathered before they are written. */
const PIECE_UNITS = 1 << 16;

/**
 * Text gathered into pieces before it goes to a stream: a report of
 * millions of findings is a few hundred thousand writes, not millions, and
 * never one string. Writers write to it synchronously; `flush` writes
 * what is pending and waits for the stream's `drain` when a write was
 * refused, so a slow reader slows the run instead of the report piling up
 * in memory.
 */
export class BufferedSink implements TextSink {
  private pending: string[] = [];
  private units = 0;
  private drained: Promise<void> | undefined;

  constructor(private readonly sink: TextSink) {}

  write(text: string): boolean {
    this.pending.push(text);
    this.units += text.length;
    if (this.units >= PIECE_UNITS) this.emit();
    return true;
  }

  async flush(): Promise<void> {
    this.emit();
    await this.drained;
  }

  private emit(): void {
    if (this.units === 0) return;
    const text = this.pending.join("");
    this.pending = [];
    this.units = 0;
    // Listened for at once: the drain may come before the next flush.
    if (this.sink.write(text) === false && this.drained === undefined && this.sink.once !== undefined) {
      this.drained = new Promise((resolve) =>
        this.sink.once?.("drain", () => {
          this.drained = undefined;
          resolve();
        }),
      );
    }
  }
}
