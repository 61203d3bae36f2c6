/**
 * One choice of a question.
 */
export interface AskUserOption {
  /**
   * Option id, unique within its question; `selected` answers name it.
   * At most 128 UTF-8 bytes and not blank. Required.
   */
  id: string;
  /**
   * Text shown for the option, unique within its question (case-sensitive).
   * At most 256 UTF-8 bytes and not blank. Required.
   */
  label: string;
  /**
   * Longer explanation of the option, at most 1024 UTF-8 bytes. Optional on
   * input, defaults to `""` (`null` is not accepted); always emitted.
   * @default ""
   */
  description?: string;
  /**
   * Rich preview of the option, for example code, at most 16384 UTF-8 bytes.
   * Omitted when absent; `null` means absent.
   */
  preview?: string | null;
}

/**
 * One canonical question of an `ask_user/request`.
 */
export interface AskUserQuestionSpec {
  /**
   * Stable question id; answers and annotations are keyed by it. Unique in
   * the request, at most 128 UTF-8 bytes and not blank. Required.
   */
  id: string;
  /**
   * The question text, at most 4096 UTF-8 bytes and not blank. Required.
   */
  question: string;
  /**
   * Short label, at most 12 Unicode characters; may be empty. Required.
   */
  header: string;
  /**
   * Several options may be chosen (answer kind `selected_many`). Optional on
   * input, defaults to `false` (`null` is not accepted); always emitted.
   * @default false
   */
  multi_select?: boolean;
  /**
   * The choices, 0 to 4. Omitted when empty; absent means none.
   */
  options?: AskUserOption[];
  /**
   * The client should offer an "Other" free-text path (answer kind `text`).
   * Optional on input, defaults to `true` (`null` is not accepted); always
   * emitted.
   * @default true
   */
  allow_free_text?: boolean;
  /**
   * The client should offer a note field; the note is sent in the outcome's
   * `annotations`. Optional on input, defaults to `false` (`null` is not
   * accepted); always emitted.
   * @default false
   */
  allow_annotation?: boolean;
}

/**
 * The canonical questions of one request, as `checkQuestions` takes them: 1
 * to 4 questions with unique ids (the count and the other rules are checked
 * by the validators, not by the schema).
 */
export type AskUserQuestionList = AskUserQuestionSpec[];

/**
 * Why a question ended without an answer.
 */
export type AskUserCancellationReason =
  | "interrupt"
  | "disconnect"
  | "timeout"
  | "client_closed"
  | "delivery_failed"
  | "session_closed"
  | "shutdown";

/**
 * Which interactive-question rule a request or an answer broke.
 */
export type AskUserValidationCode =
  | "question_count"
  | "empty_id"
  | "duplicate_id"
  | "empty_question"
  | "header_too_long"
  | "option_count"
  | "empty_label"
  | "duplicate_label"
  | "field_too_large"
  | "request_too_large"
  | "missing_answer"
  | "unknown_question"
  | "unknown_option"
  | "answer_kind"
  | "free_text_disabled"
  | "annotation_disabled"
  | "malformed_response"
  | "request_id_mismatch";

/**
 * The first interactive-question rule a request or an answer broke.
 */
export interface AskUserValidationError {
  /**
   * Which rule failed. Required.
   */
  code: AskUserValidationCode;
  /**
   * Human-readable explanation. Required.
   */
  message: string;
}

/**
 * The fields shared by an `ask_user/request` and its
 * `ask_user_question_requested` stream event.
 */
export interface AskUserQuestionPayload {
  /**
   * Session owning the active turn. Omitted when empty (defaults to `""`);
   * older peers may leave it out, and receivers then route by their own
   * records.
   * @default ""
   */
  session_id?: string;
  /**
   * Owning turn id when the transport has one. Omitted when absent; `null`
   * means absent.
   */
  turn_id?: string | null;
  /**
   * Provider tool-use id of the call that asked. Omitted when empty (defaults
   * to `""`).
   * @default ""
   */
  tool_use_id?: string;
  /**
   * Correlation id of the question (distinct from the envelope id); the
   * response must repeat it. Required.
   */
  request_id: string;
  /**
   * Absolute RFC 3339 deadline, 300 s after the question was asked. Omitted
   * when absent; `null` means absent.
   */
  deadline?: string | null;
  /**
   * The canonical questions, 1 to 4. Omitted when empty; when absent, the
   * legacy `question` and `options` describe a single question.
   */
  questions?: AskUserQuestionSpec[];
  /**
   * Legacy protocol-1.0 question text. Emitted only when there is exactly one
   * single-select question; omitted when empty. Ignored when `questions` is
   * present.
   * @default ""
   */
  question?: string;
  /**
   * Legacy protocol-1.0 option labels, emitted with `question`; omitted when
   * empty.
   * @default []
   */
  options?: string[];
}

/**
 * Params of the server request `ask_user/request`.
 */
export interface AskUserQuestionRequest extends AskUserQuestionPayload {
  /**
   * Why the client's previous answer was refused. Present only when the
   * server re-sends the request (same envelope id) after a failed answer;
   * the client may answer again. Omitted when absent; `null` means absent.
   */
  validation_error?: AskUserValidationError | null;
}

/**
 * `AskUserAnswerValue` variant: a free-text answer ("Other").
 */
export interface AskUserAnswerText {
  /**
   * Tag: `"text"`. Required.
   */
  kind: "text";
  /**
   * The answer text, at most 4096 UTF-8 bytes and not blank. Required.
   */
  text: string;
}

/**
 * `AskUserAnswerValue` variant: one chosen option of a single-select
 * question.
 */
export interface AskUserAnswerSelected {
  /**
   * Tag: `"selected"`. Required.
   */
  kind: "selected";
  /**
   * Id of the chosen option. Required.
   */
  option_id: string;
}

/**
 * `AskUserAnswerValue` variant: the chosen options of a multi-select
 * question.
 */
export interface AskUserAnswerSelectedMany {
  /**
   * Tag: `"selected_many"`. Required.
   */
  kind: "selected_many";
  /**
   * Ids of the chosen options: at least one, no repeats. Required.
   */
  option_ids: string[];
}

/**
 * The answer to one question, tagged by `kind`.
 */
export type AskUserAnswerValue = AskUserAnswerText | AskUserAnswerSelected | AskUserAnswerSelectedMany;

/**
 * `AskUserResponseOutcome` variant: the user answered every question.
 */
export interface AskUserOutcomeAnswered {
  /**
   * Tag: `"answered"`. Required.
   */
  outcome: "answered";
  /**
   * One answer per question, keyed by question id. Required.
   */
  answers: { [questionId: string]: AskUserAnswerValue };
  /**
   * Notes the user added, keyed by question id; each at most 4096 UTF-8
   * bytes. Omitted when empty.
   */
  annotations?: { [questionId: string]: string };
}

/**
 * `AskUserResponseOutcome` variant: the user rejected the questions.
 */
export interface AskUserOutcomeRejected {
  /**
   * Tag: `"rejected"`. Required.
   */
  outcome: "rejected";
}

/**
 * `AskUserResponseOutcome` variant: the user asked for clarification.
 */
export interface AskUserOutcomeClarify {
  /**
   * Tag: `"clarify"`. Required.
   */
  outcome: "clarify";
}

/**
 * `AskUserResponseOutcome` variant: the user finished the plan interview.
 */
export interface AskUserOutcomeFinishPlanInterview {
  /**
   * Tag: `"finish_plan_interview"`. Required.
   */
  outcome: "finish_plan_interview";
}

/**
 * `AskUserResponseOutcome` variant: the question ended without an answer.
 */
export interface AskUserOutcomeCancelled {
  /**
   * Tag: `"cancelled"`. Required.
   */
  outcome: "cancelled";
  /**
   * Why it ended. Required.
   */
  reason: AskUserCancellationReason;
}

/**
 * How a question ended, tagged by `outcome`. `rejected`, `clarify` and
 * `finish_plan_interview` are the special outcomes.
 */
export type AskUserResponseOutcome =
  | AskUserOutcomeAnswered
  | AskUserOutcomeRejected
  | AskUserOutcomeClarify
  | AskUserOutcomeFinishPlanInterview
  | AskUserOutcomeCancelled;

/**
 * Success `data` a client sends for `ask_user/request`.
 */
export interface AskUserQuestionResponse {
  /**
   * Must equal the request's `request_id`. Required.
   */
  request_id: string;
  /**
   * The canonical outcome; new clients always set it, and it wins over
   * `answer`. Omitted when absent; `null` means absent.
   */
  outcome?: AskUserResponseOutcome | null;
  /**
   * Legacy protocol-1.0 answer (an option label or id, or free text), read
   * only when `outcome` is absent. Absent or `null` with no `outcome` means
   * `cancelled` with reason `client_closed`. Omitted when absent; `null`
   * means absent.
   */
  answer?: string | null;
}
