import { lineFinding, quoted, type LineFinding } from "./findings.js";

type QuestionState = "pending" | "invalid" | "answered";

/**
 * The interactive questions of one transcript, by question `request_id`:
 * asked, answered invalidly (so still pending, spec 4.7), or answered and
 * awaiting the resolution its writer may announce. A resolution is only
 * right after an answer that passed validation.
 */
export class QuestionLedger {
  private readonly states = new Map<string, QuestionState>();

  asked(requestId: string): void {
    this.states.set(requestId, "pending");
  }

  isPending(requestId: string): boolean {
    const state = this.states.get(requestId);
    return state === "pending" || state === "invalid";
  }

  answered(requestId: string, valid: boolean): void {
    if (this.states.has(requestId)) this.states.set(requestId, valid ? "answered" : "invalid");
  }

  /** Notes a resolution announced at `line`: a finding unless a valid answer (or a cancellation of a pending question) precedes it. */
  resolved(line: number, requestId: string, path: string): LineFinding | undefined {
    const state = this.states.get(requestId);
    this.states.delete(requestId);
    if (state === "invalid") return lineFinding(line, "ack_for_invalid_answer", `question ${quoted(requestId)} is resolved although its answer failed validation`, path);
    if (state === undefined) return lineFinding(line, "ack_for_unknown_id", `question ${quoted(requestId)} is resolved but was never asked or is already resolved`, path);
    return undefined;
  }

  /** Forgets every question still pending, as the end of a turn cancels them (spec 5.7). */
  cancelPending(): void {
    for (const [requestId, state] of this.states) if (state !== "answered") this.states.delete(requestId);
  }
}
