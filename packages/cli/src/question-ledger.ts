import { lineFinding, quoted, type LineFinding } from "./findings.js";
import { ANSWERS_REMEMBERED, RecentIds } from "./recent-ids.js";
import { SlottedMap } from "./slotted-map.js";

/**
 * The interactive questions of one transcript, by question `request_id`:
 * asked, answered invalidly (so still pending, spec 4.7), or answered and
 * awaiting the resolution its writer may announce. A resolution is only
 * right after an answer that passed validation.
 *
 * A question asked again keeps its earlier valid answer in `answeredIds`
 * while it is open, and `open` is read first: asking costs one write to a
 * small map, where forgetting that answer would cost a look-up in the large
 * maps of answered ids for every question asked. The stale answer is
 * overwritten by the next valid one, or forgotten when the question leaves
 * `open` any other way.
 */
export class QuestionLedger {
  /** Asked and not validly answered yet: `invalid` after an answer that failed validation. Most are answered before the next is asked, the case a slotted map is quick for. */
  private readonly open = new SlottedMap<"pending" | "invalid">();
  /** Validly answered, awaiting a resolution that may never come (spec 4.9 step 5: core refused the answer), so only the recent ones; stale for an id in `open`. */
  private readonly answeredIds = new RecentIds(ANSWERS_REMEMBERED);

  asked(requestId: string): void {
    this.open.set(requestId, "pending");
  }

  isPending(requestId: string): boolean {
    return this.open.has(requestId);
  }

  /** Notes an answer at `line` to a known question: a valid one awaits its resolution, an invalid one leaves the question pending. */
  answered(requestId: string, valid: boolean, line = 0): void {
    if (!this.open.delete(requestId) && !this.answeredIds.delete(requestId)) return;
    if (valid) this.answeredIds.add(requestId, line);
    else this.open.set(requestId, "invalid");
  }

  /** The line of the valid answer to a question that awaits its resolution, if it is one. */
  answeredAt(requestId: string): number | undefined {
    return this.open.has(requestId) ? undefined : this.answeredIds.lineOf(requestId);
  }

  /** Notes a resolution announced at `line`: a finding unless a valid answer (or a cancellation of a pending question) precedes it. */
  resolved(line: number, requestId: string, path: string): LineFinding | undefined {
    const open = this.open.get(requestId);
    this.open.delete(requestId);
    const wasAnswered = this.answeredIds.delete(requestId);
    if (open === "invalid") return lineFinding(line, "ack_for_invalid_answer", `question ${quoted(requestId)} is resolved although its answer failed validation`, path);
    if (open === undefined && !wasAnswered) return lineFinding(line, "ack_for_unknown_id", `question ${quoted(requestId)} is resolved but was never asked or is already resolved`, path);
    return undefined;
  }

  /** Forgets every question still pending, as the end of a turn cancels them (spec 5.7), with the stale answers of those asked again. */
  cancelPending(): void {
    for (const [requestId] of this.open.entries()) this.answeredIds.delete(requestId);
    this.open.clear();
  }
}
