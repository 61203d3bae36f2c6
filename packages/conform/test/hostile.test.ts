import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PeerStartError, runConformance, type ConformanceReport, type RoleName } from "../src/index.js";
import { clientFixture, failedIds, fixture, gone } from "./support/fixture.js";

// Peers that misbehave as processes: each is reported and ended, with its
// whole process group (the fixture starts a child that only the group kill
// reaches), and the run resolves; nothing a peer writes makes it throw.

const work = mkdtempSync(join(tmpdir(), "conform-hostile-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SCENARIOS = { server: ["server.handshake.default", "server.dispatch.unknown-method"], client: ["client.handshake.default", "client.permission.request"] };
const LIMITS = { lineBytes: 64 * 1024, outputBytes: 512 * 1024, exitGraceMs: 200 };

interface Pids {
  readonly pid: number;
  readonly child: number;
}

async function hostileRun(mode: string, role: RoleName = "server"): Promise<{ readonly report: ConformanceReport; readonly pids: Pids }> {
  const pidFile = join(work, `${role}-${mode}.json`);
  const start = role === "server" ? fixture : clientFixture;
  const report = await runConformance({ role, command: start("--hostile", mode, "--spawn-child", "--pid-file", pidFile), scenarios: SCENARIOS[role], timeoutMs: 500, limits: LIMITS, concurrency: 1 });
  const pids: Pids = JSON.parse(readFileSync(pidFile, "utf8"));
  return { report, pids };
}

function messageOf(report: ConformanceReport, scenario: string, id: string): string | undefined {
  return report.checks.find((check) => check.scenario === scenario && check.id === id)?.message;
}

type HostileCase = readonly [mode: string, failed: readonly string[], scenario: string, id: string, message: RegExp];

const CASES: readonly HostileCase[] = [
  ["crash-at-start", ["server.handshake.initialize-answered", "server.process.stays-up"], "discovery", "server.process.stays-up", /^the server exited with code 3 while the client's connection was open \(stderr: fixture: crashing at start\)$/],
  ["crash-after-initialize", ["server.dispatch.unknown-method", "server.process.stays-up"], "server.dispatch.unknown-method", "server.dispatch.unknown-method", /^the peer exited with code 4 before the response to request "unknown" came$/],
  ["hang", ["server.handshake.initialize-answered", "server.dispatch.unknown-method"], "server.dispatch.unknown-method", "server.dispatch.unknown-method", /the server is taken as hung$/],
  ["flood-line", ["server.framing.frames-only", "server.handshake.initialize-answered", "server.process.output-bounded"], "discovery", "server.framing.frames-only", /^line 1 is longer than the kit's line limit/],
  ["flood-frames", ["server.process.output-bounded"], "discovery", "server.process.output-bounded", /^the server wrote more to stdout than the kit reads in one scenario; the kit ended it$/],
  ["non-utf8", ["server.framing.frames-only"], "discovery", "server.framing.frames-only", /^line 1 is not UTF-8$/],
  ["non-json", ["server.framing.frames-only"], "discovery", "server.framing.frames-only", /^line 1 is not JSON: "fixture: about to write a frame"( \(and \d+ more findings?\))?$/],
  // A request written before the peer closes its end sits in the pipe, unread; the next write finds the pipe closed (before or after it is sent, as the two processes run).
  ["close-stdin", ["server.handshake.initialize-answered", "server.dispatch.unknown-method", "server.process.exits-on-eof"], "server.dispatch.unknown-method", "server.dispatch.unknown-method", /^(not run: )?the peer closed its stdin before (the response to request "unknown" came|step \d could send its frame)$/],
  ["immortal", ["server.process.exits-on-eof"], "discovery", "server.process.exits-on-eof", /^the server did not exit within 0\.2 s of its stdin closing; the kit sent SIGKILL to its process group$/],
];

describe("a hostile server", () => {
  it("that crashes at start still has every scenario reported: required checks not run fail, the others are skipped", async () => {
    const { report } = await hostileRun("crash-at-start");
    const notRun = report.checks.filter((check) => check.message.startsWith("not run:"));
    expect(notRun.length).toBeGreaterThan(0);
    for (const check of notRun) expect(check.status).toBe(check.tier === "advisory" ? "skip" : "fail");
  });
});

// The same misbehaviour from a client under test: the waits of the kit's server end as they do for a server.
const CLIENT_CASES: readonly HostileCase[] = [
  ["crash-at-start", ["client.handshake.initialize-first", "client.permission.answered", "client.process.stays-up"], "discovery", "client.process.stays-up", /^the client exited with code 3 while the server's connection was open \(stderr: fixture-client: crashing at start\)$/],
  ["crash-after-initialize", ["client.permission.answered", "client.process.stays-up"], "client.permission.request", "client.permission.answered", /^the peer exited with code 4 before the client's answer to permission\/request "srv-perm-1" came$/],
  ["hang", ["client.handshake.initialize-first", "client.permission.answered"], "client.permission.request", "client.permission.answered", /the client is taken as hung$/],
  ["flood-line", ["client.framing.frames-only", "client.handshake.initialize-first", "client.process.output-bounded"], "discovery", "client.framing.frames-only", /^line 1 is longer than the kit's line limit/],
  ["flood-frames", ["client.process.output-bounded", "client.request.unique-id"], "discovery", "client.process.output-bounded", /^the client wrote more to stdout than the kit reads in one scenario; the kit ended it$/],
  ["non-utf8", ["client.framing.frames-only"], "discovery", "client.framing.frames-only", /^line 1 is not UTF-8$/],
  ["non-json", ["client.framing.frames-only"], "discovery", "client.framing.frames-only", /^line 1 is not JSON: "fixture-client: about to write"( \(and \d+ more findings?\))?$/],
  // The kit's first write finds the pipe closed (the client wrote its initialize before closing its end).
  ["close-stdin", ["client.permission.answered", "client.process.exits-on-eof"], "client.permission.request", "client.permission.answered", /^not run: the peer closed its stdin before step 2 could send its frame$/],
  ["immortal", ["client.process.exits-on-eof"], "discovery", "client.process.exits-on-eof", /^the client did not exit within 0\.2 s of its stdin closing; the kit sent SIGKILL to its process group$/],
];

describe.each([
  ["server", CASES],
  ["client", CLIENT_CASES],
] as const)("a hostile %s", (role, cases) => {
  it.each(cases)("%s is reported and ended with its process group", async (mode, failed, scenario, id, message) => {
    const { report, pids } = await hostileRun(mode, role);
    const failures = new Set(failedIds(report));
    for (const expected of failed) expect(failures, expected).toContain(expected);
    expect(messageOf(report, scenario, id)).toMatch(message);
    expect(await gone(pids.pid, true)).toBe(true);
    expect(await gone(pids.child, false)).toBe(true);
  });
});

describe("a command that cannot be started", () => {
  it.each(["server", "client"] as const)("rejects the run of the %s role with PeerStartError, naming the command", async (role) => {
    const run = runConformance({ role, command: [join(work, "no-such-peer")] });
    await expect(run).rejects.toBeInstanceOf(PeerStartError);
    await expect(run).rejects.toThrow(/cannot start .*no-such-peer: spawn .* ENOENT/);
  });

  it("rejects an empty command", async () => {
    await expect(runConformance({ role: "server", command: [] })).rejects.toThrow("no command to start");
  });
});
