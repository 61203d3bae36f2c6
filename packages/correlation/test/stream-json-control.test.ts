import { describe, expect, it } from "vitest";
import {
  CONTROL_SUBTYPES,
  LATE_PERMISSION_ERROR,
  REWIND_FILES_ERROR,
  StreamJsonQuestions,
  UNKNOWN_REQUEST_ERROR,
  type ControlRequest,
  type HostLineVerdict,
} from "@app-server-protocol/correlation";

// Spec 5.6 and 5.7 beyond the question lines: control requests, the host's
// answers to `can_use_tool`, server requests other than questions, and the
// end of a turn.

const stamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
const question = (requestId: string) => ({ session_id: "S1", request_id: requestId, question: "Which database?", options: ["PostgreSQL", "SQLite"] });
const answer = (requestId: string) => JSON.stringify({ type: "server_response", request_id: requestId, response: { outcome: "rejected" } });
const controlRequest = (requestId: string, request: unknown) => JSON.stringify({ type: "control_request", request_id: requestId, request });
const permissionAnswer = (requestId: string) => JSON.stringify({ type: "control_response", response: { subtype: "success", request_id: requestId, response: { behavior: "allow" } } });
const permission = { request_id: "p1", session_id: "S1", tool_use_id: "t1", tool_name: "Bash", tool_input: '{"command":"ls"}', requires_tools_permission: true, requires_network_permission: false };

const replied = (verdict: HostLineVerdict) => verdict.reply?.response;

function withQuestion(cli = new StreamJsonQuestions({ sessionId: "S1" })): StreamJsonQuestions {
  expect(cli.ask(question("R1"), stamp).kind).toBe("forwarded");
  return cli;
}

describe("control requests (spec 5.6)", () => {
  it("answer initialize with protocol_version 1.0, even without a handler", () => {
    const verdict = withQuestion().receive(controlRequest("C1", { subtype: "initialize" }));
    expect(verdict).toEqual({ class: "control_request", reply: { type: "control_response", response: { subtype: "success", request_id: "C1", response: { protocol_version: "1.0" } } } });
  });

  it("pass each supported request to the handler and reply with its answer; initialize keeps protocol_version 1.0", () => {
    const seen: ControlRequest[] = [];
    const cli = new StreamJsonQuestions({
      control: (request) => {
        seen.push(request);
        if (request.subtype === "initialize") return { ok: true, data: { protocol_version: "9.9", session_id: "S1", model: "m" } };
        if (request.subtype === "set_model") return { ok: false, error: "unknown model `x`" };
        return { ok: true };
      },
    });
    expect(replied(cli.receive(controlRequest("C1", { subtype: "initialize" })))).toStrictEqual({ subtype: "success", request_id: "C1", response: { protocol_version: "1.0", session_id: "S1", model: "m" } });
    expect(replied(cli.receive(controlRequest("C2", { subtype: "set_model", model: "x" })))).toStrictEqual({ subtype: "error", request_id: "C2", error: "unknown model `x`" });
    expect(replied(cli.receive(controlRequest("C3", { subtype: "interrupt" })))).toStrictEqual({ subtype: "success", request_id: "C3" });
    expect(seen).toEqual([
      { requestId: "C1", subtype: "initialize", request: { subtype: "initialize" } },
      { requestId: "C2", subtype: "set_model", request: { subtype: "set_model", model: "x" } },
      { requestId: "C3", subtype: "interrupt", request: { subtype: "interrupt" } },
    ]);
  });

  it("refuse the other supported subtypes when no handler answers them, never as unsupported", () => {
    for (const subtype of CONTROL_SUBTYPES.filter((name) => name !== "initialize")) {
      expect(replied(withQuestion().receive(controlRequest("C1", { subtype })))).toStrictEqual({ subtype: "error", request_id: "C1", error: `no handler for control request subtype \`${subtype}\`` });
    }
  });

  it("always refuse rewind_files, without asking the handler", () => {
    const cli = new StreamJsonQuestions({ control: () => ({ ok: true }) });
    expect(replied(cli.receive(controlRequest("C9", { subtype: "rewind_files" })))).toStrictEqual({ subtype: "error", request_id: "C9", error: REWIND_FILES_ERROR });
  });

  it("refuse an unknown subtype, naming it (bounded to 64 characters)", () => {
    const cli = new StreamJsonQuestions({ control: () => ({ ok: true }) });
    expect(replied(cli.receive(controlRequest("C1", { subtype: "can_use_tool" })))).toStrictEqual({ subtype: "error", request_id: "C1", error: "unsupported control request subtype `can_use_tool`" });
    const long = "x".repeat(100);
    expect(replied(cli.receive(controlRequest("C2", { subtype: long })))).toStrictEqual({ subtype: "error", request_id: "C2", error: `unsupported control request subtype \`${"x".repeat(64)}\`` });
  });

  it("refuse frames without a request object or a subtype, and warn when there is no request_id", () => {
    const cli = withQuestion();
    expect(replied(cli.receive('{"type":"control_request","request_id":"C1"}'))).toStrictEqual({ subtype: "error", request_id: "C1", error: "invalid control_request: missing field `request`" });
    expect(replied(cli.receive(controlRequest("C2", ["initialize"])))).toStrictEqual({ subtype: "error", request_id: "C2", error: "invalid control_request: `request` must be an object" });
    expect(replied(cli.receive(controlRequest("C3", {})))).toStrictEqual({ subtype: "error", request_id: "C3", error: "invalid control_request: missing field `subtype`" });
    expect(replied(cli.receive(controlRequest("C4", { subtype: 7 })))).toStrictEqual({ subtype: "error", request_id: "C4", error: "invalid control_request: `subtype` must be a string" });
    expect(cli.receive('{"type":"control_request","request":{"subtype":"initialize"}}')).toEqual({ class: "control_request", warning: "invalid control_request: missing field `request_id`" });
    expect(cli.size).toBe(1);
  });
});

describe("answers to can_use_tool (spec 5.6)", () => {
  it("hand an awaited answer back once, then refuse it as late", () => {
    const cli = new StreamJsonQuestions();
    cli.awaitPermission("P1");
    const line = permissionAnswer("P1");
    expect(cli.receive(line)).toEqual({ class: "control_response", line: JSON.parse(line) });
    expect(cli.receive(line)).toEqual({ class: "control_response", reply: { type: "control_response", response: { subtype: "error", request_id: "P1", error: LATE_PERMISSION_ERROR } } });
  });

  it("refuse an answer to a request never sent", () => {
    expect(replied(withQuestion().receive(permissionAnswer("P9")))).toStrictEqual({ subtype: "error", request_id: "P9", error: LATE_PERMISSION_ERROR });
  });

  it("warn on an answer that names no request", () => {
    expect(new StreamJsonQuestions().receive('{"type":"control_response","response":{"subtype":"success"}}')).toEqual({ class: "control_response", warning: "invalid control_response: missing field `response.request_id`" });
  });

  it("treat answers after the end of the turn or of stdin as late", () => {
    const cli = new StreamJsonQuestions();
    cli.awaitPermission("P1");
    cli.endTurn();
    expect(replied(cli.receive(permissionAnswer("P1")))?.subtype).toBe("error");
    cli.awaitPermission("P2");
    cli.close();
    cli.awaitPermission("P3");
    expect(replied(cli.receive(permissionAnswer("P2")))?.subtype).toBe("error");
    expect(replied(cli.receive(permissionAnswer("P3")))?.subtype).toBe("error");
  });
});

describe("server requests (spec 5.7)", () => {
  it("refuse every method but ask_user/request and permission/request", () => {
    const cli = new StreamJsonQuestions({ sessionId: "S1" });
    for (const method of ["mcp_trust/request", "elicitation/request", ""]) {
      expect(cli.serverRequest(method, {}, stamp)).toEqual({ kind: "refused", message: `headless SDK control channel cannot handle server request \`${method}\`` });
    }
  });

  it("hand a permission request back decoded, and refuse one that does not decode", () => {
    const cli = new StreamJsonQuestions({ sessionId: "S1" });
    expect(cli.serverRequest("permission/request", permission, stamp)).toEqual({ kind: "permission", request: permission });
    const refused = cli.serverRequest("permission/request", { request_id: "p1" }, stamp);
    expect(refused.kind === "refused" && refused.message).toMatch(/^invalid permission server request: /);
  });

  it("take a question as ask does", () => {
    const cli = new StreamJsonQuestions({ sessionId: "S1" });
    expect(cli.serverRequest("ask_user/request", question("R1"), stamp)).toMatchObject({ kind: "forwarded", requestId: "R1" });
    expect(cli.serverRequest("ask_user/request", { ...question("R2"), session_id: "S2" }, stamp)).toEqual({ kind: "refused", message: "AskUserQuestion session does not match the active headless session" });
    expect(cli.size).toBe(1);
  });
});

describe("the end of a turn (spec 5.7)", () => {
  it("cancels every pending question with disconnect exactly once, and answers to them are stale", () => {
    const cli = withQuestion();
    expect(cli.ask(question("R2"), stamp).kind).toBe("forwarded");
    expect(cli.endTurn()).toEqual([
      { requestId: "R1", outcome: { outcome: "cancelled", reason: "disconnect" } },
      { requestId: "R2", outcome: { outcome: "cancelled", reason: "disconnect" } },
    ]);
    expect(cli.endTurn()).toEqual([]);
    expect(replied(cli.receive(answer("R1")))).toStrictEqual({ subtype: "error", request_id: "R1", error: UNKNOWN_REQUEST_ERROR });
  });

  it("keeps stdin open: later questions are forwarded and answered as usual", () => {
    const cli = withQuestion();
    cli.endTurn();
    expect(cli.ask(question("R3"), stamp).kind).toBe("forwarded");
    expect(cli.receive(answer("R3")).class).toBe("accepted");
    expect(cli.close()).toEqual([]);
  });
});
