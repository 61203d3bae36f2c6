import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Findings } from "../src/judge/findings.js";
import type { RoleName } from "../src/index.js";
import { ClientFrameJudge } from "../src/judge/client-frames.js";
import { ServerFrameJudge } from "../src/judge/server-frames.js";
import { FrameIntake, type PeerLine } from "../src/peer/intake.js";
import { ScenarioChecks } from "../src/report/scenario-checks.js";
import { findRequirement, perFrameRequirements } from "../src/requirements.js";
import { readAnswer } from "../src/roles/client/answers.js";
import { KitServer } from "../src/roles/client/kit-server.js";

// What a peer writes goes through the framing (FrameIntake) and the judging
// (ServerFrameJudge, or ClientFrameJudge with the kit's server answering
// and reading the client's answers) of the kit; nothing it writes may make
// any of them throw.

const LIMITS = { lineBytes: 256, outputBytes: 4096 };

function requirement(id: string) {
  const found = findRequirement(id);
  if (found === undefined) throw new Error(`no requirement ${id}`);
  return found;
}

const ASKED = { type: "request", id: "srv-ask-user-1", method: "ask_user/request", params: { request_id: "a1", questions: [{ id: "q", question: "Which?", header: "", options: [{ id: "a", label: "A" }] }] } };
const PERMISSION = { type: "request", id: "srv-perm-2", method: "permission/request", params: { request_id: "p1", session_id: "s", tool_use_id: "t", tool_name: "Bash", tool_input: "{}", requires_tools_permission: true, requires_network_permission: false } };

/** A judge of the role's frames that has seen the kit's requests; for a client, each frame also goes through the kit's server and, for a response, the reading of answers. */
function judgeOf(role: RoleName, findings: Findings): (line: PeerLine) => void {
  if (role === "server") {
    const judge = new ServerFrameJudge(findings);
    judge.kitSent({ type: "request", id: "r1", method: "session/list" });
    judge.kitSent({ type: "request", id: "r2", method: "initialize", params: {} });
    return (line) => judge.peerLine(line);
  }
  const judge = new ClientFrameJudge(findings, () => undefined);
  const server = new KitServer();
  for (const request of [ASKED, PERMISSION]) judge.kitSent(request);
  return (line) => {
    judge.peerLine(line);
    if (line.kind !== "json") return;
    server.answer(line.value);
    for (const request of [ASKED, PERMISSION]) readAnswer(request, line.value);
  };
}

/** Every line of `chunks` through the intake, then the judge of the role; the checks the findings make. */
function judged(chunks: readonly Uint8Array[], role: RoleName = "server"): { readonly lines: PeerLine[]; readonly checks: ReturnType<ScenarioChecks["results"]> } {
  const intake = new FrameIntake(LIMITS);
  const findings = new Findings(perFrameRequirements(role));
  const judge = judgeOf(role, findings);
  const lines = [...chunks.flatMap((chunk) => intake.push(chunk)), ...intake.end()];
  for (const line of lines) judge(line);
  const checks = new ScenarioChecks("property", requirement);
  findings.report(checks);
  return { lines, checks: checks.results() };
}

/** `bytes` cut at the given places. */
function cut(bytes: Uint8Array, places: readonly number[]): Uint8Array[] {
  const sorted = [...new Set(places.map((place) => place % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...sorted, bytes.length].map((end, index) => bytes.subarray(index === 0 ? 0 : (sorted[index - 1] ?? 0), end));
}

const encoder = new TextEncoder();
/** Bytes that are mostly lines of JSON, with stray bytes, non-UTF-8 sequences and long runs among them. */
const stdout = fc.oneof(
  fc.uint8Array({ maxLength: 600 }),
  fc.array(fc.oneof(fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? "null"), fc.string({ maxLength: 40 }), fc.constant("\uFEFF{}"), fc.constant("x".repeat(300))), { maxLength: 12 }).map((lines) => encoder.encode(lines.join("\n"))),
  fc.tuple(fc.uint8Array({ maxLength: 40 }), fc.constantFrom(Uint8Array.of(0xff, 0x0a), Uint8Array.of(0xc3), Uint8Array.of(0xed, 0xa0, 0x80, 0x0a))).map(([left, bad]) => Uint8Array.from([...left, ...bad])),
);

describe("the framing and judging of a peer's stdout", () => {
  it("never throws on any bytes, however they are cut into chunks, and reports only per-frame requirements", () => {
    fc.assert(
      fc.property(stdout, fc.array(fc.nat(), { maxLength: 8 }), fc.constantFrom<RoleName>("server", "client"), (bytes, places, role) => {
        const { lines, checks } = judged(cut(bytes, places), role);
        expect(lines.length).toBeLessThanOrEqual(bytes.filter((byte) => byte === 0x0a).length + 1);
        for (const check of checks) expect(requirement(check.id).per_frame).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("frames the same lines whatever the chunks (below the output limit)", () => {
    fc.assert(
      fc.property(stdout, fc.array(fc.nat(), { maxLength: 8 }), (bytes, places) => {
        fc.pre(bytes.length <= LIMITS.outputBytes);
        expect(judged(cut(bytes, places)).lines).toEqual(judged([bytes]).lines);
      }),
      { numRuns: 300 },
    );
  });

  it("judges any JSON value as a frame without throwing, and finds nothing in valid answers to the requests sent", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 5 }), fc.constantFrom<RoleName>("server", "client"), (value, role) => {
        judged([encoder.encode(`${JSON.stringify(value) ?? "null"}\n`)], role);
      }),
      { numRuns: 400 },
    );
    const valid = ['{"type":"response","id":"r1","result":{"status":"success","data":[]}}', '{"type":"response","id":"r2","result":{"status":"error","code":"invalid_params","message":"missing field `protocol_version`"}}'];
    expect(judged([encoder.encode(`${valid.join("\n")}\n`)]).checks.filter((check) => check.status !== "pass")).toEqual([]);
    const answers = ['{"type":"request","id":"c1","method":"session/list"}', '{"type":"response","id":"srv-ask-user-1","result":{"status":"success","data":{"request_id":"a1","outcome":{"outcome":"answered","answers":{"q":{"kind":"selected","option_id":"a"}}}}}}', '{"type":"response","id":"srv-perm-2","result":{"status":"error","code":"permission_denied","message":"denied"}}'];
    expect(judged([encoder.encode(`${answers.join("\n")}\n`)], "client").checks.filter((check) => check.status !== "pass")).toEqual([]);
  });

  it("reports a frame nested far deeper than a stack holds, without throwing", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    const intake = new FrameIntake({ lineBytes: 1 << 20, outputBytes: 1 << 20 });
    const findings = new Findings(perFrameRequirements("server"));
    const judge = new ServerFrameJudge(findings);
    judge.kitSent({ type: "request", id: "r1", method: "session/list" });
    for (const line of intake.push(encoder.encode(`{"type":"response","id":"r1","result":{"status":"success","data":${deep}}}\n`))) judge.peerLine(line);
    const checks = new ScenarioChecks("deep", requirement);
    findings.report(checks);
    expect(checks.results().filter((check) => check.status === "fail").map((check) => check.id)).toEqual([expect.stringMatching(/^server\.(framing\.frames-only|response\.result-type)$/)]);
  });

  it("tells a line over the limit as soon as it passes it, once, and the output limit ends reading", () => {
    const intake = new FrameIntake(LIMITS);
    expect(intake.push(encoder.encode("x".repeat(200)))).toEqual([]);
    expect(intake.push(encoder.encode("x".repeat(200)))).toEqual([{ kind: "too_large", line: 1 }]);
    expect(intake.push(encoder.encode(`${"x".repeat(100)}\n{}\n`))).toEqual([{ kind: "json", line: 2, text: "{}", value: {} }]);
    expect(intake.push(new Uint8Array(LIMITS.outputBytes))).toEqual([{ kind: "flood", bytes: LIMITS.outputBytes + 200 + 200 + 104 }]);
    expect(intake.push(encoder.encode("{}\n"))).toEqual([]);
    expect(intake.stopped).toBe(true);
  });
});
