import type { AskUserQuestionPayload } from "@app-server-protocol/types";
import { decode } from "./decode.js";

/** Whether a question can be shown in ACP, and if not, why. */
export type Representability = { readonly ok: true } | { readonly ok: false; readonly reason: string };

const no = (reason: string): Representability => ({ ok: false, reason });

/**
 * Whether an `ask_user/request` can be sent to an ACP editor as
 * `session/request_permission` (spec 6.1): it needs legacy options, and
 * either no canonical questions (a pure legacy request) or exactly one
 * single-select question with options, no free text, no annotation and no
 * preview. Anything else is answered at once with an empty response, which
 * the server reads as `cancelled`/`client_closed`. A value that is not an
 * `AskUserQuestionRequest` is `{ ok: false, reason: "malformed request" }`.
 *
 * @example
 * ```ts
 * import { askUserRepresentability } from "@app-server-protocol/acp";
 *
 * askUserRepresentability({ request_id: "ask-1", question: "Which?", options: ["A", "B"] }); // => { ok: true }
 * askUserRepresentability({ request_id: "ask-2", question: "Why?" }); // => { ok: false, reason: "no options" }
 * const open = { id: "q", question: "Which?", header: "", options: [{ id: "a", label: "A" }] };
 * askUserRepresentability({ request_id: "ask-3", question: "Which?", options: ["A"], questions: [open] }); // => { ok: false, reason: "free text" }
 * ```
 */
export function askUserRepresentability(request: AskUserQuestionPayload): Representability {
  const decoded = decode("AskUserQuestionRequest", request);
  return decoded === undefined ? no("malformed request") : representability(decoded);
}

/** `askUserRepresentability` of a request already decoded. */
export function representability(request: AskUserQuestionPayload): Representability {
  if ((request.options ?? []).length === 0) return no("no options");
  const questions = request.questions ?? [];
  if (questions.length === 0) return { ok: true };
  const [question] = questions;
  if (questions.length > 1 || question === undefined) return no("several questions");
  if (question.multi_select ?? false) return no("multi-select");
  if (question.allow_free_text ?? true) return no("free text");
  if (question.allow_annotation ?? false) return no("annotations");
  const options = question.options ?? [];
  if (options.length === 0) return no("no options");
  if (options.some((option) => option.preview !== undefined && option.preview !== null)) return no("previews");
  return { ok: true };
}
