import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { StreamJsonQuestions, type HostLineVerdict } from "@app-server-protocol/correlation";
import { deepJson } from "./support/hostile.js";

// Host lines that used to throw, echo without bound, or be misread: deep and
// huge values, text that is not a string, lines past the byte cap, a byte
// order mark, placeholder texts; and the read-only view of what is pending.

const stamp = { sequence: 1, uuid: "0f8fad5b-d9cb-469f-a165-70867728950e", sessionId: "S1", timestamp: "2026-08-05T12:00:00Z" };
const question = (requestId: string) => ({ session_id: "S1", request_id: requestId, question: "Which database?", options: ["PostgreSQL", "SQLite"] });
const answerLine = (requestId: string, response: unknown) => JSON.stringify({ type: "server_response", request_id: requestId, response });
const errorOf = (verdict: HostLineVerdict) => (verdict.reply?.response.subtype === "error" ? verdict.reply.response.error : undefined);
/** The text a verdict shows a person: its warning or its error reply. */
const textOf = (verdict: HostLineVerdict) => verdict.warning ?? errorOf(verdict) ?? "";

function withQuestion(options = {}): StreamJsonQuestions {
  const cli = new StreamJsonQuestions({ sessionId: "S1", ...options });
  expect(cli.ask(question("R1"), stamp).kind).toBe("forwarded");
  return cli;
}

describe("deep and huge host values (spec 5.6)", () => {
  it("gives a verdict for a type nested 5,000 levels deep", () => {
    const verdict = withQuestion().receive(`{"type":${deepJson(5_000)}}`);
    expect(verdict).toEqual({ class: "unsupported_type", warning: "unsupported stream-json input type `an array`" });
    const deepObject = `${'{"a":'.repeat(5_000)}{}${"}".repeat(5_000)}`;
    expect(withQuestion().receive(`{"type":${deepObject},"request_id":"x"}`)).toMatchObject({
      class: "unsupported_type",
      reply: { response: { request_id: "x", error: "unsupported stream-json input type `an object`" } },
    });
  });

  it("quotes the first 64 characters of a huge type, not the whole of it", () => {
    const type = "t".repeat(1_000_000);
    const verdict = withQuestion().receive(JSON.stringify({ type, request_id: "x" }));
    expect(errorOf(verdict)).toBe(`unsupported stream-json input type \`${"t".repeat(64)}\``);
  });

  it("decides deep answers, envelopes and control requests without throwing", () => {
    const deep = deepJson(5_000);
    const echo: unknown = JSON.parse(deep);
    const cli = withQuestion({ control: () => ({ ok: true, data: { echo } }) });
    expect(cli.receive(`{"type":"server_response","request_id":"R1","response":${deep}}`).class).toBe("undecodable_response");
    const answered = `{"outcome":"answered","answers":{"question-1":{"kind":"selected","option_id":"option-1","extra":${deep}}}}`;
    // An outcome is read as JSON data at most 64 levels deep, as the reference's decoder stops at 128 (serde_json's recursion limit).
    const tooDeep = cli.receive(`{"type":"server_response","request_id":"R1","response":${answered}}`);
    expect(tooDeep).toMatchObject({ class: "invalid_outcome", error: { code: "malformed_response" } });
    expect(tooDeep.error?.message).toMatch(/nests deeper than 64 levels of arrays and objects$/);
    const shallow = `{"outcome":"answered","answers":{"question-1":{"kind":"selected","option_id":"option-1","extra":${deepJson(60)}}}}`;
    expect(cli.receive(`{"type":"server_response","request_id":"R1","response":${shallow}}`).class).toBe("accepted");
    const control = cli.receive(`{"type":"control_request","request_id":"C1","request":{"subtype":"interrupt","deep":${deep}}}`);
    expect(control).toEqual({ class: "control_request", reply: { type: "control_response", response: { subtype: "error", request_id: "C1", error: "control request handler answered `interrupt` with data JSON cannot write" } } });
  });

  it("never quotes more than a bounded preview of a host value", () => {
    const long = fc.string({ minLength: 200, maxLength: 400 });
    fc.assert(
      fc.property(long, long, (type, key) => {
        const cli = withQuestion();
        const verdicts = [
          cli.receive(JSON.stringify({ type, request_id: "x" })),
          cli.receive(JSON.stringify({ type: "control_request", request_id: "x", request: { subtype: type } })),
          cli.receive(answerLine("R1", { outcome: "answered", answers: { [key]: { kind: "text", text: "x" } } })),
          cli.receive(answerLine("R1", { outcome: "answered", answers: { [key]: { kind: "guess" } } })),
        ];
        for (const verdict of verdicts) expect(textOf(verdict).length).toBeLessThan(400);
      }),
    );
  });
});

describe("text that is not a line", () => {
  it.each([[42], [undefined], [null], [{ type: "user" }], [["{}"]]])("gives %j an invalid_json verdict", (value) => {
    const verdict = withQuestion().receive(value);
    expect(verdict.class).toBe("invalid_json");
    expect(verdict.warning).toMatch(/^invalid stream-json input line: expected text, got /);
  });
});

describe("the byte cap (the validators' maxBytes)", () => {
  it("refuses a line over the cap unparsed, as invalid_json with a warning, and keeps questions pending", () => {
    const cli = withQuestion({ maxBytes: 100 });
    const line = answerLine("R1", { outcome: "rejected", note: "x".repeat(64) });
    expect(cli.receive(line)).toEqual({ class: "invalid_json", warning: "invalid stream-json input line: line exceeds 100 bytes" });
    expect(cli.pendingRequestIds()).toEqual(["R1"]);
    expect(cli.receive(answerLine("R1", { outcome: "rejected" })).class).toBe("accepted");
  });

  it("counts UTF-8 bytes, not UTF-16 units", () => {
    const line = `{"type":"keep_alive","x":"${"é".repeat(20)}"}`;
    expect(line.length).toBeLessThanOrEqual(64);
    expect(withQuestion({ maxBytes: 64 }).receive(line).class).toBe("invalid_json");
    expect(withQuestion({ maxBytes: 64 + 20 }).receive(line).class).toBe("ignored");
  });

  it("defaults to DEFAULT_MAX_MESSAGE_BYTES", () => {
    const padding = " ".repeat(DEFAULT_MAX_MESSAGE_BYTES);
    expect(withQuestion().receive(`{"type":"keep_alive"}${padding}`).class).toBe("invalid_json");
    expect(withQuestion().receive(`{"type":"keep_alive"}${padding.slice(30)}`).class).toBe("ignored");
  });
});

describe("a byte order mark", () => {
  it("is dropped from the start of a line, as a UTF-8 decoder drops it from bytes", () => {
    const cli = withQuestion();
    expect(cli.receive("\uFEFF" + answerLine("R1", { outcome: "rejected" })).class).toBe("accepted");
    expect(cli.receive('\uFEFF{"type":"keep_alive"}')).toEqual({ class: "ignored" });
    expect(cli.receive("\uFEFF")).toEqual({ class: "ignored" });
  });

  it("is dropped once: a second one is not JSON", () => {
    expect(withQuestion().receive('\uFEFF\uFEFF{"type":"keep_alive"}').class).toBe("invalid_json");
  });
});

describe("texts without placeholders (spec 5.5, 5.7)", () => {
  it("reads a refused whole value without a `(message)` placeholder", () => {
    const cli = withQuestion();
    expect(errorOf(cli.receive(answerLine("R1", "rejected")))).toBe("invalid AskUserQuestion response: must be an object");
    expect(cli.ask("not a request", stamp)).toEqual({ kind: "refused", message: "invalid AskUserQuestion server request: must be an object" });
    expect(cli.serverRequest("permission/request", 7, stamp)).toEqual({ kind: "refused", message: "invalid permission server request: must be an object" });
  });

  it("cuts a long map key short in the text, keeping the path's shape", () => {
    const key = "k".repeat(200);
    const verdict = withQuestion().receive(answerLine("R1", { outcome: "answered", answers: { [key]: { kind: "guess" } } }));
    expect(errorOf(verdict)).toMatch(new RegExp(`^invalid AskUserQuestion response: /answers/k{64}…(/kind)?: `));
  });

  it("bounds a long duplicate request id and an unknown method", () => {
    const cli = new StreamJsonQuestions();
    const id = "r".repeat(500);
    expect(cli.ask(question(id), stamp).kind).toBe("forwarded");
    expect(cli.ask(question(id), stamp)).toEqual({ kind: "refused", message: `invalid AskUserQuestion server request: duplicate request id \`${"r".repeat(64)}…\`` });
    const refused = cli.serverRequest("m".repeat(500), {}, stamp);
    expect(refused).toEqual({ kind: "refused", message: `headless SDK control channel cannot handle server request \`${"m".repeat(64)}\`` });
  });
});

describe("what is pending, read-only", () => {
  it("lists the pending request ids in the order they were forwarded, without cancelling them", () => {
    const cli = withQuestion();
    expect(cli.ask(question("R2"), stamp).kind).toBe("forwarded");
    expect(cli.ask(question("R0"), stamp).kind).toBe("forwarded");
    expect(cli.pendingRequestIds()).toEqual(["R1", "R2", "R0"]);
    expect(cli.receive(answerLine("R2", { outcome: "rejected" })).class).toBe("accepted");
    expect(cli.pendingRequestIds()).toEqual(["R1", "R0"]);
    expect(cli.size).toBe(2);
  });

  it("hands the validation error behind an invalid_outcome reply to the caller", () => {
    const verdict = withQuestion().receive(answerLine("R1", { outcome: "answered", answers: { "question-1": { kind: "selected", option_id: "option-9" } } }));
    expect(verdict.class).toBe("invalid_outcome");
    expect(verdict.error).toEqual({ code: "unknown_option", message: "unknown option `option-9` for question `question-1`" });
    expect(errorOf(verdict)).toBe(`invalid AskUserQuestion response: ${verdict.error?.message}`);
  });
});
