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
 * One party's pending requests by envelope id: the latest one sent in a
 * slot of its own, the others in a map. Most transcripts answer a request
 * before the next is sent, and then booking, finding and ending it compare
 * an id with the slot's, where a map would hash the id of each line (a
 * new string each time) and rehash its table as entries come and go.
 * An id is in the slot or in the map, never in both.
 */
class PendingRequests<R> {
  private slotId: string | undefined;
  private slotRequest: R | undefined;
  private readonly others = new Map<string, R>();

  get(id: string): R | undefined {
    if (id === this.slotId) return this.slotRequest;
    return this.others.size === 0 ? undefined : this.others.get(id);
  }

  set(id: string, request: R): void {
    if (id !== this.slotId) {
      if (this.others.size > 0) this.others.delete(id);
      if (this.slotId !== undefined && this.slotRequest !== undefined) this.others.set(this.slotId, this.slotRequest);
      this.slotId = id;
    }
    this.slotRequest = request;
  }

  delete(id: string): void {
    if (id !== this.slotId) {
      this.others.delete(id);
      return;
    }
    this.slotId = undefined;
    this.slotRequest = undefined;
  }

  entries(): [string, R][] {
    const slot: [string, R][] = this.slotId === undefined || this.slotRequest === undefined ? [] : [[this.slotId, this.slotRequest]];
    return [...this.others.entries(), ...slot];
  }
}

/**
 * The requests each party sent, by envelope id: pending until answered,
 * then only their answer's line, for at least `ANSWER_LINES_REMEMBERED`
 * later answers, so that a second answer names the line of the first.
 */
export class RequestBook<R> {
  private readonly sent: { readonly [P in Party]: PendingRequests<R> } = { client: new PendingRequests(), server: new PendingRequests() };
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
