import type { AskUserQuestionRequest, AskUserValidationError, ClientMessageResponse } from "@app-server-protocol/types";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { checkQuestions } from "@app-server-protocol/validators";

/** The longest rule message quoted in an error result, in UTF-16 units; the validators already cut quoted values to 64. */
const MAX_DETAIL_LENGTH = 256;

/** `text` cut to `MAX_DETAIL_LENGTH` units with an ellipsis, never between the halves of a surrogate pair. */
function preview(text: string): string {
  if (text.length <= MAX_DETAIL_LENGTH) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(MAX_DETAIL_LENGTH - 1)) ? MAX_DETAIL_LENGTH - 1 : MAX_DETAIL_LENGTH;
  return `${text.slice(0, cut)}…`;
}

/** The first request rule (spec 4.2) the canonical questions (spec 4.5) of a decoded request break, or `null`. */
export function brokenQuestionRule(request: AskUserQuestionRequest): AskUserValidationError | null {
  return checkQuestions(canonicalQuestions(request));
}

/**
 * The first request rule the legacy `question` and `options` of a request
 * with canonical questions break, or `null`. ACP shows the legacy fields
 * (spec 6.2), so a representable request has them checked as well, and the
 * editor is never shown more than the rules allow; a request without
 * canonical questions had them checked as its canonical questions.
 */
export function brokenLegacyRule(request: AskUserQuestionRequest): AskUserValidationError | null {
  if ((request.questions ?? []).length === 0) return null;
  const legacy: AskUserQuestionRequest = { request_id: request.request_id };
  if (request.question !== undefined) legacy.question = request.question;
  if (request.options !== undefined) legacy.options = request.options;
  return checkQuestions(canonicalQuestions(legacy));
}

/**
 * The error result refusing a question request that breaks the rules, as
 * the stream-JSON CLI refuses one (spec 5.7): `invalid_params`, message
 * `invalid AskUserQuestion server request: <rule message>`. The server reads
 * an error result as `cancelled`/`client_closed` (spec 4.9).
 */
export function refusal(id: string, error: AskUserValidationError): ClientMessageResponse {
  return { type: "response", id, result: { status: "error", code: "invalid_params", message: `invalid AskUserQuestion server request: ${preview(error.message)}` } };
}
