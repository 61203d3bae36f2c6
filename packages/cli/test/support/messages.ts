/** Small protocol messages for transcripts built in tests. */

export function clientRequest(id: string, method: string, params?: unknown): unknown {
  return params === undefined ? { type: "request", id, method } : { type: "request", id, method, params };
}

export function success(id: string, data?: unknown): unknown {
  return { type: "response", id, result: data === undefined ? { status: "success" } : { status: "success", data } };
}

export function failed(id: string): unknown {
  return { type: "response", id, result: { status: "error", code: "internal_error", message: "no" } };
}

export const QUESTION = { id: "db", question: "Which database?", header: "Database", options: [{ id: "pg", label: "PostgreSQL" }, { id: "lite", label: "SQLite" }] };

export function askUser(id: string, requestId = "ask-1", questions: readonly unknown[] = [QUESTION], extra: object = {}): unknown {
  return { type: "request", id, method: "ask_user/request", params: { session_id: "s1", request_id: requestId, questions, ...extra } };
}

export function answer(id: string, optionId = "pg", requestId = "ask-1"): unknown {
  return success(id, { request_id: requestId, outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: optionId } } } });
}

export function resolved(requestId = "ask-1"): unknown {
  return {
    type: "notification",
    method: "stream/event",
    params: { subscription_id: "sub-1", event: { event: "ask_user_question_resolved", request_id: requestId, outcome: { outcome: "rejected" } } },
  };
}

export const SUBMIT = clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "Run the tests" });
export const SUBMITTED = success("req-1", { subscription_id: "sub-1" });
