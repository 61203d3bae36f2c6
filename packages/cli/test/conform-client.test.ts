import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientFixture, runOnDisk } from "./support/conform-fixture.js";
import { validateConformReport } from "./support/conform-schema.js";
import { run } from "./support/run.js";

const work = mkdtempSync(join(tmpdir(), "cli-conform-client-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const MULTI = ["--scenario", "client.ask-user.multi-select"];

describe("conform client", () => {
  it("exits 1 on a mutant client, in every format naming the check, its tier and its spec sections", async () => {
    const command = ["--", ...clientFixture("--mutant", "multi-select-as-single")];
    const message = "the server refuses the answer with answer_kind: question `langs` is multi-select: answer with selected_many";
    const text = await run(["conform", "client", ...MULTI, ...command]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^conform client: .*client\.mjs --mutant multi-select-as-single \(conform-fixture-client 1\.0\.0\)\n/);
    expect(text.stdout).toContain(`  fail client.ask-user.multi-select (capability; spec 4.3, 4.6): ${message}\n`);
    const json = await run(["conform", "client", "--format", "json", ...MULTI, ...command]);
    expect(json.code).toBe(1);
    const report: unknown = JSON.parse(json.stdout);
    expect(validateConformReport(report), JSON.stringify(validateConformReport.errors)).toBe(true);
    expect(report).toMatchObject({ summary: { role: "client", scenarios: 1, failed: 1, peer: { name: "conform-fixture-client", version: "1.0.0" } } });
    const junit = await run(["conform", "client", "--format", "junit", ...MULTI, ...command]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuites name="app-server-protocol conform client"');
    expect(junit.stdout).toContain('<testcase name="client.ask-user.multi-select" classname="client.ask-user.multi-select" time="0">\n      <failure message="the server refuses the answer with answer_kind: question `langs` is multi-select: answer with selected_many" type="capability">');
  });

  it("skips what the client does not declare, saying so in JUnit", async () => {
    const junit = await run(["conform", "client", "--format", "junit", ...MULTI, "--", ...clientFixture("--declare", "single_select")]);
    expect(junit.code).toBe(0);
    expect(junit.stdout).toContain('<skipped message="the client does not declare interactive_questions.multi_select, which the scenario&apos;s questions need (spec 4.6)"/>');
  });

  it("lists the client role's scenarios, what each needs, and its requirements", async () => {
    const text = await run(["conform", "client", "--list"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Scenarios of the client role \(\d+\):\n {2}client\.handshake\.default: /);
    expect(text.stdout).toContain("  client.ask-user.multi-select: A multi-select question is answered with an outcome that passes validation\n      needs: interactive_questions multi_select\n      checks: client.handshake.initialize-first, client.ask-user.answered, client.ask-user.multi-select\n");
    expect(text.stdout).toContain("  client.response.exactly-once (required; spec 1.8, 4.9; every frame): ");
    const json = await run(["conform", "client", "--list", "--format", "json"]);
    const listing: { role: string; scenarios: { id: string; requires: { interactive_questions?: string[] } }[]; requirements: { id: string }[] } = JSON.parse(json.stdout);
    expect(listing.role).toBe("client");
    expect(listing.scenarios.find((scenario) => scenario.id === "client.ask-user.special-outcomes")?.requires.interactive_questions).toEqual(["single_select", "free_text", "special_outcomes"]);
    expect(listing.requirements.every((requirement) => requirement.id.startsWith("client."))).toBe(true);
  });

  it.each([
    ["no command", ["conform", "client"], /^app-server-protocol: conform: conform client needs the command to test after --, e\.g\. conform client -- \.\/my-client --test-mode\n$/],
    ["a turn prompt", ["conform", "client", "--turn-prompt", "ask_user=ask", "--", "node", "c.js"], /^app-server-protocol: conform: --turn-prompt is for conform server: the kit drives a client with its own server requests\n$/],
    ["--replay with --scenario", ["conform", "client", "--replay", "t.ndjson", "--scenario", "client.handshake.default", "--", "node", "c.js"], /^app-server-protocol: conform: --replay plays the recording alone: it takes no --scenario or --scenario-file\n$/],
    ["--replay with --list", ["conform", "client", "--replay", "t.ndjson", "--list"], /^app-server-protocol: conform: --list lists the scenarios, --replay plays a recording instead of them: give one\n$/],
    ["a recording that cannot be read", ["conform", "client", "--replay", "/nonexistent/t.ndjson", "--", "node", "c.js"], /^app-server-protocol: conform: \/nonexistent\/t\.ndjson: the document: cannot be read: ENOENT/],
    ["a client that cannot be started", ["conform", "client", "--", "/nonexistent/client"], /^app-server-protocol: conform: cannot start \/nonexistent\/client: spawn .* ENOENT\n$/],
  ])("exits 2 on %s, saying why on stderr", async (_name, argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });
});

// A conforming run's transcripts are what --replay plays back: the client
// meets the recorded server side again, without the scenarios.
describe("conform client with --transcripts, then --replay", () => {
  const transcripts = join(work, "transcripts");
  let conforming = { code: -1, stdout: "", stderr: "" };
  beforeAll(async () => {
    conforming = await runOnDisk(["conform", "client", "--format", "json", "--transcripts", transcripts, "--", ...clientFixture()]);
  });

  it("exits 0 on the conforming fixture client, its JSON report valid by the shipped schema", () => {
    expect(conforming.stderr).toBe("");
    expect(conforming.code).toBe(0);
    const report: unknown = JSON.parse(conforming.stdout);
    expect(validateConformReport(report), JSON.stringify(validateConformReport.errors)).toBe(true);
    expect(report).toMatchObject({ summary: { role: "client", failed: 0, skipped: 0, stale: 0 } });
  });

  it("writes transcripts that validate finds nothing in but the kit's frames sent wrong on purpose and requests that came as the kit closed", async () => {
    const result = await runOnDisk(["validate", "--format", "json", transcripts]);
    const report: { findings: { file: string; line: number; code: string; severity: string }[]; summary: { files: number } } = JSON.parse(result.stdout);
    expect(report.summary.files).toBeGreaterThan(15);
    const rows = report.findings.map((finding) => {
      const { direction }: { direction: string } = JSON.parse(readFileSync(finding.file, "utf8").split("\n")[finding.line - 1] ?? "{}");
      return [basename(finding.file), direction, finding.code, finding.severity];
    });
    expect(rows.filter(([, direction, , severity]) => direction === "server" || severity === "error")).toEqual([
      ["client.compat.unknown-event.ndjson", "server", "unknown_tag", "error"],
      ["client.compat.unknown-notification.ndjson", "server", "unknown_method", "error"],
    ]);
    // The kit closes the connection once a scenario's steps are done: a request the client sends as it closes goes unanswered.
    for (const [, direction, code] of rows.filter(([, , , severity]) => severity !== "error")) expect([direction, code]).toEqual(["client", "unanswered_request"]);
  });

  it("replays a recorded session to the client: 0 when it answers as before, 1 when it breaks a rule", async () => {
    const recording = join(transcripts, "client.ask-user.resolution.ndjson");
    const replayed = await runOnDisk(["conform", "client", "--format", "json", "--replay", recording, "--", ...clientFixture()]);
    expect(replayed.stderr).toBe("");
    expect(replayed.code).toBe(0);
    const report: { checks: { id: string; scenario: string; status: string }[] } = JSON.parse(replayed.stdout);
    expect(validateConformReport(report)).toBe(true);
    expect(new Set(report.checks.map((check) => check.scenario))).toEqual(new Set(["replay"]));
    expect(report.checks.filter((check) => check.status === "pass").map((check) => check.id)).toEqual(expect.arrayContaining(["client.replay.requests-sent", "client.ask-user.answered", "client.ask-user.answer-valid", "client.permission.answered", "client.replay.requests-recorded"]));
    const broken = await runOnDisk(["conform", "client", "--format", "junit", "--timeout", "1", "--replay", recording, "--", ...clientFixture("--mutant", "stops-on-resolution")]);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('<testcase name="client.permission.answered" classname="replay" time="0">\n      <failure message="the client&apos;s answer to permission/request &quot;srv-perm-2&quot; (line 10 of the recording) did not come within 1 s" type="required">');
  });

  it("takes a baseline for the replay's checks", async () => {
    const baseline = join(work, "baseline.json");
    writeFileSync(baseline, JSON.stringify({ expected_failures: ["client.permission.answered", "client.permission.answer-valid"].map((id) => ({ id, scenario: "replay", reason: "stops after a resolution" })) }));
    const recording = join(transcripts, "client.ask-user.resolution.ndjson");
    const expected = await runOnDisk(["conform", "client", "--timeout", "1", "--baseline", baseline, "--replay", recording, "--", ...clientFixture("--mutant", "stops-on-resolution")]);
    expect(expected.code).toBe(0);
    expect(expected.stdout).toContain("  expected_fail client.permission.answered (required; spec 1.8): ");
    expect(expected.stdout).toMatch(/\n1 scenario, \d+ checks: \d+ passed, 0 failed, 0 skipped, 2 expected failures, 0 stale\n$/);
  });
});
