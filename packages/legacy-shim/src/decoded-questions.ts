import { decodedQuestionList, jsonSnapshot, validateType, type DecodeResult, type DecodedQuestion } from "@app-server-protocol/validators";
import { canonicalQuestionsOf } from "./legacy-request.js";

/**
 * The questions of a request as the reference holds them once decoded
 * (spec 2.4, 4.5): the canonical questions, or the one question a legacy
 * request stands for, with every default filled in (`multi_select` false,
 * `options` `[]`, `allow_free_text` true, `allow_annotation` false; an
 * option's `description` `""`, `preview` `null`) and unknown fields dropped.
 * A value that does not decode as an `AskUserQuestionRequest` is
 * `malformed_response`, as is one with no JSON snapshot (`jsonSnapshot`:
 * it is read once, into JSON data). The rules of spec 4.2 are
 * `checkQuestions`'s. Never throws.
 *
 * @example
 * ```ts
 * import { decodedQuestions } from "@app-server-protocol/legacy-shim";
 *
 * decodedQuestions({ request_id: "ask-1", questions: [{ id: "why", question: "Why?", header: "", extra: true }] }); // => { ok: true, value: [{ id: "why", question: "Why?", header: "", multi_select: false, options: [], allow_free_text: true, allow_annotation: false }] }
 * decodedQuestions({ request_id: "ask-2", question: "Proceed?", options: ["Yes"] }); // => { ok: true, value: [{ id: "question-1", question: "Proceed?", header: "Question", multi_select: false, options: [{ id: "option-1", label: "Yes", description: "", preview: null }], allow_free_text: true, allow_annotation: false }] }
 * decodedQuestions({ request_id: 7 }); // => { ok: false, error: { code: "malformed_response", message: "invalid AskUserQuestion request: /request_id: must be a string" } }
 * ```
 */
export function decodedQuestions(request: unknown): DecodeResult<DecodedQuestion[]> {
  const read = jsonSnapshot(request);
  const decoded = read.ok ? validateType("AskUserQuestionRequest", read.value) : read;
  if (!decoded.ok) return { ok: false, error: { code: "malformed_response", message: `invalid AskUserQuestion request: ${decoded.error.message}` } };
  return decodedQuestionList(canonicalQuestionsOf(decoded.value));
}
