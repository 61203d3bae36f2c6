import type { Contender } from "./contenders.js";

// Before anything is timed, every contender must accept the whole corpus and
// reject the same structurally invalid messages, so the times compare
// validators that do the same work.

const request = (params: object) => ({ type: "request", id: "srv-ask-user-1", method: "ask_user/request", params });
const question = (fields: object) => ({ id: "q1", question: "Which?", header: "DB", options: [{ id: "pg", label: "PostgreSQL" }], ...fields });
const answer = (data: unknown) => ({ type: "response", id: "srv-ask-user-1", result: { status: "success", data } });
const answered = (answers: object, extra: object = {}) => answer({ request_id: "r1", outcome: { outcome: "answered", answers, ...extra } });

const INVALID_REQUESTS: readonly [string, unknown][] = [
  ["an unknown envelope type", { type: "call", id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: "r1" } }],
  ["no envelope id", { type: "request", method: "ask_user/request", params: { request_id: "r1" } }],
  ["a numeric request_id", request({ request_id: 7 })],
  ["a question without header", request({ request_id: "r1", questions: [{ id: "q1", question: "Which?" }] })],
  ["a numeric option label", request({ request_id: "r1", questions: [question({ options: [{ id: "pg", label: 5 }] })] })],
  ["a string multi_select", request({ request_id: "r1", questions: [question({ multi_select: "yes" })] })],
  ["a numeric preview", request({ request_id: "r1", questions: [question({ options: [{ id: "pg", label: "PostgreSQL", preview: 5 }] })] })],
  ["questions that are not a list", request({ request_id: "r1", questions: { id: "q1" } })],
  ["legacy options that are not strings", request({ request_id: "r1", question: "Which?", options: [1] })],
];

const INVALID_ANSWERS: readonly [string, unknown][] = [
  ["an unknown result status", { type: "response", id: "srv-ask-user-1", result: { status: "maybe" } }],
  ["data without request_id", answer({ outcome: { outcome: "rejected" } })],
  ["an unknown outcome", answer({ request_id: "r1", outcome: { outcome: "maybe" } })],
  ["an unknown answer kind", answered({ q1: { kind: "guess" } })],
  ["option_ids that are not a list", answered({ q1: { kind: "selected_many", option_ids: "pg" } })],
  ["an unknown cancellation reason", answer({ request_id: "r1", outcome: { outcome: "cancelled", reason: "bored" } })],
  ["a numeric annotation", answered({ q1: { kind: "selected", option_id: "pg" } }, { annotations: { q1: 5 } })],
];

export function crossCheck(contenders: readonly Contender[], requests: readonly unknown[], answers: readonly unknown[]): void {
  const problems: string[] = [];
  for (const contender of contenders) {
    requests.forEach((value, index) => {
      if (!contender.request(value, index)) problems.push(`${contender.name} rejects corpus request ${index}`);
      if (!contender.answer(answers[index])) problems.push(`${contender.name} rejects corpus answer ${index}`);
    });
    for (const [what, value] of INVALID_REQUESTS) if (contender.request(value, 0)) problems.push(`${contender.name} accepts a request with ${what}`);
    for (const [what, value] of INVALID_ANSWERS) {
      // Pending: a valid request, whose answer this is not.
      contender.request(requests[0], 0);
      if (contender.answer(value)) problems.push(`${contender.name} accepts an answer with ${what}`);
    }
  }
  if (problems.length > 0) throw new Error(`the contenders disagree, nothing was timed:\n${problems.slice(0, 20).join("\n")}`);
  console.log(`cross-check: ${contenders.length} validators accept all ${requests.length + answers.length} corpus lines and reject ${INVALID_REQUESTS.length + INVALID_ANSWERS.length} invalid messages`);
}
