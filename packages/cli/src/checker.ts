import { failureFinding, type LineFinding } from "./findings.js";

/** Options every transcript checker takes. */
export interface CheckerOptions {
  /** Producer-strict validation: fields the protocol does not define are `unknown_field` errors. */
  readonly strict?: boolean;
}

/** Judges the lines of one transcript in order, remembering what each party still owes. */
export interface TranscriptChecker {
  /** The findings of one line: its parsed value, and its text as read when the text is to be judged too (what `JSON.parse` hides of it). */
  line(line: number, value: unknown, text?: string): LineFinding[];
  /** The findings the end of the transcript leaves: requests never answered. */
  end(): LineFinding[];
}

/** A checker's findings for a line; a line it cannot examine (it exhausted the stack, say) is `unprocessable`, never a crash. */
export function checkedLine(checker: TranscriptChecker, line: number, value: unknown, text: string | undefined): LineFinding[] {
  try {
    return checker.line(line, value, text);
  } catch {
    return [failureFinding(line, { code: "unprocessable", path: "", message: "the line could not be examined" })];
  }
}
