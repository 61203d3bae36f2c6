import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { listConformance } from "@app-server-protocol/conform";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConformCommandLine } from "../src/commands/conform.js";
import { CONFORM_PACKAGE, fixture, runOnDisk, TURN_PROMPT_OPTIONS } from "./support/conform-fixture.js";
import { validateConformReport } from "./support/conform-schema.js";
import { run } from "./support/run.js";

const work = mkdtempSync(join(tmpdir(), "cli-conform-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// Each awaited message may take two minutes: the fixture answers at once, but a busy machine may be slow to start it.
const PATIENT = ["--timeout", "120"];
const ONE = [...PATIENT, "--scenario", "server.dispatch.unknown-method"];

describe("conform server", () => {
  it("exits 1 on a mutant, in every format naming the check, its tier and its spec sections", async () => {
    const command = ["--", ...fixture("--mutant", "unknown-method-internal-error")];
    const text = await run(["conform", "server", ...ONE, ...command]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain('server.dispatch.unknown-method: 12 of 13 checks passed\n  fail server.dispatch.unknown-method (required; spec 1.7, 1.4): answered with error "internal_error"; expected error method_not_found\n');
    expect(text.stdout.endsWith("1 scenario, 25 checks: 24 passed, 1 failed, 0 skipped, 0 expected failures, 0 stale\n")).toBe(true);
    const github = await run(["conform", "server", "--format", "github", ...ONE, ...command]);
    expect(github.code).toBe(1);
    expect(github.stdout.split("\n")[0]).toBe('::error title=server.dispatch.unknown-method (server.dispatch.unknown-method)::fail: answered with error "internal_error"; expected error method_not_found (required; spec 1.7, 1.4)');
    const junit = await run(["conform", "server", "--format", "junit", ...ONE, ...command]);
    expect(junit.code).toBe(1);
    expect(junit.stdout).toContain('<testsuite name="server.dispatch.unknown-method" tests="13" failures="1" errors="0" skipped="0" time="0">');
    expect(junit.stdout).toContain('<testcase name="server.dispatch.unknown-method" classname="server.dispatch.unknown-method" time="0">\n      <failure message="answered with error &quot;internal_error&quot;; expected error method_not_found" type="required">');
    const json = await run(["conform", "server", "--format", "json", ...ONE, ...command]);
    expect(validateConformReport(JSON.parse(json.stdout))).toBe(true);
  });

  it("exits 0 when only advisory checks fail, and JUnit shows them as output, not failures", async () => {
    const junit = await run(["conform", "server", "--format", "junit", ...PATIENT, "--scenario", "server.handshake.other-version", "--", ...fixture("--mutant", "pinned-version")]);
    expect(junit.code).toBe(0);
    expect(junit.stdout).toContain('failures="0"');
    expect(junit.stdout).toContain('<system-out>advisory check failed: /result/data/protocol_version is "1.0", expected "1.1-conform"\n(advisory; spec 1.6, 9.4)</system-out>');
    const github = await run(["conform", "server", "--format", "github", ...PATIENT, "--scenario", "server.handshake.other-version", "--", ...fixture("--mutant", "pinned-version")]);
    expect(github.stdout.split("\n")[0]).toMatch(/^::warning title=server\.handshake\.version-echoed-any \(server\.handshake\.other-version\)::fail: /);
  });

  it("takes a baseline: an expected failure exits 0, a stale entry exits 1", async () => {
    const baseline = join(work, "baseline.json");
    writeFileSync(baseline, JSON.stringify({ expected_failures: [{ id: "server.dispatch.unknown-method", reason: "answers internal_error" }] }));
    const expected = await run(["conform", "server", "--baseline", baseline, ...ONE, "--", ...fixture("--mutant", "unknown-method-internal-error")]);
    expect(expected.code).toBe(0);
    expect(expected.stdout).toContain("  expected_fail server.dispatch.unknown-method (required; spec 1.7, 1.4): ");
    const stale = await run(["conform", "server", "--baseline", baseline, ...ONE, "--", ...fixture()]);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain(`  stale server.dispatch.unknown-method (required; spec 1.7, 1.4): passed, but the baseline ${baseline} expects it to fail (answers internal_error): remove the entry\n`);
  });

  it("lists every scenario and requirement without starting anything", async () => {
    const text = await run(["conform", "server", "--list"]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^Scenarios of the server role \(\d+\):\n {2}server\.handshake\.default: /);
    expect(text.stdout).toContain("  server.framing.frames-only (required; spec 1.1; every frame): Every non-blank line");
    const json = await run(["conform", "server", "--list", "--format", "json"]);
    const listing: { scenarios: { id: string }[]; requirements: { id: string; spec: string[] }[] } = JSON.parse(json.stdout);
    expect(listing.scenarios.map((scenario) => scenario.id)).toContain("server.turn.ask-user");
    expect(listing.requirements.every((requirement) => requirement.spec.length > 0)).toBe(true);
  });

  it.each([
    ["a command that cannot be started", ["conform", "server", "--", join(work, "no-such-server")], /^app-server-protocol: conform: cannot start .*no-such-server: spawn .* ENOENT\n$/],
    ["no command", ["conform", "server"], /^app-server-protocol: conform: conform server needs the command to test after --, e\.g\. conform server -- \.\/my-server --stdio\n$/],
    ["--replay with the server role", ["conform", "server", "--replay", "t.ndjson", "--", "node", "s.js"], /^app-server-protocol: conform: --replay plays a recorded server to a client: it is for conform client\n$/],
    ["an unknown scenario", ["conform", "server", "--scenario", "server.nowhere", "--", "node", "s.js"], /^app-server-protocol: conform: no scenario has the id "server\.nowhere" \(--list shows them\)\n$/],
    ["a bad turn prompt", ["conform", "server", "--turn-prompt", "shell=ls", "--", "node", "s.js"], /--turn-prompt <kind=text>' argument 'shell=ls' is invalid\. must be KIND=TEXT with KIND one of ask_user, permission, mcp_trust/],
    ["a bad timeout", ["conform", "server", "--timeout", "0", "--", "node", "s.js"], /--timeout <seconds>' argument '0' is invalid\. must be a number of seconds above 0/],
    ["an unknown role", ["conform", "host", "--", "node", "s.js"], /command-argument value 'host' is invalid for argument 'role'\. Allowed choices are client, server\./],
  ])("exits 2 on %s, saying why on stderr", async (_name, argv, message) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
  });

  it("exits 2 on a scenario file or baseline that is not valid, naming the file and the place", async () => {
    const scenarios = join(work, "bad-scenarios.json");
    writeFileSync(scenarios, JSON.stringify({ role: "server", scenarios: [{ id: "mine", title: "t", steps: [{ send: { initialize: {}, id: "i" } }, { expect: { response: "j" }, check: "server.handshake.initialize-answered" }] }] }));
    const badScenarios = await run(["conform", "server", "--scenario-file", scenarios, "--", "node", "s.js"]);
    expect(badScenarios.code).toBe(2);
    expect(badScenarios.stderr).toBe(`app-server-protocol: conform: ${scenarios}: /scenarios/0/steps/1/expect/response: "j" is not the id of a request an earlier step sends\n`);
    const baseline = join(work, "bad-baseline.json");
    writeFileSync(baseline, JSON.stringify({ expected_failures: [{ id: "server.dispatch.unknown-method" }] }));
    const badBaseline = await run(["conform", "server", "--baseline", baseline, "--", "node", "s.js"]);
    expect(badBaseline.code).toBe(2);
    expect(badBaseline.stderr).toBe(`app-server-protocol: conform: ${baseline}: /expected_failures/0/reason: must be a reason (why the check fails), not nothing\n`);
    const missing = await run(["conform", "server", "--scenario-file", join(work, "missing.json"), "--list"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/missing\.json: the document: cannot be read: ENOENT/);
  });

  it("documents its exit codes and examples in --help", async () => {
    const help = await run(["conform", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: app-server-protocol conform client\|server \[options\] -- COMMAND \[ARGS\.\.\.\]/);
    expect(help.stdout).toContain("Exit codes:\n  0  every required and capability check passed");
    expect(help.stdout).toContain("  2  usage error (a bad scenario, baseline or replay file included), or COMMAND could not be started");
    expect(help.stdout).toContain("  $ app-server-protocol conform client --replay out/server.turn.ask-user.ndjson -- ./my-client --test-mode");
    expect(help.stdout).toContain("  $ app-server-protocol conform server -- ./my-server --stdio");
  });
});

describe("the conform command line", () => {
  it("is read exactly as pinned: role, options, then the command and its own options after --", () => {
    expect(
      readConformCommandLine(["server", "--format", "junit", "--timeout", "2.5", "--scenario", "a.b", "--scenario", "c.d", "--scenario-file", "x.json", "--baseline", "b.json", "--transcripts", "out", "--turn-prompt", "ask_user=Ask me = now", "--", "./srv", "--stdio", "--format", "x"]),
    ).toEqual({
      role: "server",
      command: ["./srv", "--stdio", "--format", "x"],
      format: "junit",
      timeoutMs: 2500,
      scenarios: ["a.b", "c.d"],
      scenarioFiles: ["x.json"],
      list: false,
      baseline: "b.json",
      transcripts: "out",
      turnPrompts: { ask_user: "Ask me = now" },
    });
    expect(readConformCommandLine(["client", "--replay", "t.ndjson", "--", "node", "c.js"])).toMatchObject({ role: "client", replay: "t.ndjson", command: ["node", "c.js"], format: "text", timeoutMs: 10_000 });
    expect(() => readConformCommandLine(["server", "--format", "xml", "--", "s"])).toThrow(/Allowed choices are text, json, junit, github/);
  });
});

// The transcripts of a conforming run are what `validate` and `view` read,
// and `validate` finds nothing in them but the frames the scenarios send
// wrong on purpose (steps marked "invalid", and the answer the kit has the
// server refuse): no finding on a line of the server's.

const transcripts = join(work, "transcripts");

interface Finding {
  readonly file: string;
  readonly line: number;
  readonly code: string;
}

/** The request ids each scenario's steps send marked `"invalid": true`, or send to be refused (a step expects an error answer: the dispatch probes), from the shipped scenario files. */
function deliberate(): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  const folder = join(CONFORM_PACKAGE, "scenarios/server");
  for (const name of readdirSync(folder)) {
    const document: { scenarios: { id: string; steps: { send?: { id?: string }; invalid?: boolean; expect?: { response?: string }; error?: unknown }[] }[] } = JSON.parse(readFileSync(join(folder, name), "utf8"));
    for (const scenario of document.scenarios) {
      const refused = scenario.steps.flatMap((step) => (step.error !== undefined && step.expect?.response !== undefined ? [step.expect.response] : []));
      ids.set(scenario.id, new Set([...refused, ...scenario.steps.flatMap((step) => (step.invalid === true && step.send?.id !== undefined ? [step.send.id] : []))]));
    }
  }
  return ids;
}

describe("a conforming run with --transcripts", () => {
  let conforming = { code: -1, stdout: "", stderr: "" };
  beforeAll(async () => {
    conforming = await runOnDisk(["conform", "server", "--format", "json", ...PATIENT, "--transcripts", transcripts, ...TURN_PROMPT_OPTIONS, "--", ...fixture()]);
  });

  it("exits 0 on the conforming fixture, and its JSON report is valid by the shipped schema", () => {
    expect(conforming.stderr).toBe("");
    expect(conforming.code).toBe(0);
    const report: unknown = JSON.parse(conforming.stdout);
    expect(validateConformReport(report), JSON.stringify(validateConformReport.errors)).toBe(true);
    expect(report).toMatchObject({ summary: { role: "server", failed: 0, skipped: 0, stale: 0, peer: { name: "conform-fixture", version: "1.0.0" } } });
  });

  it("writes one NDJSON file and one stderr file per scenario, the discovery's included", () => {
    const names = ["discovery", ...listConformance("server").scenarios.map((scenario) => scenario.id)];
    for (const name of names) {
      expect(existsSync(join(transcripts, `${name}.ndjson`)), name).toBe(true);
      expect(existsSync(join(transcripts, `${name}.stderr.txt`)), name).toBe(true);
    }
  });

  it("writes transcripts that hold no finding of validate but on the client frames a scenario breaks on purpose", async () => {
    const result = await runOnDisk(["validate", "--format", "json", transcripts]);
    const report: { findings: Finding[]; summary: { files: number } } = JSON.parse(result.stdout);
    expect(report.summary.files).toBeGreaterThan(20);
    const marked = deliberate();
    const unexpected = report.findings.filter((finding) => {
      const scenario = finding.file.split("/").pop()?.replace(/\.ndjson$/, "") ?? "";
      const line = readFileSync(finding.file, "utf8").split("\n")[finding.line - 1] ?? "";
      const { direction, message }: { direction: string; message: { id?: string; type?: string; result?: { data?: { outcome?: { answers?: object } } } } } = JSON.parse(line);
      if (direction !== "client") return true;
      const refusedAnswer = message.type === "response" && JSON.stringify(message.result?.data?.outcome?.answers) === "{}";
      return !(marked.get(scenario)?.has(message.id ?? "") === true || refusedAnswer);
    });
    expect(unexpected).toEqual([]);
    expect(report.findings.length).toBeGreaterThan(0);
  });

  it("writes transcripts view draws as pages", async () => {
    const page = join(work, "ask-user.html");
    const result = await runOnDisk(["view", join(transcripts, "server.turn.ask-user.ndjson"), "-o", page]);
    expect(result.code).toBe(1);
    expect(readFileSync(page, "utf8")).toContain("ask_user/request");
  });
});
