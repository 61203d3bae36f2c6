import type { AskUserValidationCode, AskUserValidationError } from "@app-server-protocol/types";
import type { ValidationFailure, ValidationFailureCode } from "@app-server-protocol/validators";

/** Codes of the correlation rules a transcript can break (README "Findings"). */
export const CORRELATION_CODES = [
  "unknown_response_id",
  "duplicate_request_id",
  "ack_for_invalid_answer",
  "ack_for_unknown_id",
  "unanswered_request",
] as const;

/** A correlation rule's code. */
export type CorrelationCode = (typeof CORRELATION_CODES)[number];

/** Codes of the server dispatch rules (spec 1.7) a transcript's requests and answers can break (README "Findings"). */
export const DISPATCH_CODES = ["request_before_initialize", "capability_not_declared", "refusal_expected"] as const;

/** A dispatch rule's code. */
export type DispatchCode = (typeof DISPATCH_CODES)[number];

/**
 * The stable, machine-readable code of a finding: a validators failure code
 * (`invalid_json`, `too_large`, `wrong_type`, `duplicate_key`, ...), an
 * interactive-question rule code (spec 4.2-4.4), a correlation code, or a
 * dispatch rule code (spec 1.7).
 */
export type FindingCode = ValidationFailureCode | AskUserValidationCode | CorrelationCode | DispatchCode;

/** How bad a finding is: only errors make `validate` exit with 1. */
export type Severity = "error" | "warning";

/** One thing wrong with a transcript line. */
export interface Finding {
  /** The file as named on the command line, `-` for standard input. */
  readonly file: string;
  /** 1-based line number, counting blank lines. */
  readonly line: number;
  readonly severity: Severity;
  readonly code: FindingCode;
  /** JSON Pointer into the line's message, when the finding is about one value. */
  readonly path?: string;
  readonly message: string;
}

/** A finding before the file is known: what a transcript checker reports about a line. */
export type LineFinding = Omit<Finding, "file">;

/** The finding of `code` at `line`, with `path` only when there is one. */
export function lineFinding(line: number, code: FindingCode, message: string, path?: string): LineFinding {
  const severity = severityOf(code);
  return path === undefined || path === "" ? { line, severity, code, message } : { line, severity, code, path, message };
}

/** The warning about something owed at `line` that the transcript never answers; `what` quotes what it names (see `quoted`). */
export function unanswered(line: number, what: string): LineFinding {
  return lineFinding(line, "unanswered_request", `${what} is never answered`);
}

/** The longest a peer-chosen text (an id, a method) is quoted in a message. */
const QUOTED_UNITS = 64;

/** `text` quoted for a message, cut short when long. */
export function quoted(text: string): string {
  return JSON.stringify(text.length > QUOTED_UNITS ? `${text.slice(0, QUOTED_UNITS)}…` : text);
}

/** `text` for a message without quotes, cut short when long and escaped as in a JSON string (so it never breaks a report's line). */
export function shown(text: string): string {
  return quoted(text).slice(1, -1);
}

/** The finding of a validator's failure; `prefix` locates the validated value within the line. */
export function failureFinding(line: number, failure: ValidationFailure, prefix = ""): LineFinding {
  // The validators' message starts with the path, which the finding carries on its own.
  const lead = `${failure.path}: `;
  const message = failure.path !== "" && failure.message.startsWith(lead) ? failure.message.slice(lead.length) : failure.message;
  return lineFinding(line, failure.code, message, `${prefix}${failure.path}`);
}

/** The finding of an interactive-question rule (spec 4.2-4.4) broken at `path`. */
export function ruleFinding(line: number, error: AskUserValidationError, path: string): LineFinding {
  return lineFinding(line, error.code, error.message, path);
}

/** Every code's severity: a map over the whole union, so a code added to it must be listed (and then documented). */
const SEVERITY_OF: { readonly [C in FindingCode]: Severity } = {
  too_large: "error",
  invalid_json: "error",
  invalid_utf8: "error",
  missing_field: "error",
  wrong_type: "error",
  unknown_tag: "error",
  invalid_value: "error",
  unknown_field: "error",
  unknown_method: "error",
  unprocessable: "error",
  duplicate_key: "error",
  lone_surrogate: "error",
  non_integer_literal: "error",
  question_count: "error",
  empty_id: "error",
  duplicate_id: "error",
  empty_question: "error",
  header_too_long: "error",
  option_count: "error",
  empty_label: "error",
  duplicate_label: "error",
  field_too_large: "error",
  request_too_large: "error",
  missing_answer: "error",
  unknown_question: "error",
  unknown_option: "error",
  answer_kind: "error",
  free_text_disabled: "error",
  annotation_disabled: "error",
  malformed_response: "error",
  request_id_mismatch: "error",
  unknown_response_id: "error",
  duplicate_request_id: "error",
  ack_for_invalid_answer: "error",
  ack_for_unknown_id: "error",
  unanswered_request: "warning",
  request_before_initialize: "warning",
  capability_not_declared: "warning",
  refusal_expected: "error",
};

/** Every finding code `validate` can report. */
export const FINDING_CODES: readonly string[] = Object.keys(SEVERITY_OF);

/** The severity a finding with `code` has. */
export function severityOf(code: FindingCode): Severity {
  return SEVERITY_OF[code];
}
