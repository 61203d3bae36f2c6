import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PeerStartError, runConformance, type ConformanceReport } from "../src/index.js";
import { failedIds, fixture, gone } from "./support/fixture.js";

// Peers that misbehave as processes: each is reported and ended, with its
// whole process group (the fixture starts a child that only the group kill
// reaches), and the run resolves; nothing a peer writes makes it throw.

const work = mkdtempSync(join(tmpdir(), "conform-hostile-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SCENARIOS = ["server.handshake.default", "server.dispatch.unknown-method"];
const LIMITS = { lineBytes: 64 * 1024, outputBytes: 512 * 1024, exitGraceMs: 200 };

interface Pids {
  readonly pid: number;
  readonly child: number;
}

async function hostileRun(mode: string): Promise<{ readonly report: ConformanceReport; readonly pids: Pids }> {
  const pidFile = join(work, `${mode}.json`);
  const report = await runConformance({ role: "server", command: fixture("--hostile", mode, "--spawn-child", "--pid-file", pidFile), scenarios: SCENARIOS, timeoutMs: 500, limits: LIMITS, concurrency: 1 });
  const pids: Pids = JSON.parse(readFileSync(pidFile, "utf8"));
  return { report, pids };
}

function messageOf(report: ConformanceReport, scenario: string, id: string): string | undefined {
  return report.checks.find((check) => check.scenario === scenario && check.id === id)?.message;
}

const CASES: readonly (readonly [mode: string, failed: readonly string[], scenario: string, id: string, message: RegExp])[] = [
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

describe("a hostile peer", () => {
  it.each(CASES)("%s is reported and ended with its process group", async (mode, failed, scenario, id, message) => {
    const { report, pids } = await hostileRun(mode);
    const failures = new Set(failedIds(report));
    for (const expected of failed) expect(failures, expected).toContain(expected);
    expect(messageOf(report, scenario, id)).toMatch(message);
    expect(await gone(pids.pid, true)).toBe(true);
    expect(await gone(pids.child, false)).toBe(true);
  }, 30_000);

  it("that crashes at start still has every scenario reported: required checks not run fail, the others are skipped", async () => {
    const { report } = await hostileRun("crash-at-start");
    const notRun = report.checks.filter((check) => check.message.startsWith("not run:"));
    expect(notRun.length).toBeGreaterThan(0);
    for (const check of notRun) expect(check.status).toBe(check.tier === "advisory" ? "skip" : "fail");
  }, 30_000);
});

describe("a command that cannot be started", () => {
  it("rejects the run with PeerStartError, naming the command", async () => {
    const run = runConformance({ role: "server", command: [join(work, "no-such-server")] });
    await expect(run).rejects.toBeInstanceOf(PeerStartError);
    await expect(run).rejects.toThrow(/cannot start .*no-such-server: spawn .* ENOENT/);
  });

  it("rejects an empty command", async () => {
    await expect(runConformance({ role: "server", command: [] })).rejects.toThrow("no command to start");
  });
});
