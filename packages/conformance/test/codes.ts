import type { AskUserValidationCode } from "@app-server-protocol/types";

/**
 * Which rules can report each validation code: the request rules of spec
 * 4.2, and outcome validation (4.3), which re-validates the questions first;
 * the transport codes (4.4) come from neither. Listing every code here makes
 * the compiler notice a code the suites do not account for.
 */
const REPORTED_BY = {
  question_count: { request: true, outcome: true },
  empty_id: { request: true, outcome: true },
  duplicate_id: { request: true, outcome: true },
  empty_question: { request: true, outcome: true },
  header_too_long: { request: true, outcome: true },
  option_count: { request: true, outcome: true },
  empty_label: { request: true, outcome: true },
  duplicate_label: { request: true, outcome: true },
  field_too_large: { request: true, outcome: true },
  request_too_large: { request: true, outcome: true },
  missing_answer: { request: false, outcome: true },
  unknown_question: { request: false, outcome: true },
  unknown_option: { request: false, outcome: true },
  answer_kind: { request: false, outcome: true },
  free_text_disabled: { request: false, outcome: true },
  annotation_disabled: { request: false, outcome: true },
  malformed_response: { request: false, outcome: false },
  request_id_mismatch: { request: false, outcome: false },
} as const satisfies { readonly [C in AskUserValidationCode]: { readonly request: boolean; readonly outcome: boolean } };

/** Every AskUserValidationCode. */
export const ALL_CODES: readonly string[] = Object.keys(REPORTED_BY);

/** The codes the given rules can report. */
export function codesReportedBy(rules: "request" | "outcome"): string[] {
  return Object.entries(REPORTED_BY)
    .filter(([, reporters]) => reporters[rules])
    .map(([code]) => code);
}
