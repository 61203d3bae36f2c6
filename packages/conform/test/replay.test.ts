import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { conformancePassed, loadReplay, parseReplay, ReplayError, runConformance, type ConformanceReport } from "../src/index.js";
import { clientFixture, failedIds } from "./support/fixture.js";

// --replay plays a recorded session's server side to a client: each
// recorded server frame in its place, once the client frames before it
// came, the client's requests matched by method and params and the
// recorded responses sent under the live ids.

const work = mkdtempSync(join(tmpdir(), "conform-replay-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const CAPABILITIES = { streaming: true, interactive_questions: { single_select: true, multi_select: true, free_text: true, previews: true, annotations: true, special_outcomes: true } };
const INITIALIZE = { protocol_version: "1.0", client_info: { name: "conform-fixture-client", version: "1.0.0" }, capabilities: CAPABILITIES };
const INITIALIZED = { protocol_version: "1.0", server_info: { name: "recorded-server", version: "0.4.0" }, capabilities: { streaming: true, stable_methods: ["initialize", "session/list"], experimental_methods: [], server_notification_methods: ["stream/event"], server_request_methods: ["permission/request"] } };
const PERMISSION = { request_id: "p7", session_id: "s1", tool_use_id: "t1", tool_name: "Bash", tool_input: '{"command":"ls"}', requires_tools_permission: true, requires_network_permission: false };

const client = (message: object) => JSON.stringify({ direction: "client", message });
const server = (message: object) => JSON.stringify({ direction: "server", message });

/** A recorded session of a client that used other request ids than the fixture does. */
function session(initialize: object = INITIALIZE, extra: readonly string[] = []): string {
  return [
    client({ type: "request", id: "old-1", method: "initialize", params: initialize }),
    server({ type: "response", id: "old-1", result: { status: "success", data: INITIALIZED } }),
    client({ type: "request", id: "old-2", method: "session/list" }),
    server({ type: "response", id: "old-2", result: { status: "success", data: [] } }),
    ...extra,
    server({ type: "request", id: "srv-perm-7", method: "permission/request", params: PERMISSION }),
    server({ type: "notification", method: "stream/event", params: { subscription_id: "sub-1", event: { event: "permission_requested", request: PERMISSION } } }),
    client({ type: "response", id: "srv-perm-7", result: { status: "success", data: { request_id: "p7", decision: { decision: "approve" } } } }),
    "",
  ].join("\n");
}

async function replay(text: string, ...args: string[]): Promise<{ readonly report: ConformanceReport; readonly transcript: readonly { direction: string; message: { id?: string; method?: string } }[] }> {
  const path = join(work, `recording-${Math.random().toString(36).slice(2)}.ndjson`);
  writeFileSync(path, text);
  const transcripts = join(work, `out-${Math.random().toString(36).slice(2)}`);
  const report = await runConformance({ role: "client", command: clientFixture(...args), replay: loadReplay(path), transcripts, timeoutMs: 1000 });
  const lines = readFileSync(join(transcripts, "replay.ndjson"), "utf8").split("\n");
  const transcript = lines.filter((line) => line !== "").map((line) => JSON.parse(line));
  return { report, transcript };
}

function row(report: ConformanceReport, id: string): readonly [string, string] | undefined {
  const check = report.checks.find((candidate) => candidate.id === id);
  return check === undefined ? undefined : [check.status, check.message];
}

describe("a recording", () => {
  it("is read from direction wrappers and bare messages, placed by their kind, passing over what is no message", () => {
    const text = [
      '{"type":"request","id":"c1","method":"initialize","params":{}}',
      "",
      "not json",
      "[1, 2]",
      '{"type":"response","id":"c1","result":{"status":"success"}}\r',
      '{"type":"request","id":"s1","method":"ask_user/request","params":{}}',
      '{"type":"response","id":"s1","result":{"status":"error","code":"internal_error","message":"m"}}',
      '{"type":"notification","method":"stream/event","params":{}}',
      '{"type":"response","id":"nobody","result":{"status":"success"}}',
      client({ type: "request", id: "c2", method: "session/list" }),
    ].join("\n");
    expect(parseReplay(text, "r.ndjson").frames.map(({ party, line }) => [party, line])).toEqual([
      ["client", 1],
      ["server", 5],
      ["server", 6],
      ["client", 7],
      ["server", 8],
      ["client", 10],
    ]);
  });

  it("that cannot be replayed is a ReplayError naming the file and the place", () => {
    expect(() => parseReplay('{"direction":"kit","message":{}}', "r.ndjson")).toThrow(new ReplayError('r.ndjson: line 1: direction must be "client" or "server"'));
    expect(() => parseReplay(client({ type: "request", id: "c1", method: "initialize" }), "r.ndjson")).toThrow(new ReplayError("r.ndjson: the recording holds no message of the server's to play"));
    expect(() => loadReplay(join(work, "missing.ndjson"))).toThrow(/missing\.ndjson: the document: cannot be read: ENOENT/);
  });
});

describe("a replay to a client", () => {
  it("plays the recorded server side under the live ids, and judges the client's answers", async () => {
    const { report, transcript } = await replay(session());
    expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(report.summary).toMatchObject({ role: "client", scenarios: 1, failed: 0, peer: { name: "conform-fixture-client", version: "1.0.0" } });
    expect(report.checks.slice(0, 4).map((check) => [check.scenario, check.id])).toEqual([
      ["replay", "client.replay.requests-sent"],
      ["replay", "client.permission.answered"],
      ["replay", "client.permission.answer-valid"],
      ["replay", "client.replay.requests-recorded"],
    ]);
    const responses = transcript.filter((line) => line.direction === "server" && line.message.id !== undefined).map((line) => line.message.id);
    expect(responses).toEqual(["req-1", "req-2", "srv-perm-7"]);
  });

  it("reports where a client breaks the recorded session's rules", async () => {
    const { report } = await replay(session(), "--mutant", "wrong-permission-request-id");
    expect(failedIds(report)).toEqual(["client.permission.answer-valid"]);
    expect(row(report, "client.permission.answer-valid")).toEqual(["fail", 'the answer names request_id "p7-other", not the request\'s "p7": the server routes it elsewhere']);
  });

  it("reports a client that strays from the recording (advisory): other params, a request not recorded, a recorded request not sent", async () => {
    const other = { ...INITIALIZE, client_info: { name: "conform-fixture-client", version: "0.9.0" } };
    const missing = [client({ type: "request", id: "old-3", method: "session/bootstrap", params: {} }), server({ type: "response", id: "old-3", result: { status: "success", data: {} } })];
    const { report, transcript } = await replay(session(other, missing));
    expect(failedIds(report)).toEqual(["client.replay.requests-recorded", "client.replay.requests-sent"]);
    expect(conformancePassed(report)).toBe(true);
    expect(row(report, "client.replay.requests-recorded")).toEqual(["fail", 'the "initialize" request "req-1" has other params than the recording\'s of line 1']);
    expect(row(report, "client.replay.requests-sent")).toEqual(["fail", 'the client\'s "session/bootstrap" request of line 5 of the recording did not come within 1 s']);
    expect(row(report, "client.permission.answer-valid")?.[0]).toBe("pass");
    expect(transcript.filter((line) => line.direction === "server" && line.message.id !== undefined).map((line) => line.message.id)).toEqual(["req-1", "req-2", "srv-perm-7"]);
    const withoutList = session()
      .split("\n")
      .filter((line) => !line.includes("old-2"))
      .join("\n");
    const { report: unrecorded } = await replay(withoutList);
    expect(row(unrecorded, "client.replay.requests-recorded")).toEqual(["fail", 'the "session/list" request "req-2" is not in the recording: the kit answered it as its own server does']);
  });

  it("ends when the client hangs, the checks it could not reach not run", async () => {
    const { report } = await replay(session(), "--hostile", "hang");
    expect(row(report, "client.replay.requests-sent")).toEqual(["fail", 'the client\'s "initialize" request of line 1 of the recording did not come within 1 s']);
    expect(row(report, "client.permission.answered")).toEqual(["fail", 'not run: the client\'s "session/list" request of line 3 of the recording did not come within 1 s, the second wait in a row to come to nothing: the client is taken as hung']);
  });
});
