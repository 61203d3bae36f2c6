import type { JsonValue } from "@app-server-protocol/validators";
import compat from "../../../scenarios/client/compat.json" with { type: "json" };
import handshake from "../../../scenarios/client/handshake.json" with { type: "json" };
import lifecycle from "../../../scenarios/client/lifecycle.json" with { type: "json" };
import questions from "../../../scenarios/client/questions.json" with { type: "json" };
import requests from "../../../scenarios/client/requests.json" with { type: "json" };
import { ClientFrameJudge } from "../../judge/client-frames.js";
import { Findings } from "../../judge/findings.js";
import type { CheckResult } from "../../model.js";
import { ScenarioChecks } from "../../report/scenario-checks.js";
import { perFrameRequirements } from "../../requirements.js";
import { scenarioChecks, type Scenario } from "../../scenario/model.js";
import { runOnPeer } from "../peer-run.js";
import type { Discovery, Role, RunContext } from "../role.js";
import { notRunning, roleDocuments, scenarioOf, type NotRunning, type ScenarioOf } from "../role-parts.js";
import type { Captured } from "../steps.js";
import { clientDeclarationsOf, undeclaredFlag, type ClientDeclarations } from "./declarations.js";
import { ClientEngine } from "./engine.js";
import { KitServer } from "./kit-server.js";
import { replayToClient } from "./replay.js";

/** The scenario id of the discovery run, in the report and as its transcript's name. */
const DISCOVERY = "discovery";

// The discovery is a scenario like the others: the client's initialize, answered, to read what it declares.
const DISCOVERY_DOCUMENT: JsonValue = {
  role: "client",
  scenarios: [
    {
      id: DISCOVERY,
      title: "the client's initialize, answered, to read its capabilities",
      steps: [
        { expect: { request: "initialize" }, as: "init", handshake: "initialize-first", check: "client.handshake.initialize-first" },
        { assert: "init", equals: { "/params/protocol_version": "1.0" }, check: "client.handshake.version" },
        { assert: "init", handshake: "capabilities-valid", check: "client.handshake.capabilities-valid" },
      ],
    },
  ],
};

const SHIPPED_DOCUMENTS: readonly (readonly [string, JsonValue])[] = [
  ["scenarios/client/handshake.json", handshake],
  ["scenarios/client/requests.json", requests],
  ["scenarios/client/questions.json", questions],
  ["scenarios/client/lifecycle.json", lifecycle],
  ["scenarios/client/compat.json", compat],
];

const DOCUMENTS = roleDocuments("client", SHIPPED_DOCUMENTS, DISCOVERY_DOCUMENT);

/** The per-frame judge of a client connection, whose requests the kit answers as a server does. */
export function clientJudge(findings: Findings): ClientFrameJudge {
  const server = new KitServer();
  return new ClientFrameJudge(findings, (frame, connection) => {
    const response = server.answer(frame.value);
    // A client gone by now has its end reported by the connection.
    if (response !== undefined) connection.send(response);
  });
}

/** Runs a scenario's steps against a fresh client, then judges the process, writes the transcript, and reports every check. */
async function runOnClient(scenario: ScenarioOf<"client">, context: RunContext): Promise<{ readonly checks: readonly CheckResult[]; readonly captures: ReadonlyMap<string, Captured> }> {
  const checks = new ScenarioChecks(scenario.id, context.requirementOf);
  const findings = new Findings(perFrameRequirements("client"));
  const judge = clientJudge(findings);
  const captures = await runOnPeer({
    scenario: scenario.id,
    role: "client",
    context,
    observer: judge,
    findings,
    checks,
    checkIds: scenarioChecks(scenario),
    startFailureRejects: scenario.id === DISCOVERY,
    drive: (connection) => new ClientEngine(connection, judge, checks, context.timeoutMs).run(scenario.steps),
  });
  return { checks: checks.results(), captures: captures ?? new Map() };
}

/** Why the scenario cannot run against these declarations: skipped (the client lacks a capability it needs) or blocked (the declarations are unknown). */
function unmet(scenario: Scenario, discovery: Discovery<ClientDeclarations>): NotRunning | undefined {
  const flags = scenario.requires.interactiveQuestions ?? [];
  if (flags.length === 0) return undefined;
  const declarations = discovery.declarations;
  if (declarations === undefined) return { blocked: `the client's capabilities are unknown (${discovery.failure ?? "the discovery failed"})` };
  const missing = undeclaredFlag(declarations, flags);
  if (missing === undefined) return undefined;
  return { skip: `the client does not declare interactive_questions.${missing}${declarations.questions === undefined ? " (it declares no interactive_questions)" : ""}, which the scenario's questions need (spec 4.6)` };
}

/** The client role: the kit plays the server (README "The client role"). */
export const CLIENT_ROLE: Role<ClientDeclarations> = {
  name: "client",
  shipped: DOCUMENTS.shipped,
  async discover(context) {
    const { checks, captures } = await runOnClient(DOCUMENTS.discovery(), context);
    const init = captures.get("init");
    if (init === undefined) return { checks, declarations: undefined, failure: checks.find((check) => check.id === "client.handshake.initialize-first")?.message ?? "no initialize came" };
    const declarations = clientDeclarationsOf(init.value);
    return { checks, declarations, ...(declarations.info === undefined ? {} : { peer: declarations.info }) };
  },
  async run(scenario, discovery, context) {
    const verdict = unmet(scenario, discovery);
    if (verdict === undefined) return (await runOnClient(scenarioOf("client", scenario), context)).checks;
    return notRunning(scenario, verdict, context);
  },
  replay: replayToClient,
};
