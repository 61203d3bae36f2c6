/** Small duplex stream-JSON lines (spec 5) for transcripts built in tests. */

const QUESTIONS = [{ id: "q1", question: "Deploy?", header: "", multi_select: false, options: [{ id: "yes", label: "Yes", description: "" }], allow_free_text: false, allow_annotation: false }];

export function questionRecord(requestId = "R1", questions: readonly unknown[] = QUESTIONS, sequence = 1): unknown {
  return {
    type: "stream_event",
    sequence,
    uuid: "6f1c0c1e-2b7a-4d1e-9a51-0d5a8f0e7b11",
    session_id: "S1",
    parent_tool_use_id: null,
    timestamp: "2026-08-05T12:00:00.000000+00:00",
    event: {
      type: "server_request",
      request_id: requestId,
      method: "ask_user/request",
      params: { deadline: null, options: [], question: "", questions, request_id: requestId, session_id: "S1", tool_use_id: "T1", turn_id: "U1" },
    },
  };
}

export function resolutionRecord(requestId = "R1", sequence = 2): unknown {
  return {
    type: "stream_event",
    sequence,
    uuid: "7f1c0c1e-2b7a-4d1e-9a51-0d5a8f0e7b11",
    session_id: "S1",
    parent_tool_use_id: null,
    timestamp: "2026-08-05T12:00:01.000000+00:00",
    event: { type: "server_request_resolved", request_id: requestId, outcome: { outcome: "rejected" } },
  };
}

export function hostAnswer(requestId = "R1", optionId = "yes"): unknown {
  return { type: "server_response", request_id: requestId, response: { outcome: "answered", answers: { q1: { kind: "selected", option_id: optionId } } } };
}

export function ack(requestId = "R1"): unknown {
  return { type: "control_response", response: { subtype: "success", request_id: requestId } };
}

export function refusal(requestId = "R1", error = "unknown, stale, or duplicate server request id"): unknown {
  return { type: "control_response", response: { subtype: "error", request_id: requestId, error } };
}

export const SYSTEM_INIT = { type: "system", subtype: "init", session_id: "S1" };
export const RESULT = { type: "result", subtype: "success", session_id: "S1" };
