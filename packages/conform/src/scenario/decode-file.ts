import { INTERACTIVE_QUESTION_FLAGS, type JsonValue } from "@app-server-protocol/validators";
import type { Requirement, RoleName, Tier } from "../model.js";
import { findRequirement } from "../requirements.js";
import type { JsonObject } from "../support/json.js";
import { clientStep } from "./decode-client-steps.js";
import { serverStep } from "./decode-steps.js";
import { PICK_RULES, TURN_PROMPT_KINDS, type Scenario, type ScenarioFile, type TurnPromptKind } from "./model.js";
import { flagsNeeded } from "./question-needs.js";
import { arrayAt, choiceAt, DocumentError, mapAt, matching, objectAt, oneOf, optionalString, parseDocument, readDocument, stringAt, under } from "./reader.js";
import type { StepScope } from "./step-parts.js";

/** A scenario file that cannot be used (`--scenario-file`): which file, where in it, and what is wrong. */
export class ScenarioFileError extends Error {
  override readonly name = "ScenarioFileError";
}

/** Scenario ids: lowercase letters, digits, `.`, `_` and `-`, so that each names its transcript file safely. */
export const SCENARIO_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/;
const REQUIREMENT_ID = /^(server|client)\.[a-z0-9-]+\.[a-z0-9-]+$/;
const SPEC_SECTION = /^[0-9]+(\.[0-9]+)*$/;
const TIERS: readonly Tier[] = ["required", "capability", "advisory"];

function requirementAt(value: JsonValue, path: string, role: RoleName): Requirement {
  const entry = objectAt(value, path, ["id", "tier", "spec", "title"], "a requirement");
  const id = matching(entry["id"], under(path, "id"), REQUIREMENT_ID, `a requirement id of the form ${role}.<area>.<rule>`);
  if (!id.startsWith(`${role}.`)) throw new DocumentError(under(path, "id"), `must start with "${role}." in a ${role} scenario file`);
  if (findRequirement(id) !== undefined) throw new DocumentError(under(path, "id"), `${JSON.stringify(id)} is a requirement of the registry already`);
  const spec = arrayAt(entry["spec"], under(path, "spec"), "spec sections", 1).map((section, index) => matching(section, under(under(path, "spec"), index), SPEC_SECTION, 'a spec section such as "1.7"'));
  return { id, role, tier: choiceAt(entry["tier"], under(path, "tier"), TIERS), spec, title: stringAt(entry["title"], under(path, "title")) };
}

function serverRequires(requires: JsonObject, at: string): { methods: string[]; turnPrompt?: TurnPromptKind } {
  objectAt(requires, at, ["methods", "turn_prompt"], "what a server scenario requires");
  const methods = Object.hasOwn(requires, "methods") ? arrayAt(requires["methods"], under(at, "methods"), "method names").map((method, index) => stringAt(method, under(under(at, "methods"), index), "a method name")) : [];
  const turnPrompt = Object.hasOwn(requires, "turn_prompt") ? choiceAt(requires["turn_prompt"], under(at, "turn_prompt"), TURN_PROMPT_KINDS) : undefined;
  return { methods, ...(turnPrompt === undefined ? {} : { turnPrompt }) };
}

function methodAt(object: JsonObject, path: string): Scenario["method"] {
  if (!Object.hasOwn(object, "method")) return undefined;
  const given = object["method"];
  if (typeof given === "string") return { fixed: given };
  const pick = objectAt(given, under(path, "method"), ["pick"], "a method (a name, or {\"pick\": rule})");
  oneOf(pick, under(path, "method"), ["pick"], "a method");
  return { pick: choiceAt(pick["pick"], under(under(path, "method"), "pick"), PICK_RULES) };
}

function serverScenarioAt(object: JsonObject, path: string, base: ScenarioHead, scope: StepScope): Scenario {
  const requiresAt = under(path, "requires");
  const { methods, turnPrompt } = serverRequires(Object.hasOwn(object, "requires") ? mapAt(object["requires"], requiresAt, "what a scenario requires") : {}, requiresAt);
  const method = methodAt(object, path);
  const steps = arrayAt(object["steps"], under(path, "steps"), "steps", 1).map((step, index) => serverStep(step, under(under(path, "steps"), index), { ...scope, hasMethod: method !== undefined }));
  const unrequired = [...scope.turnPrompts].find((kind) => kind !== turnPrompt);
  if (unrequired !== undefined) throw new DocumentError(requiresAt, `the steps use the ${unrequired} turn prompt: add "turn_prompt": "${unrequired}"`);
  return { ...base, role: "server", requires: { methods, ...(turnPrompt === undefined ? {} : { turnPrompt }) }, ...(method === undefined ? {} : { method }), steps };
}

function clientScenarioAt(object: JsonObject, path: string, base: ScenarioHead, scope: StepScope): Scenario {
  if (Object.hasOwn(object, "method")) throw new DocumentError(under(path, "method"), "is for scenarios of the server role");
  const requiresAt = under(path, "requires");
  const requires = Object.hasOwn(object, "requires") ? objectAt(object["requires"], requiresAt, ["interactive_questions"], "what a client scenario requires") : {};
  const named = Object.hasOwn(requires, "interactive_questions") ? arrayAt(requires["interactive_questions"], under(requiresAt, "interactive_questions"), "interactive_questions flags").map((flag, index) => choiceAt(flag, under(under(requiresAt, "interactive_questions"), index), INTERACTIVE_QUESTION_FLAGS)) : [];
  const steps = arrayAt(object["steps"], under(path, "steps"), "steps", 1).map((step, index) => clientStep(step, under(under(path, "steps"), index), scope));
  if (scope.turnPrompts.size > 0) throw new DocumentError(under(path, "steps"), "$turn_prompt is for scenarios of the server role");
  const asked = steps.flatMap((step) => (step.kind === "send" && step.send.form === "request" && step.send.method === "ask_user/request" ? flagsNeeded(step.send.params) : []));
  const flags = new Set([...named, ...asked]);
  const interactiveQuestions = INTERACTIVE_QUESTION_FLAGS.filter((flag) => flags.has(flag));
  return { ...base, role: "client", requires: { methods: [], ...(interactiveQuestions.length === 0 ? {} : { interactiveQuestions }) }, steps };
}

/** What every scenario has, whatever its role. */
interface ScenarioHead {
  readonly id: string;
  readonly title: string;
  readonly source: string;
}

function scenarioAt(value: JsonValue, path: string, role: RoleName, source: string, knownCheck: (id: string) => boolean): Scenario {
  const object = objectAt(value, path, ["id", "title", "requires", "method", "steps", "note"], "a scenario");
  const id = matching(object["id"], under(path, "id"), SCENARIO_ID, "a scenario id (lowercase letters, digits, . _ -)");
  const title = stringAt(object["title"], under(path, "title"));
  optionalString(object, "note", path);
  const scope: StepScope = { captures: new Set(), requestIds: new Set(), hasMethod: false, turnPrompts: new Set(), knownCheck };
  const base = { id, title, source };
  return role === "server" ? serverScenarioAt(object, path, base, scope) : clientScenarioAt(object, path, base, scope);
}

/** Decodes a scenario file's JSON value; throws a `DocumentError` at the first problem. */
export function scenarioDocument(value: JsonValue, source: string): ScenarioFile {
  const document = objectAt(value, "", ["$schema", "role", "requirements", "scenarios"], "a scenario file");
  optionalString(document, "$schema", "");
  const role = choiceAt(document["role"], "/role", ["server", "client"] as const);
  const requirements = Object.hasOwn(document, "requirements") ? arrayAt(document["requirements"], "/requirements", "requirements").map((entry, index) => requirementAt(entry, under("/requirements", index), role)) : [];
  const own = new Map(requirements.map((requirement) => [requirement.id, requirement]));
  if (own.size !== requirements.length) throw new DocumentError("/requirements", "lists a requirement id twice");
  const knownCheck = (id: string) => own.has(id) || findRequirement(id)?.role === role;
  const scenarios = arrayAt(document["scenarios"], "/scenarios", "scenarios", 1).map((scenario, index) => scenarioAt(scenario, under("/scenarios", index), role, source, knownCheck));
  const ids = new Set<string>();
  scenarios.forEach((scenario, index) => {
    if (ids.has(scenario.id)) throw new DocumentError(under(under("/scenarios", index), "id"), `scenario id ${JSON.stringify(scenario.id)} is used twice`);
    ids.add(scenario.id);
  });
  return { source, role, requirements, scenarios };
}

function fileError(source: string, error: unknown): ScenarioFileError {
  if (error instanceof DocumentError) return new ScenarioFileError(`${source}: ${error.message}`);
  // A file nested deeper than the stack allows is no scenario file either.
  if (error instanceof RangeError) return new ScenarioFileError(`${source}: the document is nested too deeply`);
  throw error;
}

/**
 * Reads a scenario file's text (`source` names it in errors); throws a
 * `ScenarioFileError` that says where and what when it is not a valid one.
 *
 * @example
 * ```ts
 * import { parseScenarioFile } from "@app-server-protocol/conform";
 *
 * const file = parseScenarioFile('{"role":"server","scenarios":[{"id":"mine.session-list","title":"session/list answers","requires":{"methods":["session/list"]},"steps":[{"send":{"initialize":{},"id":"i1"}},{"expect":{"response":"i1"},"success":true,"check":"server.handshake.initialize-answered"}]}]}', "mine.json");
 * file.scenarios.map((scenario) => scenario.id); // => ["mine.session-list"]
 * ```
 */
export function parseScenarioFile(text: string, source: string): ScenarioFile {
  try {
    return scenarioDocument(parseDocument(text), source);
  } catch (error) {
    throw fileError(source, error);
  }
}

/** Reads and decodes the scenario file at `path`; throws a `ScenarioFileError` when it cannot be read or is not a valid one. */
export function loadScenarioFile(path: string): ScenarioFile {
  try {
    return scenarioDocument(parseDocument(readDocument(path)), path);
  } catch (error) {
    throw fileError(path, error);
  }
}
