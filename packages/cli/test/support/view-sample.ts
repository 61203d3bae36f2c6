import { transcript } from "./run.js";

/** A transcript with a question, its answer, a paired request and two faults (an unknown response id, a line that is not JSON). */
const ASK = {
  type: "request",
  id: "srv-ask-user-1",
  method: "ask_user/request",
  params: {
    request_id: "ask-1",
    questions: [
      {
        id: "db",
        question: "Which database?",
        header: "Database",
        options: [
          { id: "pg", label: "PostgreSQL", description: "relational" },
          { id: "lite", label: "SQLite", preview: "<script>alert(1)</script>" },
        ],
        allow_free_text: false,
      },
    ],
  },
};

export const SAMPLE = transcript(
  { type: "request", id: "r1", method: "session/list" },
  { type: "response", id: "r1", result: { status: "success", data: [] } },
  "",
  ASK,
  { type: "response", id: "srv-ask-user-1", result: { status: "success", data: { request_id: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "selected", option_id: "lite" } } } } } },
  { type: "response", id: "r9", result: { status: "success" } },
  "not json",
);

