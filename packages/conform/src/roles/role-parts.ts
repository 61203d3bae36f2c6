import type { JsonValue } from "@app-server-protocol/validators";
import type { CheckResult, RoleName } from "../model.js";
import { ScenarioChecks } from "../report/scenario-checks.js";
import { scenarioDocument } from "../scenario/decode-file.js";
import { scenarioChecks, type Scenario, type ScenarioFile } from "../scenario/model.js";
import type { RunContext } from "./role.js";

/** A scenario of one role. */
export type ScenarioOf<R extends RoleName> = Scenario & { readonly role: R };

function isOf<R extends RoleName>(role: R, scenario: Scenario): scenario is ScenarioOf<R> {
  return scenario.role === role;
}

/** The scenario as one of `role` (the runner gives a role only its own). */
export function scenarioOf<R extends RoleName>(role: R, scenario: Scenario | undefined): ScenarioOf<R> {
  if (scenario === undefined || !isOf(role, scenario)) throw new Error(`${scenario?.id ?? "the discovery"} is no scenario of the ${role} role`);
  return scenario;
}

/** A role's shipped scenario files and discovery scenario, decoded once, when first needed. */
export function roleDocuments<R extends RoleName>(role: R, shipped: readonly (readonly [source: string, document: JsonValue])[], discovery: JsonValue): { readonly shipped: () => readonly ScenarioFile[]; readonly discovery: () => ScenarioOf<R> } {
  let files: readonly ScenarioFile[] | undefined;
  let scenario: ScenarioOf<R> | undefined;
  return {
    shipped: () => (files ??= shipped.map(([source, document]) => scenarioDocument(document, source))),
    discovery: () => (scenario ??= scenarioOf(role, scenarioDocument(discovery, "discovery").scenarios[0])),
  };
}

/** Why a scenario does not run: skipped (the peer lacks what it needs) or blocked (the peer's declarations are unknown). */
export type NotRunning = { readonly skip: string } | { readonly blocked: string };

/** The checks of a scenario that does not run: each skipped, or, when blocked, failed if required and skipped otherwise. */
export function notRunning(scenario: Scenario, why: NotRunning, context: RunContext): readonly CheckResult[] {
  const checks = new ScenarioChecks(scenario.id, context.requirementOf);
  const ids = scenarioChecks(scenario);
  if ("skip" in why) for (const id of ids) checks.skip(id, why.skip);
  else checks.blocked(ids, why.blocked);
  return checks.results();
}
