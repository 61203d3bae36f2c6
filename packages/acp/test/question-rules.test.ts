import type { AskUserQuestionRequest, AskUserQuestionSpec, ServerMessageRequest } from "@app-server-protocol/types";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { checkQuestions } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPTY_BRIDGE, acceptServerRequest, cancelAcpSession } from "@app-server-protocol/acp";
import { refusal } from "../src/question-rules.js";

// A question that breaks the request rules (spec 4.2) is never shown to the
// editor: it is answered at once with an error result carrying the rule's
// message, as the stream-JSON CLI refuses it (spec 5.7); the server reads an
// error result as cancelled/client_closed (spec 4.9).

const sessions = [{ id: "s1", promptActive: true }];
const PREFIX = "invalid AskUserQuestion server request: ";
const ask = (params: AskUserQuestionRequest, id = "srv-ask-user-1"): ServerMessageRequest => ({ type: "request", id, method: "ask_user/request", params });
const refused = (message: string, id = "srv-ask-user-1") => ({ type: "response", id, result: { status: "error", code: "invalid_params", message: `${PREFIX}${message}` } });

describe("the request rules, before anything reaches the editor", () => {
  it("refuses a legacy question with a million options instead of offering a million ACP options", () => {
    const options = Array.from({ length: 1_000_000 }, (_, index) => `option ${index}`);
    const step = acceptServerRequest(EMPTY_BRIDGE, ask({ session_id: "s1", request_id: "q1", question: "Which?", options }), sessions);
    expect(step).toEqual({ kind: "answer_now", response: refused("question `question-1` has more than 4 options"), state: EMPTY_BRIDGE });
  });

  it.each([
    ["an empty legacy question", { question: " ", options: ["A"] }, "question `question-1` text must not be empty"],
    ["repeated legacy labels", { question: "Which?", options: ["A", "A"] }, "duplicate option label `A` in question `question-1`"],
    ["five canonical questions", { questions: Array.from({ length: 5 }, (_, index) => ({ id: `q${index}`, question: "Which?", header: "" })) }, "AskUserQuestion requires 1 to 4 questions"],
  ])("refuses %s with the rule's message", (_name, fields, message) => {
    const step = acceptServerRequest(EMPTY_BRIDGE, ask({ session_id: "s1", request_id: "q1", ...fields }), sessions);
    expect(step.kind === "answer_now" && step.response).toEqual(refused(message));
  });

  it("checks the legacy fields ACP would show in place of a valid canonical question", () => {
    const single: AskUserQuestionSpec = { id: "q", question: "Which?", header: "", options: [{ id: "a", label: "A" }], allow_free_text: false };
    const shown = acceptServerRequest(EMPTY_BRIDGE, ask({ session_id: "s1", request_id: "q1", question: "Which?", options: ["A", "B", "C", "D", "E"], questions: [single] }), sessions);
    expect(shown.kind === "answer_now" && shown.response).toEqual(refused("question `question-1` has more than 4 options"));
    expect(acceptServerRequest(EMPTY_BRIDGE, ask({ session_id: "s1", request_id: "q1", question: "Which?", options: ["A"], questions: [single] }), sessions).kind).toBe("ask_editor");
  });

  it.each([
    ["a long question id repeated", { questions: [1, 2].map(() => ({ id: "q".repeat(128), question: "Which?", header: "" })) }],
    ["a huge question id", { questions: [{ id: "q".repeat(100_000), question: "Which?", header: "" }] }],
    ["a huge label", { question: "Which?", options: ["x".repeat(100_000)] }],
  ])("quotes no more than a short preview of %s", (_name, fields) => {
    const step = acceptServerRequest(EMPTY_BRIDGE, ask({ session_id: "s1", request_id: "q1", ...fields }), sessions);
    const message = step.kind === "answer_now" && step.response.result.status === "error" ? step.response.result.message : "";
    expect(message.startsWith(PREFIX)).toBe(true);
    expect(message.length).toBeLessThanOrEqual(PREFIX.length + 257);
  });

  it("cuts a long rule message to a preview, never inside a surrogate pair", () => {
    const cut = (message: string) => {
      const response = refusal("srv-1", { code: "empty_id", message });
      return response.result.status === "error" ? response.result.message.slice(PREFIX.length) : "";
    };
    expect(cut("short")).toBe("short");
    expect(cut("y".repeat(1_000))).toBe(`${"y".repeat(256)}…`);
    expect(cut(`${"y".repeat(255)}😀${"y".repeat(10)}`)).toBe(`${"y".repeat(255)}…`);
  });

  it("drops a pending request of the same envelope id when it refuses", () => {
    const pending = acceptServerRequest(EMPTY_BRIDGE, ask({ session_id: "s1", request_id: "q1", question: "Which?", options: ["A"] }), sessions);
    const step = acceptServerRequest(pending.state, ask({ session_id: "s1", request_id: "q2", question: "", options: ["A"] }), sessions);
    expect(step.kind).toBe("answer_now");
    expect(cancelAcpSession(step.state, "s1").responses).toEqual([]);
  });

  it("refuses exactly the requests whose canonical questions break a rule, with the validators' message, first failure first (spec 4.2 order)", () => {
    const text = fc.oneof(fc.constantFrom("", " ", "\u00a0", "Which?", "A", "B", "x".repeat(300)), fc.string({ maxLength: 6 }));
    const option = fc.record({ id: text, label: text }, { requiredKeys: ["id", "label"] });
    const spec = fc.record({ id: text, question: text, header: fc.constantFrom("", "Header", "A header too long"), options: fc.array(option, { maxLength: 6 }), allow_free_text: fc.constant(false) });
    const request = fc.oneof(
      fc.record({ session_id: fc.constant("s1"), request_id: fc.constant("q1"), question: text, options: fc.array(text, { maxLength: 6 }) }),
      fc.record({ session_id: fc.constant("s1"), request_id: fc.constant("q1"), questions: fc.array(spec, { maxLength: 6 }) }),
    );
    fc.assert(
      fc.property(request, (params) => {
        const step = acceptServerRequest(EMPTY_BRIDGE, ask(params), sessions);
        const broken = checkQuestions(canonicalQuestions(params));
        if (broken !== null) expect(step).toEqual({ kind: "answer_now", response: refused(broken.message), state: EMPTY_BRIDGE });
        else expect(step.kind === "answer_now" && step.response.result.status === "error").toBe(false);
        if (step.kind === "ask_editor") expect(step.params.options.length).toBeLessThanOrEqual(4);
      }),
      { numRuns: 500 },
    );
  });
});
