import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { applyBaseline, type Baseline } from "./baseline.js";
import { ConformanceUsageError } from "./errors.js";
import type { CheckResult, ConformanceReport, ConformanceSummary, PeerInfo, Requirement, RoleName } from "./model.js";
import type { KitLimits } from "./peer/connection.js";
import { findRequirement, REQUIREMENTS } from "./requirements.js";
import type { ReplayRecording } from "./replay-recording.js";
import { REPLAY } from "./roles/client/replay.js";
import type { Role, RunContext } from "./roles/role.js";
import { CLIENT_ROLE } from "./roles/client/role.js";
import { SERVER_ROLE } from "./roles/server/role.js";
import { scenarioChecks, TURN_PROMPT_KINDS, type InteractiveQuestionFlag, type PickRule, type Scenario, type ScenarioFile, type TurnPromptKind } from "./scenario/model.js";

/** How to run the kit (README "Library use"). */
export interface ConformanceOptions {
  /** The role the implementation under test plays: `server` (the kit is its client) or `client` (the kit is its server). */
  readonly role: RoleName;
  /** The program to start for each scenario, and its arguments. */
  readonly command: readonly string[];
  readonly cwd?: string;
  readonly env?: { readonly [name: string]: string | undefined };
  /** How long each awaited frame may take, in milliseconds (default 10,000). */
  readonly timeoutMs?: number;
  /** Run only these scenarios (by id); every one by default. */
  readonly scenarios?: readonly string[];
  /** More scenarios, from `loadScenarioFile`, run after the shipped ones. */
  readonly scenarioFiles?: readonly ScenarioFile[];
  /** Checks expected to fail (`loadBaseline`). */
  readonly baseline?: Baseline;
  /** A folder to write each scenario's transcript and the peer's stderr to. */
  readonly transcripts?: string;
  /** Server role: how to make the server send each kind of server request from a turn, the prompt to submit. */
  readonly turnPrompts?: { readonly [K in TurnPromptKind]?: string };
  /** How many scenarios run at once: 1 or 2 (default 2). */
  readonly concurrency?: number;
  /** The kit's limits on the peer (defaults: 16 MiB a line, 64 MiB a scenario, 1 MiB of stderr, 1 s to exit). */
  readonly limits?: Partial<KitLimits>;
  /** Client role: play this recorded session's server side (`loadReplay`) instead of the scenarios. */
  readonly replay?: ReplayRecording;
}

/** A scenario as `--list` shows it. */
export interface ListedScenario {
  readonly id: string;
  readonly title: string;
  readonly source: string;
  /** What it needs: server role, `methods` to be declared and a `turn_prompt`; client role, the `interactive_questions` flags to be declared. */
  readonly requires: { readonly methods: readonly string[]; readonly turn_prompt?: TurnPromptKind; readonly interactive_questions?: readonly InteractiveQuestionFlag[] };
  readonly method?: string | { readonly pick: PickRule };
  /** The requirement ids its steps check, in step order. */
  readonly checks: readonly string[];
}

/** Every scenario and requirement of a role (`--list`). */
export interface ConformanceListing {
  readonly role: RoleName;
  readonly scenarios: readonly ListedScenario[];
  readonly requirements: readonly Requirement[];
}

export const DEFAULT_TIMEOUT_MS = 10_000;

const DEFAULT_LIMITS: KitLimits = { lineBytes: DEFAULT_MAX_MESSAGE_BYTES, outputBytes: 64 * 1024 * 1024, stderrBytes: 1024 * 1024, exitGraceMs: 1000 };

const ROLES = new Map<string, Role<unknown>>([
  ["server", SERVER_ROLE],
  ["client", CLIENT_ROLE],
]);

function roleOf(name: RoleName): Role<unknown> {
  const role = ROLES.get(name);
  // A name from outside the type system (a JavaScript caller) is no role.
  if (role === undefined) throw new ConformanceUsageError(`${JSON.stringify(name)} is no role: the role is "server" or "client"`);
  return role;
}

/** The role's shipped scenario files and the given ones, checked to be of the role and to use distinct scenario ids. */
function scenarioFilesOf(role: Role<unknown>, extra: readonly ScenarioFile[]): readonly ScenarioFile[] {
  const files = [...role.shipped(), ...extra];
  const seen = new Map<string, string>();
  for (const file of files) {
    if (file.role !== role.name) throw new ConformanceUsageError(`${file.source} is a scenario file of the ${file.role} role, not of the ${role.name} role`);
    for (const scenario of file.scenarios) {
      const earlier = seen.get(scenario.id);
      if (earlier !== undefined) throw new ConformanceUsageError(`${file.source}: scenario id ${scenario.id} is used by ${earlier} already`);
      seen.set(scenario.id, file.source);
    }
  }
  return files;
}

function requirementsOf(role: RoleName, files: readonly ScenarioFile[]): Requirement[] {
  return [...REQUIREMENTS.filter((requirement) => requirement.role === role), ...files.flatMap((file) => file.requirements)];
}

/**
 * Every scenario (shipped, then those of `scenarioFiles`) and requirement
 * of a role, without starting anything.
 *
 * @example
 * ```ts
 * import { listConformance } from "@app-server-protocol/conform";
 *
 * const listing = listConformance("server");
 * listing.scenarios.some((scenario) => scenario.id === "server.dispatch.before-initialize"); // => true
 * listing.requirements.every((requirement) => requirement.spec.length > 0); // => true
 * ```
 */
export function listConformance(role: RoleName, options: { readonly scenarioFiles?: readonly ScenarioFile[] } = {}): ConformanceListing {
  const files = scenarioFilesOf(roleOf(role), options.scenarioFiles ?? []);
  const scenarios = files.flatMap((file) =>
    file.scenarios.map((scenario): ListedScenario => {
      const method = scenario.method === undefined ? {} : { method: "fixed" in scenario.method ? scenario.method.fixed : { pick: scenario.method.pick } };
      const { methods, turnPrompt, interactiveQuestions } = scenario.requires;
      const requires = { methods, ...(turnPrompt === undefined ? {} : { turn_prompt: turnPrompt }), ...(interactiveQuestions === undefined ? {} : { interactive_questions: interactiveQuestions }) };
      return { id: scenario.id, title: scenario.title, source: scenario.source, requires, ...method, checks: scenarioChecks(scenario) };
    }),
  );
  return { role, scenarios, requirements: requirementsOf(role, files) };
}

function selected(files: readonly ScenarioFile[], ids: readonly string[] | undefined): Scenario[] {
  const all = files.flatMap((file) => file.scenarios);
  if (ids === undefined) return all;
  const unknown = ids.find((id) => !all.some((scenario) => scenario.id === id));
  if (unknown !== undefined) throw new ConformanceUsageError(`no scenario has the id ${JSON.stringify(unknown)} (--list shows them)`);
  return all.filter((scenario) => ids.includes(scenario.id));
}

function checkedBaseline(baseline: Baseline | undefined, scenarios: ReadonlySet<string>, known: (id: string) => boolean): void {
  for (const entry of baseline?.entries ?? []) {
    if (!known(entry.id)) throw new ConformanceUsageError(`${baseline?.source ?? "the baseline"}: ${entry.id} is not a requirement of the registry or of a scenario file`);
    const scenario = entry.scenario;
    if (scenario !== undefined && !scenarios.has(scenario)) throw new ConformanceUsageError(`${baseline?.source ?? "the baseline"}: no scenario has the id ${scenario}`);
  }
}

/** What the options ask of this role that it cannot do. */
function roleProblem(role: Role<unknown>, options: ConformanceOptions): string | undefined {
  if (role.name === "client" && Object.keys(options.turnPrompts ?? {}).length > 0) return "turn prompts are for the server role: the kit drives a client under test with its own server requests";
  if (options.replay === undefined) return undefined;
  if (role.replay === undefined) return "a replay plays a recorded server to a client: it is for the client role";
  if (options.scenarios !== undefined || (options.scenarioFiles ?? []).length > 0) return "a replay plays the recording alone: it takes no scenarios or scenario files";
  return undefined;
}

function limitsOf(limits: Partial<KitLimits> | undefined): KitLimits {
  const merged = { ...DEFAULT_LIMITS, ...limits };
  for (const [name, value] of Object.entries(merged)) if (!Number.isSafeInteger(value) || value <= 0) throw new ConformanceUsageError(`limits.${name} must be a positive whole number`);
  return merged;
}

/** Runs `task` over `items`, `width` at a time, each result in its item's place. */
async function inPlaces<T, R>(items: readonly T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      const item = items[index];
      if (item !== undefined) results[index] = await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}

function summaryOf(role: RoleName, scenarios: number, checks: readonly CheckResult[], peer: PeerInfo | undefined): ConformanceSummary {
  const count = (status: CheckResult["status"]) => checks.filter((check) => check.status === status).length;
  return {
    role,
    scenarios,
    checks: checks.length,
    passed: count("pass"),
    failed: count("fail"),
    skipped: count("skip"),
    expected_failures: count("expected_fail"),
    stale: count("stale"),
    advisory_failures: checks.filter((check) => check.status === "fail" && check.tier === "advisory").length,
    ...(peer === undefined ? {} : { peer }),
  };
}

/**
 * Runs the kit against an implementation: the discovery (the peer started
 * once, to read its declarations), then every scenario against a fresh
 * process, two at a time; the report lists each check in scenario order.
 * Rejects with `PeerStartError` when the command cannot be started, and
 * `ConformanceUsageError` when the options ask for what cannot run.
 */
export async function runConformance(options: ConformanceOptions): Promise<ConformanceReport> {
  const role = roleOf(options.role);
  const problem = roleProblem(role, options);
  if (problem !== undefined) throw new ConformanceUsageError(problem);
  const files = scenarioFilesOf(role, options.scenarioFiles ?? []);
  const requirements = new Map(requirementsOf(role.name, files).map((requirement) => [requirement.id, requirement]));
  const scenarioIds = options.replay === undefined ? ["discovery", ...files.flatMap((file) => file.scenarios.map((scenario) => scenario.id))] : [REPLAY];
  checkedBaseline(options.baseline, new Set(scenarioIds), (id) => requirements.has(id));
  const scenarios = selected(files, options.scenarios);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new ConformanceUsageError("timeoutMs must be a positive number");
  const unknownPrompt = Object.keys(options.turnPrompts ?? {}).find((kind) => !TURN_PROMPT_KINDS.some((known) => known === kind));
  if (unknownPrompt !== undefined) throw new ConformanceUsageError(`${unknownPrompt} is not a turn prompt kind (${TURN_PROMPT_KINDS.join(", ")})`);
  if (options.transcripts !== undefined) {
    try {
      process.getBuiltinModule("node:fs").mkdirSync(options.transcripts, { recursive: true });
    } catch (error) {
      throw new ConformanceUsageError(`cannot make the transcripts folder ${options.transcripts}: ${error instanceof Error ? error.message : "failed"}`);
    }
  }
  const context: RunContext = {
    command: options.command,
    cwd: options.cwd,
    env: options.env,
    limits: limitsOf(options.limits),
    timeoutMs,
    turnPrompts: options.turnPrompts ?? {},
    transcripts: options.transcripts,
    requirementOf: (id) => {
      const requirement = requirements.get(id) ?? findRequirement(id);
      if (requirement === undefined) throw new Error(`no requirement ${id}`);
      return requirement;
    },
  };
  const { raw, count, peer } = await played(role, scenarios, options, context);
  const checks = options.baseline === undefined ? raw : applyBaseline(raw, options.baseline);
  return { checks, summary: summaryOf(role.name, count, checks, peer) };
}

/** The checks of the run: the replay's, or the discovery's and every scenario's (two at a time unless `concurrency` is 1). */
async function played(role: Role<unknown>, scenarios: readonly Scenario[], options: ConformanceOptions, context: RunContext): Promise<{ readonly raw: readonly CheckResult[]; readonly count: number; readonly peer: PeerInfo | undefined }> {
  if (options.replay !== undefined && role.replay !== undefined) {
    const replayed = await role.replay(options.replay, context);
    return { raw: replayed.checks, count: 1, peer: replayed.peer };
  }
  const discovery = await role.discover(context);
  const ran = await inPlaces(scenarios, options.concurrency === 1 ? 1 : 2, (scenario) => role.run(scenario, discovery, context));
  return { raw: [...discovery.checks, ...ran.flat()], count: scenarios.length, peer: discovery.peer };
}
