import { RecentIds } from "../recent-ids.js";
import type { Party } from "./envelope-line.js";

/**
 * How many answered requests an app-server checker remembers, at least, so
 * that a second answer names the line of the first: a repeated answer comes
 * soon after the first, and a small set is cheap to keep.
 */
export const ANSWER_LINES_REMEMBERED = 1_024;

/**
 * The requests each party sent, by envelope id: pending until answered,
 * then only their answer's line, for at least `ANSWER_LINES_REMEMBERED`
 * later answers, so that a second answer names the line of the first. The
 * pending requests are a map of their own: most transcripts answer each
 * request soon, so it stays small, and looking an id up in it stays cheap.
 */
export class RequestBook<R> {
  private readonly sent: { readonly [P in Party]: Map<string, R> } = { client: new Map(), server: new Map() };
  private readonly answered: { readonly [P in Party]: RecentIds } = { client: new RecentIds(ANSWER_LINES_REMEMBERED), server: new RecentIds(ANSWER_LINES_REMEMBERED) };

  /** The request `id` of `sender` while it awaits its answer. */
  pending(sender: Party, id: string): R | undefined {
    return this.sent[sender].get(id);
  }

  /** The line of the answer to request `id` of `sender`, when it is answered and remembered. */
  answeredAt(sender: Party, id: string): number | undefined {
    return this.answered[sender].lineOf(id);
  }

  /** Books a request just sent. */
  send(sender: Party, id: string, request: R): void {
    this.sent[sender].set(id, request);
  }

  /** Ends request `id` of `sender`, answered at `line`. */
  settle(sender: Party, id: string, line: number): void {
    this.sent[sender].delete(id);
    this.answered[sender].add(id, line);
  }

  /** The requests still pending, with their ids. */
  left(): [string, R][] {
    return [...this.sent.client.entries(), ...this.sent.server.entries()];
  }
}
