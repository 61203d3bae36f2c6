import type { Party } from "./envelope-line.js";

/**
 * How many answered requests an app-server checker remembers, at least, so
 * that a second answer names the line of the first: a repeated answer comes
 * soon after the first, and fewer cost less to keep.
 */
export const ANSWER_LINES_REMEMBERED = 2_048;

/** What the book keeps of a request: its own line, and its answer's once answered. */
export interface BookedRequest {
  line: number;
  /** The line of its answer; `undefined` while it is pending. */
  answeredAt: number | undefined;
  /** How many answers the book had settled before this one's, for forgetting the oldest. */
  answeredAs: number;
}

/**
 * The requests each party sent, by envelope id: pending until answered,
 * then kept for at least `remembered` later answers, so that a second
 * answer names the line of the first. An answer marks its request rather
 * than moving it to another set (no map write per answer); the answers
 * older than that are dropped in one pass once as many more have come as
 * the book held after the last pass, so the passes cost O(1) per answer and
 * the book holds a small multiple of its pending requests and `remembered`.
 */
export class RequestBook<R extends BookedRequest> {
  private readonly sent: { readonly [P in Party]: Map<string, R> } = { client: new Map(), server: new Map() };
  private answers = 0;
  private pruneAt: number;

  constructor(private readonly remembered: number) {
    this.pruneAt = 2 * remembered;
  }

  /** The request `id` of `sender` while it awaits its answer. */
  pending(sender: Party, id: string): R | undefined {
    const request = this.sent[sender].get(id);
    return request !== undefined && request.answeredAt === undefined ? request : undefined;
  }

  /** The line of the answer to request `id` of `sender`, when it is answered and remembered. */
  answeredAt(sender: Party, id: string): number | undefined {
    return this.sent[sender].get(id)?.answeredAt;
  }

  /** Books a request just sent; one answered before under the same id is forgotten. */
  send(sender: Party, id: string, request: R): void {
    this.sent[sender].set(id, request);
  }

  /** Marks `request` answered at `line`. */
  settle(request: R, line: number): void {
    request.answeredAt = line;
    request.answeredAs = this.answers;
    this.answers += 1;
    if (this.answers >= this.pruneAt) this.prune();
  }

  /** The requests still pending, in the order of their lines. */
  left(): [string, R][] {
    const pending = [...this.sent.client.entries(), ...this.sent.server.entries()].filter(([, request]) => request.answeredAt === undefined);
    return pending.sort(([, a], [, b]) => a.line - b.line);
  }

  private prune(): void {
    const oldest = this.answers - this.remembered;
    let kept = 0;
    for (const requests of [this.sent.client, this.sent.server]) {
      for (const [id, request] of requests) {
        if (request.answeredAt !== undefined && request.answeredAs < oldest) requests.delete(id);
        else kept += 1;
      }
    }
    this.pruneAt = this.answers + Math.max(this.remembered, kept);
  }
}
