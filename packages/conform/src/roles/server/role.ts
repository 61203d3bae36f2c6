import type { JsonValue } from "@app-server-protocol/validators";
import dispatch from "../../../scenarios/server/dispatch.json" with { type: "json" };
import handshake from "../../../scenarios/server/handshake.json" with { type: "json" };
import messages from "../../../scenarios/server/messages.json" with { type: "json" };
import turns from "../../../scenarios/server/turns.json" with { type: "json" };
import { Findings } from "../../judge/findings.js";
import { ServerFrameJudge } from "../../judge/server-frames.js";
import type { CheckResult } from "../../model.js";
import { ScenarioChecks } from "../../report/scenario-checks.js";
import { perFrameRequirements } from "../../requirements.js";
import { scenarioChecks, type Scenario } from "../../scenario/model.js";
import { runOnPeer } from "../peer-run.js";
import type { Discovery, Role, RunContext } from "../role.js";
import { notRunning, roleDocuments, scenarioOf, type NotRunning, type ScenarioOf } from "../role-parts.js";
import type { Captured } from "../steps.js";
import { declarationsOf, type Declarations } from "./declarations.js";
import { ServerEngine } from "./engine.js";
import { namedMethod, pickMethod, type Picked } from "./picks.js";

/** The scenario id of the discovery run, in the report and as its transcript's name. */
export const DISCOVERY = "discovery";

const ALL_CAPABILITIES = {
  streaming: true,
  experimental_methods: true,
  persistent_goals: true,
  interactive_questions: { single_select: true, multi_select: true, free_text: true, previews: true, annotations: true, special_outcomes: true },
};

// The discovery is a scenario like the others: initialize with every capability on, so that every method the server has is declared.
const DISCOVERY_DOCUMENT: JsonValue = {
  role: "server",
  scenarios: [
    {
      id: DISCOVERY,
      title: "initialize with every capability on, to read the server's declarations",
      steps: [
        { send: { initialize: { capabilities: ALL_CAPABILITIES }, id: "discovery" } },
        { expect: { response: "discovery" }, as: "init", success: true, check: "server.handshake.initialize-answered" },
        { assert: "init", handshake: "lists-in-registry", check: "server.handshake.lists-in-registry" },
        { assert: "init", handshake: "experimental-filtered", check: "server.handshake.experimental-filtered" },
      ],
    },
  ],
};

const SHIPPED_DOCUMENTS: readonly (readonly [string, JsonValue])[] = [
  ["scenarios/server/handshake.json", handshake],
  ["scenarios/server/dispatch.json", dispatch],
  ["scenarios/server/messages.json", messages],
  ["scenarios/server/turns.json", turns],
];

const DOCUMENTS = roleDocuments("server", SHIPPED_DOCUMENTS, DISCOVERY_DOCUMENT);

interface Ran {
  readonly checks: readonly CheckResult[];
  readonly captures: ReadonlyMap<string, Captured>;
}

/** Runs a scenario's steps against a fresh server, then judges the process, writes the transcript, and reports every check. */
async function runOnConnection(scenario: ScenarioOf<"server">, method: Picked | undefined, context: RunContext): Promise<Ran> {
  const checks = new ScenarioChecks(scenario.id, context.requirementOf);
  const findings = new Findings(perFrameRequirements("server"));
  const judge = new ServerFrameJudge(findings);
  const captures = await runOnPeer({
    scenario: scenario.id,
    role: "server",
    context,
    observer: judge,
    findings,
    checks,
    checkIds: scenarioChecks(scenario),
    startFailureRejects: scenario.id === DISCOVERY,
    drive: (connection) => new ServerEngine(connection, judge, checks, { timeoutMs: context.timeoutMs, turnPrompts: context.turnPrompts, ...(method === undefined ? {} : { method }) }).run(scenario.steps),
  });
  return { checks: checks.results(), captures: captures ?? new Map() };
}

/** Why the scenario cannot run against these declarations: skipped (the server lacks what it needs) or blocked (the declarations are unknown). */
function unmet(scenario: Scenario, discovery: Discovery<Declarations>, context: RunContext): NotRunning | { readonly method: Picked | undefined } {
  const prompt = scenario.requires.turnPrompt;
  if (prompt !== undefined && context.turnPrompts[prompt] === undefined) return { skip: `needs --turn-prompt ${prompt}=TEXT, a prompt that makes the server send the request` };
  const declarations = discovery.declarations;
  const needsDeclarations = scenario.requires.methods.length > 0 || scenario.method !== undefined;
  if (declarations === undefined) return needsDeclarations ? { blocked: `the server's declarations are unknown (${discovery.failure ?? "the discovery failed"})` } : { method: undefined };
  const missing = scenario.requires.methods.find((method) => !declarations.methods.has(method));
  if (missing !== undefined) return { skip: `the server does not declare ${missing}` };
  const method = scenario.method;
  if (method === undefined) return { method: undefined };
  if ("fixed" in method) {
    if (!declarations.methods.has(method.fixed)) return { skip: `the server does not declare ${method.fixed}` };
    return { method: namedMethod(method.fixed) };
  }
  const picked = pickMethod(method.pick, declarations);
  return "none" in picked ? { skip: picked.none } : { method: picked };
}

/** The server role: the kit plays the client (README "The server role"). */
export const SERVER_ROLE: Role<Declarations> = {
  name: "server",
  shipped: DOCUMENTS.shipped,
  async discover(context) {
    const { checks, captures } = await runOnConnection(DOCUMENTS.discovery(), undefined, context);
    const response = captures.get("init")?.value;
    const answered = checks.find((check) => check.id === "server.handshake.initialize-answered");
    if (response === undefined || answered?.status !== "pass") return { checks, declarations: undefined, failure: answered?.message ?? "no answer to initialize" };
    const declarations = declarationsOf(response);
    return { checks, declarations, ...(declarations.info === undefined ? {} : { peer: declarations.info }) };
  },
  async run(scenario, discovery, context) {
    const verdict = unmet(scenario, discovery, context);
    if ("method" in verdict) return (await runOnConnection(scenarioOf("server", scenario), verdict.method, context)).checks;
    return notRunning(scenario, verdict, context);
  },
};
