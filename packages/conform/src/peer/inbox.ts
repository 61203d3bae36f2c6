import type { JsonValue } from "@app-server-protocol/validators";

/** A JSON frame the peer sent, numbered in the order of everything sent and received on the connection. */
export interface ReceivedFrame {
  readonly seq: number;
  readonly value: JsonValue;
}

/** What waiting for a frame ended with. */
export type Awaited = { readonly kind: "frame"; readonly frame: ReceivedFrame } | { readonly kind: "timeout" } | { readonly kind: "closed"; readonly reason: string };

interface Waiter {
  readonly matches: (frame: ReceivedFrame) => boolean;
  readonly settle: (outcome: Awaited) => void;
}

/**
 * The frames a peer sent and no expectation has taken yet. `next` takes the
 * first one that matches, waiting for it when none has come; once the
 * connection is closed, waiting ends at once.
 */
export class Inbox {
  private readonly frames: ReceivedFrame[] = [];
  private readonly waiters = new Set<Waiter>();
  private closedReason: string | undefined;

  add(frame: ReceivedFrame): void {
    for (const waiter of this.waiters) {
      if (waiter.matches(frame)) {
        this.waiters.delete(waiter);
        waiter.settle({ kind: "frame", frame });
        return;
      }
    }
    this.frames.push(frame);
  }

  /** No frame will come any more: every wait ends with `reason`. The frames received stay takeable. */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    for (const waiter of this.waiters) waiter.settle({ kind: "closed", reason });
    this.waiters.clear();
  }

  get closed(): string | undefined {
    return this.closedReason;
  }

  /** Takes the first frame that matches, waiting at most `timeoutMs` for one. */
  next(matches: (frame: ReceivedFrame) => boolean, timeoutMs: number): Promise<Awaited> {
    const index = this.frames.findIndex(matches);
    const found = index === -1 ? undefined : this.frames.splice(index, 1)[0];
    if (found !== undefined) return Promise.resolve({ kind: "frame", frame: found });
    if (this.closedReason !== undefined) return Promise.resolve({ kind: "closed", reason: this.closedReason });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        resolve({ kind: "timeout" });
      }, timeoutMs);
      const waiter: Waiter = {
        matches,
        settle: (outcome) => {
          clearTimeout(timer);
          resolve(outcome);
        },
      };
      this.waiters.add(waiter);
    });
  }
}
