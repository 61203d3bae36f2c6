import { SlottedMap } from "../slotted-map.js";
import type { Party } from "./envelope-line.js";

/**
 * How many answers of each party an app-server checker remembers, at least,
 * so that a second answer names the line of the first: a repeated answer
 * comes soon after the first.
 */
export const ANSWER_LINES_REMEMBERED = 256;

/**
 * The last answers to one party's requests, oldest overwritten first: their
 * ids and lines in two arrays, written in place. Remembering an answer is
 * two array writes, where a set would hash the id; looking one up reads
 * them all, which only a response to no pending request does.
 */
class AnsweredRing {
  private readonly ids: string[] = [];
  private readonly lines: number[] = [];
  private next = 0;

  add(id: string, line: number): void {
    this.ids[this.next] = id;
    this.lines[this.next] = line;
    this.next = (this.next + 1) % ANSWER_LINES_REMEMBERED;
  }

  /** The line of the latest answer to `id`, if it is remembered. */
  lineOf(id: string): number | undefined {
    const count = this.ids.length;
    for (let back = 1; back <= count; back += 1) {
      const at = (this.next - back + count) % count;
      if (this.ids[at] === id) return this.lines[at];
    }
    return undefined;
  }
}

/**
 * The requests each party sent, by envelope id: pending until answered,
 * then only their answer's line, for at least `ANSWER_LINES_REMEMBERED`
 * later answers, so that a second answer names the line of the first.
 */
export class RequestBook<R extends {}> {
  /** Each party's pending requests by envelope id: most are answered before the next is sent, the case a slotted map is quick for. */
  private readonly sent: { readonly [P in Party]: SlottedMap<R> } = { client: new SlottedMap(), server: new SlottedMap() };
  private readonly answered: { readonly [P in Party]: AnsweredRing } = { client: new AnsweredRing(), server: new AnsweredRing() };

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
