import { join } from "node:path";
import {
  StreamJsonQuestions,
  controlError,
  controlSuccess,
  encodeLine,
  questionRecord,
  resolutionRecord,
  type HostLineVerdict,
  type RecordStamp,
} from "@app-server-protocol/correlation";
import type { AskUserQuestionRequest, StreamJsonControlResponseLine } from "@app-server-protocol/types";
import { validateType } from "@app-server-protocol/validators";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FORMAT_DIR, casesOf, listOf, objectOf, readJson, suiteFiles, text } from "./vectors.js";

// The TypeScript runner of the stream-JSON vectors (spec 5):
// @app-server-protocol/correlation must give every case's expected output.

type Case = Record<string, unknown>;

const SUITE = "stream-json";
const FORMAT = objectOf(readJson(join(FORMAT_DIR, `${SUITE}.schema.json`)));
const SETUP_STAMP: RecordStamp = { sequence: 0, uuid: "00000000-0000-4000-8000-000000000000", sessionId: "S0", timestamp: "2026-08-05T12:00:00Z" };
const UNSUPPORTED_SUBTYPE = "unsupported control request subtype";
/** The control request subtypes spec 5.6 lists as supported. */
const SUPPORTED_CONTROL_SUBTYPES = [
  "initialize",
  "interrupt",
  "set_permission_mode",
  "get_session_state",
  "get_context_usage",
  "mcp_status",
  "set_model",
  "set_max_thinking_tokens",
  "seed_read_state",
  "cancel_async_message",
];

function stampOf(value: unknown): RecordStamp {
  const stamp = objectOf(value, "stamp");
  if (typeof stamp.sequence !== "number") throw new Error("stamp.sequence is not a number");
  return { sequence: stamp.sequence, uuid: text(stamp.uuid, "stamp.uuid"), sessionId: text(stamp.session_id, "stamp.session_id"), timestamp: text(stamp.timestamp, "stamp.timestamp") };
}

function requestOf(value: unknown): AskUserQuestionRequest {
  const decoded = validateType("AskUserQuestionRequest", value);
  if (!decoded.ok) throw new Error(`not an AskUserQuestionRequest: ${decoded.error.message}`);
  return decoded.value;
}

function answerLine(requestId: string, response: unknown): string {
  return JSON.stringify({ type: "server_response", request_id: requestId, response });
}

/** A CLI in the state `given` describes, and the ids of the questions it forwarded. */
interface Replayed {
  readonly cli: StreamJsonQuestions;
  readonly asked: readonly string[];
}

function replay(given: unknown): Replayed {
  const { session_id: sessionId, steps } = objectOf(given, "given");
  const cli = new StreamJsonQuestions({ sessionId: text(sessionId, "given.session_id") });
  const asked: string[] = [];
  for (const entry of listOf(steps, "given.steps")) {
    const step = objectOf(entry, "step");
    if (step.step === "ask") {
      const verdict = cli.ask(step.params, SETUP_STAMP);
      if (verdict.kind !== "forwarded") throw new Error(`a question of the given state was not forwarded: ${verdict.kind}`);
      asked.push(verdict.requestId);
    } else if (step.step === "host_line") {
      cli.receive(text(step.line, "step.line"));
    } else if (step.step === "stdin_eof") {
      cli.close();
    } else if (step.step === "turn_end") {
      // Spec 5.7: the end of a turn cancels pending questions with `disconnect` while stdin stays open.
      cli.endTurn();
    } else {
      throw new Error(`unknown given step \`${String(step.step)}\``);
    }
  }
  return { cli, asked };
}

/**
 * The asked questions still pending. An answer without answers fails spec 4.3
 * on a pending question, which keeps it pending, and is refused as unknown
 * otherwise: a probe that changes nothing.
 */
function pendingIds({ cli, asked }: Replayed): string[] {
  const pending = asked.filter((id) => cli.receive(answerLine(id, { outcome: "answered", answers: {} })).class === "invalid_outcome");
  expect(cli.size).toBe(pending.length);
  return pending.sort();
}

/** Values compared in any order. */
function unordered(values: readonly unknown[]): unknown[] {
  return [...values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

function sortedStrings(value: unknown, what: string): string[] {
  return listOf(value, what)
    .map((id) => text(id, what))
    .sort();
}

/** The vector's class for a verdict: the lines StreamJsonQuestions hands back to its caller are named by their type. */
function classOf(verdict: HostLineVerdict): string {
  if (verdict.class !== "passthrough") return verdict.class;
  const type = verdict.line?.type;
  return type === "control_request" || type === "control_response" ? type : "passthrough";
}

function checkReply(actual: StreamJsonControlResponseLine | undefined, expected: unknown): void {
  if (expected === null) {
    expect(actual).toBeUndefined();
    return;
  }
  const reply = objectOf(expected, "expect.reply");
  expect(actual?.type, "a control_response reply is written").toBe("control_response");
  const response = actual?.response;
  expect(response?.request_id).toBe(reply.request_id);
  if (reply.subtype === "any") {
    if (response?.subtype === "error") expect(response.error.startsWith(UNSUPPORTED_SUBTYPE)).toBe(false);
  } else if ("error_prefix" in reply) {
    expect(response?.subtype).toBe("error");
    const error = response?.subtype === "error" ? response.error : "";
    expect(error.startsWith(text(reply.error_prefix, "error_prefix")), `error ${JSON.stringify(error)}`).toBe(true);
  } else if ("response_includes" in reply) {
    expect(response?.subtype).toBe("success");
    expect(response?.subtype === "success" ? response.response : undefined).toMatchObject(objectOf(reply.response_includes));
  } else {
    expect(actual).toStrictEqual({ type: "control_response", response: reply });
  }
}

function runHostLine(entry: Case): void {
  const want = objectOf(entry.expect, "expect");
  const replayed = replay(entry.given);
  const verdict = replayed.cli.receive(text(entry.line, "line"));
  expect(classOf(verdict)).toBe(want.class);
  checkReply(verdict.reply, want.reply);
  if (typeof want.warning === "boolean") expect(verdict.warning !== undefined).toBe(want.warning);
  if ("app_server_response" in want) expect(verdict.response).toStrictEqual(want.app_server_response);
  expect(pendingIds(replayed)).toStrictEqual(sortedStrings(want.pending_after, "pending_after"));
}

function runServerRequest(entry: Case): void {
  const want = objectOf(entry.expect, "expect");
  const { cli } = replay(entry.given);
  const verdict = cli.serverRequest(text(entry.method, "method"), entry.params, SETUP_STAMP);
  if (want.action === "forward") {
    expect(verdict).toMatchObject({ kind: "forwarded", requestId: want.request_id });
  } else if (want.action === "answer") {
    expect(verdict).toStrictEqual({ kind: "answered", response: want.response });
  } else if ("error_prefix" in want) {
    expect(verdict.kind).toBe("refused");
    const message = verdict.kind === "refused" ? verdict.message : "";
    expect(message.startsWith(text(want.error_prefix, "error_prefix")), `message ${JSON.stringify(message)}`).toBe(true);
  } else {
    expect(verdict).toStrictEqual({ kind: "refused", message: want.error });
  }
}

function runCancellation(entry: Case): void {
  const want = objectOf(entry.expect, "expect");
  const replayed = replay(entry.given);
  const ended = entry.event === "turn_end" ? replayed.cli.endTurn() : replayed.cli.close();
  const responses = ended.map(({ requestId, outcome }) => ({ request_id: requestId, outcome }));
  expect(unordered(responses)).toStrictEqual(unordered(listOf(want.responses, "responses")));
  expect(replayed.cli.size).toBe(listOf(want.pending_after, "pending_after").length);
}

function runQuestionLine(entry: Case): void {
  const line = encodeLine(questionRecord(requestOf(entry.request), stampOf(entry.stamp)));
  expect(line).toBe(`${text(objectOf(entry.expect).line, "expect.line")}\n`);
}

function runResolutionLine(entry: Case): void {
  const requestId = text(entry.request_id, "request_id");
  const event = validateType("StreamJsonServerRequestResolvedEvent", { type: "server_request_resolved", request_id: requestId, outcome: entry.resolution });
  if (!event.ok) throw new Error(`not a resolution: ${event.error.message}`);
  const line = encodeLine(resolutionRecord(requestId, event.value.outcome, stampOf(entry.stamp)));
  expect(line).toBe(`${text(objectOf(entry.expect).line, "expect.line")}\n`);
}

function runControlResponseLine(entry: Case): void {
  const reply = validateType("StreamJsonControlReply", entry.reply);
  if (!reply.ok) throw new Error(`not a control reply: ${reply.error.message}`);
  const { value } = reply;
  const line = encodeLine(value.subtype === "success" ? controlSuccess(value.request_id) : controlError(value.request_id, value.error));
  expect(line).toBe(`${text(objectOf(entry.expect).line, "expect.line")}\n`);
}

const RUNNERS: { readonly [kind: string]: (entry: Case) => void } = {
  question_line: runQuestionLine,
  resolution_line: runResolutionLine,
  control_response_line: runControlResponseLine,
  host_line: runHostLine,
  server_request: runServerRequest,
  cancellation: runCancellation,
};

const FILES = suiteFiles(SUITE);
const ALL_CASES = FILES.flatMap(({ document }) => casesOf(document));

describe.each(FILES.map(({ path, document }) => [path, document] as const))("%s", (_path, document) => {
  it.each(casesOf(document).map((entry) => [String(entry.name), entry] as const))("%s", (_name, entry) => {
    const run = RUNNERS[String(entry.kind)];
    if (run === undefined) throw new Error(`no runner for kind ${String(entry.kind)}`);
    run(entry);
  });
});

/** The `kind` of every case definition the format lists. */
function caseKinds(): unknown[] {
  const items = objectOf(objectOf(objectOf(FORMAT.properties).cases).items);
  return listOf(items.oneOf, "cases.items.oneOf").map((ref) => {
    const definition = objectOf(FORMAT.$defs)[text(objectOf(ref).$ref, "$ref").replace("#/$defs/", "")];
    return objectOf(objectOf(objectOf(definition).properties).kind).const;
  });
}

function formatEnum(...path: string[]): unknown[] {
  let node: unknown = FORMAT;
  for (const key of path) node = objectOf(node, path.join("."))[key];
  return listOf(node, path.join("."));
}

describe("stream-json coverage", () => {
  const expects = ALL_CASES.map((entry) => objectOf(entry.expect, "expect"));

  it("has a case of every kind the format defines", () => {
    const kinds = caseKinds();
    expect(kinds.length).toBe(Object.keys(RUNNERS).length);
    expect(new Set(ALL_CASES.map((entry) => entry.kind))).toStrictEqual(new Set(kinds));
  });

  it("has a host line of every classification", () => {
    const classes = new Set(expects.map((want) => want.class).filter((value) => value !== undefined));
    expect(classes).toStrictEqual(new Set(formatEnum("$defs", "HostLineClass", "enum")));
  });

  it("sends every control request subtype spec 5.6 lists, rewind_files and an unknown one", () => {
    const subtypes = new Set(
      ALL_CASES.filter((entry) => objectOf(entry.expect).class === "control_request").map((entry) => {
        const line = objectOf(JSON.parse(text(entry.line, "line")));
        return objectOf(line.request).subtype;
      }),
    );
    for (const subtype of [...SUPPORTED_CONTROL_SUBTYPES, "rewind_files"]) expect(subtypes).toContain(subtype);
    expect(new Set(expects.map((want) => want.control_subtype).filter((value) => value !== undefined))).toStrictEqual(
      new Set(["supported", "always_error", "unsupported"]),
    );
  });

  it("expects only AskUserQuestionResponses to reach the app-server", () => {
    const responses = [
      ...expects.flatMap((want) => ("app_server_response" in want ? [want.app_server_response] : [])),
      ...expects.flatMap((want) => (want.action === "answer" ? [want.response] : [])),
      ...expects.flatMap((want) => ("responses" in want ? listOf(want.responses, "responses") : [])),
    ];
    expect(responses.length).toBeGreaterThan(0);
    for (const response of responses) expect(validateType("AskUserQuestionResponse", response).ok, JSON.stringify(response)).toBe(true);
  });

  it("covers every server-request action and both ends of input", () => {
    expect(new Set(expects.map((want) => want.action).filter((value) => value !== undefined))).toStrictEqual(new Set(["forward", "answer", "refuse"]));
    expect(new Set(ALL_CASES.map((entry) => entry.event).filter((value) => value !== undefined))).toStrictEqual(new Set(["stdin_eof", "turn_end"]));
  });
});

describe("stream-json properties", () => {
  const asked = ALL_CASES.flatMap((entry) => (entry.kind === "server_request" && objectOf(entry.expect).action === "forward" ? [entry.params] : []));

  it("refuses an answer for any id the CLI never issued, and leaves its questions pending (spec 5.5)", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...asked), (requestId, params) => {
        const cli = new StreamJsonQuestions({ sessionId: "S1" });
        const verdict = cli.ask(params, SETUP_STAMP);
        fc.pre(verdict.kind === "forwarded" && verdict.requestId !== requestId);
        const reply = cli.receive(answerLine(requestId, { outcome: "rejected" }));
        expect(reply.reply).toStrictEqual({ type: "control_response", response: { subtype: "error", request_id: requestId, error: "unknown, stale, or duplicate server request id" } });
        expect(cli.size).toBe(1);
      }),
    );
  });

  it("correlates every reply to the line's top-level request_id (spec 5.5, 5.6)", () => {
    const lineArbitrary = fc.record(
      {
        type: fc.constantFrom("server_response", "keep_alive", "control_cancel_request", "bogus", "user"),
        request_id: fc.string(),
        response: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(lineArbitrary, (line) => {
        const cli = new StreamJsonQuestions({ sessionId: "S1" });
        const verdict = cli.receive(JSON.stringify(line));
        if (verdict.reply !== undefined) expect(verdict.reply.response.request_id).toBe(line.request_id);
      }),
    );
  });
});
