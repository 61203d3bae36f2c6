import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ConformanceUsageError, listConformance, parseBaseline, parseReplay, parseScenarioFile, runConformance } from "../src/index.js";
import { fixture } from "./support/fixture.js";

const work = mkdtempSync(join(tmpdir(), "conform-options-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const RECORDING = parseReplay('{"direction":"server","message":{"type":"notification","method":"stream/event","params":{"subscription_id":"s","event":{"event":"turn_finished","session_id":"s","provider":"anthropic","usage":{"input_tokens":1,"output_tokens":1}}}}}', "r.ndjson");

const MINE = parseScenarioFile(
  JSON.stringify({
    role: "server",
    requirements: [
      { id: "server.mine.named", tier: "advisory", spec: ["2.1"], title: "The server names itself conform-fixture." },
      { id: "server.mine.versioned", tier: "required", spec: ["2.1"], title: "The server is version 2." },
    ],
    scenarios: [
      {
        id: "mine.identity",
        title: "The server's identity",
        steps: [
          { send: { initialize: {}, id: "init" } },
          { expect: { response: "init" }, as: "init", success: true, check: "server.handshake.initialize-answered" },
          { assert: "init", equals: { "/result/data/server_info/name": "conform-fixture" }, check: "server.mine.named" },
          { assert: "init", equals: { "/result/data/server_info/version": "2.0.0" }, check: "server.mine.versioned" },
        ],
      },
      {
        id: "mine.typo",
        title: "A step that sends what it did not mean to",
        steps: [
          { send: { initialize: {}, id: "init" } },
          { expect: { response: "init" }, success: true, check: "server.handshake.initialize-answered" },
          { send: { request: "session/rename", id: "rename", params: { session_id: "s1" } } },
          { expect: { response: "rename" }, success: true, check: "server.mine.named" },
        ],
      },
    ],
  }),
  "mine.json",
);

describe("a run with the user's own scenario file", () => {
  it("runs its scenarios after the shipped ones, with its own requirements; --scenario picks which", async () => {
    const transcripts = join(work, "transcripts");
    const report = await runConformance({ role: "server", command: fixture(), scenarioFiles: [MINE], scenarios: ["mine.identity", "mine.typo"], transcripts });
    const rows = report.checks.filter((check) => check.scenario !== "discovery").map((check) => [check.scenario, check.id, check.status, check.tier, check.message]);
    expect(rows.filter(([scenario]) => scenario === "mine.identity").slice(0, 3)).toEqual([
      ["mine.identity", "server.handshake.initialize-answered", "pass", "required", "answered with success"],
      ["mine.identity", "server.mine.named", "pass", "advisory", "/result/data/server_info/name as expected"],
      ["mine.identity", "server.mine.versioned", "fail", "required", '/result/data/server_info/version is "1.0.0", expected "2.0.0"'],
    ]);
    // A frame the validators refuse, not marked "invalid": the scenario is wrong, and says so.
    expect(rows.find(([scenario, id]) => scenario === "mine.typo" && id === "server.mine.named")).toEqual([
      "mine.typo",
      "server.mine.named",
      "skip",
      "advisory",
      'not run: step 3 sends a frame that is not a valid ClientMessage (/params/new_title: missing required field): the scenario is wrong, or the step needs "invalid": true',
    ]);
    expect(report.summary.scenarios).toBe(2);
    expect(new Set(report.checks.map((check) => check.scenario))).toEqual(new Set(["discovery", "mine.identity", "mine.typo"]));
    expect(readFileSync(join(transcripts, "mine.identity.ndjson"), "utf8").split("\n")[0]).toMatch(/^\{"direction":"client","message":\{"type":"request","id":"init","method":"initialize"/);
    expect(existsSync(join(transcripts, "mine.identity.stderr.txt"))).toBe(true);
    expect(existsSync(join(transcripts, "discovery.ndjson"))).toBe(true);
  });

  it("is listed with the shipped scenarios, and its requirements with the registry's", () => {
    const listing = listConformance("server", { scenarioFiles: [MINE] });
    expect(listing.scenarios.at(-1)).toEqual({ id: "mine.typo", title: "A step that sends what it did not mean to", source: "mine.json", requires: { methods: [] }, checks: ["server.handshake.initialize-answered", "server.mine.named"] });
    expect(listing.requirements.map((requirement) => requirement.id)).toContain("server.mine.versioned");
    expect(listing.scenarios.find((scenario) => scenario.id === "server.turn.ask-user")).toMatchObject({ requires: { methods: ["session/bootstrap", "turn/submit", "ask_user/request"], turn_prompt: "ask_user" } });
    expect(listing.scenarios.find((scenario) => scenario.id === "server.params.invalid")).toMatchObject({ method: { pick: "session-id-params" } });
  });
});

describe("options that cannot run", () => {
  it.each([
    ["an unknown scenario", { scenarios: ["server.nowhere"] }, 'no scenario has the id "server.nowhere" (--list shows them)'],
    ["a role that does not exist", { role: JSON.parse('"host"') }, '"host" is no role: the role is "server" or "client"'],
    ["turn prompts for the client role", { role: "client" as const, turnPrompts: { ask_user: "ask" } }, "turn prompts are for the server role: the kit drives a client under test with its own server requests"],
    ["a replay with the server role", { replay: RECORDING }, "a replay plays a recorded server to a client: it is for the client role"],
    ["a replay with scenarios", { role: "client" as const, replay: RECORDING, scenarios: ["client.handshake.default"] }, "a replay plays the recording alone: it takes no scenarios or scenario files"],
    ["a baseline naming a scenario of no replay", { role: "client" as const, replay: RECORDING, baseline: parseBaseline('{"expected_failures":[{"id":"client.handshake.version","scenario":"client.handshake.default","reason":"r"}]}', "b.json") }, "b.json: no scenario has the id client.handshake.default"],
    ["an unknown turn prompt kind", { turnPrompts: JSON.parse('{"shell":"ls"}') }, "shell is not a turn prompt kind (ask_user, permission, mcp_trust)"],
    ["a timeout of zero", { timeoutMs: 0 }, "timeoutMs must be a positive number"],
    ["a limit that is no whole number", { limits: { lineBytes: 1.5 } }, "limits.lineBytes must be a positive whole number"],
    ["a scenario id the kit ships", { scenarioFiles: [parseScenarioFile('{"role":"server","scenarios":[{"id":"server.handshake.default","title":"t","steps":[{"send":{"initialize":{},"id":"i"}}]}]}', "dup.json")] }, "dup.json: scenario id server.handshake.default is used by scenarios/server/handshake.json already"],
  ])("%s is a usage error, before anything starts", async (_name, options, message) => {
    await expect(runConformance({ role: "server", command: ["/nonexistent/server"], ...options })).rejects.toThrow(new ConformanceUsageError(message));
  });

  it("a transcripts folder that cannot be made is a usage error, before anything starts", async () => {
    const file = join(work, "a-file");
    writeFileSync(file, "");
    await expect(runConformance({ role: "server", command: ["/nonexistent/server"], transcripts: join(file, "transcripts") })).rejects.toThrow(/^cannot make the transcripts folder .*a-file\/transcripts: ENOTDIR/);
  });
});
