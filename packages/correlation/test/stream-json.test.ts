import type { AskUserQuestionRequest } from "@app-server-protocol/types";
import { describe, expect, it } from "vitest";
import { StreamJsonQuestions, UNKNOWN_REQUEST_ERROR, encodeLine, questionRecord, resolutionRecord, type HostLineVerdict } from "@app-server-protocol/correlation";

const stamp = { sequence: 12, uuid: "6f1c0c1e-2b7a-4d1e-9a51-0d5a8f0e7b11", sessionId: "S1", timestamp: "2026-08-05T12:00:00.000000+00:00" };
const request: AskUserQuestionRequest = {
  session_id: "S1",
  turn_id: "U1",
  tool_use_id: "T1",
  request_id: "R1",
  deadline: "2026-08-05T12:05:00.000000+00:00",
  questions: [
    {
      id: "question-1",
      question: "Which database?",
      header: "Question",
      multi_select: false,
      options: [
        { id: "option-1", label: "PostgreSQL", description: "" },
        { id: "option-2", label: "SQLite", description: "" },
      ],
      allow_free_text: false,
      allow_annotation: false,
    },
  ],
};

/** The example line of spec 5.2, byte for byte. */
const SPEC_QUESTION_LINE =
  '{"type":"stream_event","sequence":12,"uuid":"6f1c0c1e-2b7a-4d1e-9a51-0d5a8f0e7b11","session_id":"S1","parent_tool_use_id":null,"timestamp":"2026-08-05T12:00:00.000000+00:00","event":{"type":"server_request","request_id":"R1","method":"ask_user/request","params":{"deadline":"2026-08-05T12:05:00.000000+00:00","options":["PostgreSQL","SQLite"],"question":"Which database?","questions":[{"id":"question-1","question":"Which database?","header":"Question","multi_select":false,"options":[{"id":"option-1","label":"PostgreSQL","description":""},{"id":"option-2","label":"SQLite","description":""}],"allow_free_text":false,"allow_annotation":false}],"request_id":"R1","session_id":"S1","tool_use_id":"T1","turn_id":"U1"}}}\n';

const selected = (option: string) => JSON.stringify({ type: "server_response", request_id: "R1", response: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: option } } } });

function pending() {
  const cli = new StreamJsonQuestions({ sessionId: "S1" });
  expect(cli.ask(request, stamp).kind).toBe("forwarded");
  return cli;
}

const error = (verdict: HostLineVerdict) => (verdict.reply?.response.subtype === "error" ? verdict.reply.response.error : undefined);

describe("stream-JSON records (spec 5.1-5.3)", () => {
  it("write the question line exactly as the spec's example", () => {
    expect(encodeLine(questionRecord(request, stamp))).toBe(SPEC_QUESTION_LINE);
  });

  it("write all eight params keys even when unset, and no validation_error", () => {
    const record = questionRecord({ request_id: "R2", questions: [{ id: "a", question: "A?", header: "" }, { id: "b", question: "B?", header: "" }], validation_error: { code: "empty_id", message: "x" } }, stamp);
    expect(record.event.type === "server_request" && record.event.params).toEqual({
      deadline: null,
      options: [],
      question: "",
      questions: [
        { id: "a", question: "A?", header: "", multi_select: false, allow_free_text: true, allow_annotation: false },
        { id: "b", question: "B?", header: "", multi_select: false, allow_free_text: true, allow_annotation: false },
      ],
      request_id: "R2",
      session_id: "",
      tool_use_id: "",
      turn_id: null,
    });
  });

  it("write the resolution with the outcome, or the legacy answer when only that is known", () => {
    expect(resolutionRecord("R1", { outcome: "rejected" }, stamp).event).toEqual({ type: "server_request_resolved", request_id: "R1", outcome: { outcome: "rejected" } });
    expect(resolutionRecord("R1", { legacy_answer: null }, stamp).event).toEqual({ type: "server_request_resolved", request_id: "R1", outcome: { legacy_answer: null } });
  });

  it("write the outcome in its emitted form: map keys in byte order, empty annotations left out (spec 2.4)", () => {
    const answers = { b: { kind: "text", text: "2" }, "10": { kind: "text", text: "ten" }, B: { kind: "text", text: "upper" }, "9": { kind: "text", text: "nine" } } as const;
    const line = encodeLine(resolutionRecord("R1", { outcome: "answered", answers, annotations: {} }, stamp));
    expect(line).toContain('"outcome":{"outcome":"answered","answers":{"10":{"kind":"text","text":"ten"},"9":{"kind":"text","text":"nine"},"B":{"kind":"text","text":"upper"},"b":{"kind":"text","text":"2"}}}}}\n');
    const annotated = encodeLine(resolutionRecord("R1", { outcome: "answered", answers: { q: { kind: "selected_many", option_ids: ["z", "a"] } }, annotations: { z: "last", a: "first" } }, stamp));
    expect(annotated).toContain('"outcome":{"outcome":"answered","answers":{"q":{"kind":"selected_many","option_ids":["z","a"]}},"annotations":{"a":"first","z":"last"}}');
  });

  it("sort keys by UTF-8 bytes, not UTF-16 units: a character above U+FFFF comes after U+FFFD", () => {
    const line = encodeLine(resolutionRecord("R1", { outcome: "answered", answers: { "\u{1F600}": { kind: "text", text: "smile" }, "\uFFFD": { kind: "text", text: "replacement" } } }, stamp));
    expect(line.indexOf('"\uFFFD"')).toBeLessThan(line.indexOf('"\u{1F600}"'));
  });

  it("drop the fields the protocol does not know from the written outcome", () => {
    const outcome = JSON.parse('{"outcome":"cancelled","reason":"timeout","note":"x"}');
    expect(resolutionRecord("R1", outcome, stamp).event).toEqual({ type: "server_request_resolved", request_id: "R1", outcome: { outcome: "cancelled", reason: "timeout" } });
    const answered = JSON.parse('{"outcome":"answered","answers":{"q":{"kind":"selected","option_id":"o","label":"O"}},"extra":true}');
    expect(encodeLine(resolutionRecord("R1", answered, stamp))).toContain('"outcome":{"outcome":"answered","answers":{"q":{"kind":"selected","option_id":"o"}}}}}');
  });

  it("keep a `__proto__` question id as a plain key", () => {
    const outcome = JSON.parse('{"outcome":"answered","answers":{"__proto__":{"kind":"text","text":"x"}}}');
    const record = resolutionRecord("R1", outcome, stamp);
    expect(record.event.type === "server_request_resolved" && Object.keys(record.event.outcome)).toEqual(["outcome", "answers"]);
    expect(encodeLine(record)).toContain('"answers":{"__proto__":{"kind":"text","text":"x"}}');
  });
});

describe("host answer lines (spec 5.4, 5.5)", () => {
  it("accept a valid outcome with a success reply and the response for the app-server", () => {
    const cli = pending();
    const verdict = cli.receive(selected("option-2"));
    expect(verdict).toEqual({
      class: "accepted",
      reply: { type: "control_response", response: { subtype: "success", request_id: "R1" } },
      resolution: { requestId: "R1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } },
      response: { request_id: "R1", outcome: { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-2" } } } },
    });
    expect(cli.size).toBe(0);
  });

  it("hand the accepted outcome on in its emitted form: no empty annotations, no unknown fields (spec 2.4)", () => {
    const cli = pending();
    const verdict = cli.receive('{"type":"server_response","request_id":"R1","response":{"outcome":"answered","answers":{"question-1":{"kind":"selected","option_id":"option-1","why":"x"}},"annotations":{},"extra":1}}');
    const outcome = { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-1" } } };
    expect(verdict.response).toStrictEqual({ request_id: "R1", outcome });
    expect(verdict.resolution).toStrictEqual({ requestId: "R1", outcome });
  });

  it("refuse an outcome that fails validation with its message (not its code) and keep the question pending", () => {
    const cli = pending();
    const verdict = cli.receive(selected("option-9"));
    expect(verdict.class).toBe("invalid_outcome");
    expect(error(verdict)).toBe("invalid AskUserQuestion response: unknown option `option-9` for question `question-1`");
    expect(cli.size).toBe(1);
    expect(cli.receive(selected("option-1")).class).toBe("accepted");
  });

  it("refuse a response that is not an outcome and keep the question pending; the legacy answer form is not accepted", () => {
    const cli = pending();
    for (const response of [{ answer: "PostgreSQL" }, { request_id: "R1", outcome: { outcome: "rejected" } }, "rejected", null]) {
      const verdict = cli.receive(JSON.stringify({ type: "server_response", request_id: "R1", response }));
      expect(verdict.class).toBe("undecodable_response");
      expect(error(verdict)).toMatch(/^invalid AskUserQuestion response: /);
    }
    expect(cli.size).toBe(1);
  });

  it("refuse an envelope without response, correlated to its request_id, or warn when the id is unreadable", () => {
    const cli = pending();
    expect(cli.receive('{"type":"server_response","request_id":"R1"}')).toEqual({
      class: "invalid_envelope",
      reply: { type: "control_response", response: { subtype: "error", request_id: "R1", error: "invalid server_response: missing field `response`" } },
    });
    expect(cli.receive('{"type":"server_response","response":{"outcome":"rejected"}}')).toEqual({ class: "invalid_envelope", warning: "invalid server_response: missing field `request_id`" });
    expect(cli.receive('{"type":"server_response","request_id":7,"response":{"outcome":"rejected"}}').reply).toBeUndefined();
    expect(cli.size).toBe(1);
  });

  it("answer unknown, stale and duplicate ids deterministically", () => {
    const cli = pending();
    expect(error(cli.receive(selected("option-1").replace('"R1"', '"never"')))).toBe(UNKNOWN_REQUEST_ERROR);
    expect(cli.receive(selected("option-1")).class).toBe("accepted");
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const verdict = cli.receive(selected("option-1"));
      expect(verdict).toEqual({ class: "unknown_request", reply: { type: "control_response", response: { subtype: "error", request_id: "R1", error: UNKNOWN_REQUEST_ERROR } } });
    }
  });
});

describe("other host input (spec 5.6)", () => {
  it.each([[""], ["   "], ['{"type":"keep_alive"}'], ['{"type":"control_cancel_request","request_id":"c1"}']])("ignores %j", (line) => {
    expect(pending().receive(line)).toEqual({ class: "ignored" });
  });

  it("warns on invalid JSON", () => {
    expect(pending().receive("{nope")).toMatchObject({ class: "invalid_json", warning: expect.stringMatching(/^invalid stream-json input line: /) });
  });

  it("refuses an unsupported or missing type, correlated when the line has a request_id", () => {
    expect(error(pending().receive('{"type":"telepathy","request_id":"x1"}'))).toBe("unsupported stream-json input type `telepathy`");
    expect(error(pending().receive('{"request_id":"x2"}'))).toBe("unsupported stream-json input type ``");
    expect(error(pending().receive('{"type":5,"request_id":"x3"}'))).toBe("unsupported stream-json input type `5`");
    expect(pending().receive('{"type":"telepathy"}')).toEqual({ class: "unsupported_type", warning: "unsupported stream-json input type `telepathy`" });
  });

  it("passes user lines through to the caller", () => {
    const line = { type: "user", message: { role: "user", content: "hi" } };
    expect(pending().receive(JSON.stringify(line))).toEqual({ class: "passthrough", line });
  });
});

describe("questions from the app-server and end of input (spec 5.7)", () => {
  it("refuses requests that do not decode, break a request rule, or belong to another session", () => {
    const cli = new StreamJsonQuestions({ sessionId: "S1" });
    expect(cli.ask({ request_id: 3 }, stamp)).toEqual({ kind: "refused", message: "invalid AskUserQuestion server request: /request_id: must be a string" });
    expect(cli.ask({ request_id: "R1", questions: [{ id: "", question: "Q?", header: "" }] }, stamp)).toEqual({ kind: "refused", message: "invalid AskUserQuestion server request: question id must not be empty" });
    expect(cli.ask({ ...request, session_id: "S2" }, stamp)).toEqual({ kind: "refused", message: "AskUserQuestion session does not match the active headless session" });
    expect(cli.size).toBe(0);
  });

  it("cancels every pending question with disconnect when stdin closes, and answers later ones at once", () => {
    const cli = pending();
    expect(cli.ask({ ...request, request_id: "R2" }, stamp).kind).toBe("forwarded");
    expect(cli.close()).toEqual([
      { requestId: "R1", outcome: { outcome: "cancelled", reason: "disconnect" } },
      { requestId: "R2", outcome: { outcome: "cancelled", reason: "disconnect" } },
    ]);
    expect(cli.ask({ ...request, request_id: "R3" }, stamp)).toEqual({ kind: "answered", response: { request_id: "R3", outcome: { outcome: "cancelled", reason: "disconnect" } } });
    expect(error(cli.receive(selected("option-1")))).toBe(UNKNOWN_REQUEST_ERROR);
  });
});
