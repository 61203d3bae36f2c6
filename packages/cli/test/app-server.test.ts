import { describe, expect, it } from "vitest";
import { answer, askUser, clientRequest, failed, QUESTION, resolved, SUBMIT, SUBMITTED, success } from "./support/messages.js";
import { main } from "../src/index.js";
import { findings, run, transcript } from "./support/run.js";

describe("validate, app-server framing: per-line checks", () => {
  it("reports nothing for a clean transcript of both directions", async () => {
    const input = transcript(SUBMIT, askUser("srv-ask-user-1"), answer("srv-ask-user-1"), resolved(), SUBMITTED, clientRequest("req-2", "session/rename", { session_id: "s1", new_title: "Tests" }), success("req-2"));
    expect(await findings(input)).toEqual([]);
  });

  it("reports invalid_json and goes on with the next line", async () => {
    expect(await findings(transcript("{not json", SUBMIT, SUBMITTED))).toEqual([[1, "invalid_json"]]);
  });

  it("reports too_large above --max-bytes, and counts the cap in UTF-8 bytes", async () => {
    const line = JSON.stringify(clientRequest("req-1", "turn/submit", { session_id: "s1", prompt: "é".repeat(40) }));
    // The refused request is never read, so its response answers nothing.
    expect(await findings(transcript(line, SUBMITTED), "--max-bytes", String(line.length + 10))).toEqual([
      [1, "too_large"],
      [2, "unknown_response_id"],
    ]);
    expect(await findings(transcript(line, SUBMITTED), "--max-bytes", String(line.length + 40))).toEqual([]);
  });

  it("reports invalid_utf8 for a line of bytes that is not UTF-8", async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"type":"request","id":"r","method":"session/list","x":"'), 0xff, ...new TextEncoder().encode('"}\n')]);
    const out: string[] = [];
    const sink = { write: (text: string) => out.push(text) };
    expect(await main(["validate"], { stdin: [bytes], stdout: sink, stderr: sink })).toBe(1);
    expect(out.join("")).toBe("-:1: error invalid_utf8 line is not valid UTF-8\n1 file, 1 line: 1 error, 0 warnings\n");
  });

  it("reports envelope failures with the validators' codes and paths", async () => {
    const { stdout } = await run(["validate", "--format", "json"], transcript({ type: "request", id: "req-1" }, { type: "gossip" }));
    const report = JSON.parse(stdout);
    expect(report.findings.map(({ code, path }: { code: string; path?: string }) => [code, path])).toEqual([
      ["missing_field", "/method"],
      ["unknown_tag", "/type"],
      ["unanswered_request", undefined],
    ]);
  });

  it("checks params by method and reports unknown methods", async () => {
    const input = transcript(clientRequest("req-1", "turn/submit", { session_id: "s1" }), failed("req-1"), clientRequest("req-2", "no/such_method"), failed("req-2"));
    expect(await findings(input)).toEqual([
      [1, "missing_field"],
      [3, "unknown_method"],
    ]);
  });

  it("checks a response's data against the result type of the request it answers", async () => {
    const { stdout } = await run(["validate", "--format", "json"], transcript(SUBMIT, success("req-1", { subscription_id: 7 })));
    expect(JSON.parse(stdout).findings).toEqual([{ file: "-", line: 2, severity: "error", code: "wrong_type", path: "/result/data/subscription_id", message: "must be a string" }]);
  });

  it("checks the questions of every ask_user/request (spec 4.2)", async () => {
    const input = transcript(askUser("srv-ask-user-1", "ask-1", [QUESTION, QUESTION]), failed("srv-ask-user-1"));
    expect(await findings(input)).toEqual([[1, "duplicate_id"]]);
  });

  it("checks a legacy-only ask_user/request through its canonical questions", async () => {
    const legacy = { type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: "ask-1", question: " ", options: ["A"] } };
    expect(await findings(transcript(legacy, failed("srv-ask-user-1")))).toEqual([[1, "empty_question"]]);
  });

  it("checks every answer against its own request's questions (spec 4.3-4.5)", async () => {
    const input = transcript(
      askUser("srv-ask-user-1", "ask-1"),
      askUser("srv-ask-user-2", "ask-2", [{ id: "db", question: "Other?", header: "", options: [{ id: "x", label: "X" }] }]),
      answer("srv-ask-user-2", "pg", "ask-2"),
      answer("srv-ask-user-1", "pg", "ask-1"),
      success("srv-ask-user-2", { request_id: "ask-9", answer: "X" }),
    );
    expect(await findings(input)).toEqual([
      [3, "unknown_option"],
      [5, "request_id_mismatch"],
      [2, "unanswered_request"],
    ]);
  });

  it("judges an answer to a question that broke the request rules by those rules too", async () => {
    const input = transcript(askUser("srv-ask-user-1", "ask-1", [QUESTION, QUESTION]), answer("srv-ask-user-1"));
    const { stdout } = await run(["validate", "--format", "json"], input);
    expect(JSON.parse(stdout).findings.map(({ line, code, path }: { line: number; code: string; path?: string }) => [line, code, path])).toEqual([
      [1, "duplicate_id", "/params/questions"],
      [2, "duplicate_id", "/result/data"],
      [1, "unanswered_request", undefined],
    ]);
  });

  it("reports malformed_response for an answer that is no AskUserQuestionResponse", async () => {
    const input = transcript(askUser("srv-ask-user-1"), success("srv-ask-user-1", { request_id: "ask-1", outcome: { outcome: "answered", answers: { db: { kind: "selected" } } } }));
    const codes = (await findings(input)).map(([, code]) => code);
    expect(codes[0]).toBe("missing_field");
    expect(codes).toContain("unanswered_request");
  });
});

describe("validate, app-server framing: correlation", () => {
  it("reports a response whose id was never sent, or is already answered", async () => {
    expect(await findings(transcript(success("req-9"), SUBMIT, SUBMITTED, SUBMITTED))).toEqual([
      [1, "unknown_response_id"],
      [4, "unknown_response_id"],
    ]);
  });

  it("names the line of the first answer when a request is answered again", async () => {
    const { stdout } = await run(["validate", "--format", "json"], transcript(SUBMIT, SUBMITTED, SUBMITTED, askUser("srv-ask-user-1"), answer("srv-ask-user-1"), answer("srv-ask-user-1")));
    const messages = JSON.parse(stdout).findings.map(({ line, code, message }: { line: number; code: string; message: string }) => [line, code, message]);
    expect(messages).toEqual([
      [3, "unknown_response_id", 'request "req-1" is already answered at line 2'],
      [6, "unknown_response_id", 'request "srv-ask-user-1" is already answered at line 5'],
    ]);
  });

  it("quotes a request's method cut short, however long, in its unanswered warning", async () => {
    const method = `x/${"m".repeat(1_000_000)}`;
    const { stdout } = await run(["validate"], transcript(clientRequest("req-1", method)));
    const warning = stdout.split("\n").find((line) => line.includes("unanswered_request")) ?? "";
    expect(warning).toBe(`-:1: warning unanswered_request request "req-1" (x/${"m".repeat(62)}…) is never answered`);
  });

  it("reports a request id reused while the first is pending, and accepts it once answered", async () => {
    expect(await findings(transcript(SUBMIT, SUBMIT, SUBMITTED, SUBMIT, SUBMITTED))).toEqual([[2, "duplicate_request_id"]]);
  });

  it("counts an invalid request as sent: its answer is expected", async () => {
    const invalid = clientRequest("req-1", "turn/submit", { prompt: 3 });
    expect(await findings(transcript(invalid, failed("req-1")))).toEqual([[1, "missing_field"]]);
    expect(await findings(transcript(invalid))).toEqual([
      [1, "missing_field"],
      [1, "unanswered_request"],
    ]);
  });

  it("accepts the re-sent ask_user/request after an invalid answer (spec 4.9 step 4)", async () => {
    const resent = askUser("srv-ask-user-1", "ask-1", [QUESTION], { validation_error: { code: "unknown_option", message: "unknown option" } });
    const input = transcript(askUser("srv-ask-user-1"), answer("srv-ask-user-1", "nope"), resent, answer("srv-ask-user-1"), resolved());
    expect(await findings(input)).toEqual([[2, "unknown_option"]]);
  });

  it("reports a second ask_user/request with the same id while the first awaits a valid answer", async () => {
    expect(await findings(transcript(askUser("srv-ask-user-1"), askUser("srv-ask-user-1"), answer("srv-ask-user-1")))).toEqual([[2, "duplicate_request_id"]]);
  });

  it("reports a resolution announced for an invalid answer", async () => {
    const input = transcript(askUser("srv-ask-user-1"), answer("srv-ask-user-1", "nope"), resolved());
    expect(await findings(input)).toEqual([
      [2, "unknown_option"],
      [3, "ack_for_invalid_answer"],
      [1, "unanswered_request"],
    ]);
  });

  it("reports a resolution for a question never asked or already resolved", async () => {
    const input = transcript(resolved("ask-7"), askUser("srv-ask-user-1"), answer("srv-ask-user-1"), resolved(), resolved());
    expect(await findings(input)).toEqual([
      [1, "ack_for_unknown_id"],
      [5, "ack_for_unknown_id"],
    ]);
  });

  it("warns about requests never answered, at the request's line, and exits 0", async () => {
    const result = await run(["validate"], transcript(SUBMIT, askUser("srv-ask-user-1")));
    expect(result.stdout).toBe(
      '-:1: warning unanswered_request request "req-1" (turn/submit) is never answered\n' +
        '-:2: warning unanswered_request request "srv-ask-user-1" (ask_user/request) is never answered\n' +
        "1 file, 2 lines: 0 errors, 2 warnings\n",
    );
    expect(result.code).toBe(0);
  });
});

describe("validate, app-server framing: explicit direction", () => {
  it("takes the writer from a {direction, message} wrapper", async () => {
    const wrapped = (direction: string, message: unknown) => ({ direction, message });
    expect(await findings(transcript(wrapped("client", SUBMIT), wrapped("server", SUBMITTED)))).toEqual([]);
    // A client cannot send a server request: the wrapper makes that visible.
    const { stdout } = await run(["validate", "--format", "json"], transcript(wrapped("client", askUser("srv-ask-user-1"))));
    expect(JSON.parse(stdout).findings[0]).toMatchObject({ code: "unknown_method", path: "/message/method" });
  });

  it("reports a wrapper whose direction is neither client nor server", async () => {
    const { stdout } = await run(["validate", "--format", "json"], transcript({ direction: "up", message: SUBMIT }, SUBMITTED));
    expect(JSON.parse(stdout).findings).toEqual([{ file: "-", line: 1, severity: "error", code: "invalid_value", path: "/direction", message: 'must be "client" or "server"' }]);
  });
});
