import type { AskUserQuestionRequest, AskUserQuestionSpec } from "@app-server-protocol/types";
import { canonicalQuestions } from "./legacy-request.js";

/** The protocol-1.0 fields of a request. */
export interface LegacyFields {
  /** The question text. */
  question: string;
  /** The option labels, in order. */
  options: string[];
}

/**
 * The legacy fields a server emits beside canonical questions (spec 4.5):
 * only for exactly one single-select question (its text and its option
 * labels); `undefined` otherwise, and then both fields are left out.
 *
 * @example
 * ```ts
 * import { legacyFields } from "@app-server-protocol/legacy-shim";
 *
 * legacyFields([{ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }] }]); // => { question: "Which database?", options: ["PostgreSQL"] }
 * legacyFields([{ id: "db", question: "Which?", header: "", multi_select: true }]); // => undefined
 * ```
 */
export function legacyFields(questions: readonly AskUserQuestionSpec[]): LegacyFields | undefined {
  const [only] = questions;
  if (questions.length !== 1 || only === undefined || (only.multi_select ?? false)) return undefined;
  return { question: only.question, options: (only.options ?? []).map((option) => option.label) };
}

/**
 * A request as a server emits it (spec 4.5): canonical `questions` always
 * (a legacy-only request is normalized first), and the legacy
 * `question`/`options` set from them by the rule of `legacyFields`, left out
 * when empty.
 *
 * @example
 * ```ts
 * import { emittedRequest } from "@app-server-protocol/legacy-shim";
 *
 * const single = emittedRequest({ request_id: "ask-1", questions: [{ id: "q", question: "Proceed?", header: "", options: [{ id: "y", label: "Yes" }] }] });
 * [single.question, single.options]; // => ["Proceed?", ["Yes"]]
 * const legacy = emittedRequest({ request_id: "ask-2", question: "Why?" });
 * legacy.questions?.[0]?.id; // => "question-1"
 * ```
 */
export function emittedRequest(request: AskUserQuestionRequest): AskUserQuestionRequest {
  const { question: _question, options: _options, ...rest } = request;
  const questions = canonicalQuestions(request);
  const fields = legacyFields(questions);
  return {
    ...rest,
    questions,
    ...(fields !== undefined && fields.question !== "" ? { question: fields.question } : {}),
    ...(fields !== undefined && fields.options.length > 0 ? { options: fields.options } : {}),
  };
}
