import type { JsonValue } from "@app-server-protocol/validators";
import type { Requirement, RoleName } from "../model.js";

/** The server requests a turn prompt (`--turn-prompt KIND=TEXT`) makes the server under test send. */
export type TurnPromptKind = "ask_user" | "permission" | "mcp_trust";

export const TURN_PROMPT_KINDS: readonly TurnPromptKind[] = ["ask_user", "permission", "mcp_trust"];

/**
 * How a scenario chooses the method it calls `$method` from what the
 * server declares (README "Picks"): the first declared method, in the
 * registry's order, that fits.
 */
export type PickRule = "empty-params" | "session-id-params" | "experimental" | "goal";

export const PICK_RULES: readonly PickRule[] = ["empty-params", "session-id-params", "experimental", "goal"];

/** What a scenario needs to run; unmet, it is skipped with the reason. */
export interface ScenarioRequires {
  /** Methods the server must declare in its `InitializeResult`. */
  readonly methods: readonly string[];
  /** The turn prompt (`--turn-prompt`) that must be given. */
  readonly turnPrompt?: TurnPromptKind;
}

/** A JSON Pointer into a frame, and the value (placeholders allowed) it must hold. */
export type PointerValues = readonly (readonly [pointer: string, value: JsonValue])[];

/** What the kit writes to the peer. */
export type SendForm =
  | { readonly form: "initialize"; readonly id: string; readonly protocolVersion?: string; readonly capabilities?: JsonValue; readonly paramsExtra?: JsonValue }
  | { readonly form: "request"; readonly id: string; readonly method: string; readonly params?: JsonValue; readonly paramsExtra?: JsonValue; readonly extra?: JsonValue }
  | { readonly form: "response"; readonly to: string; readonly result: JsonValue }
  | { readonly form: "ask_user_answer"; readonly to: string; readonly answer: "refused" | "answered" }
  | { readonly form: "frame"; readonly frame: JsonValue };

/** Which frame of the peer's an expectation waits for. */
export type Selector = (
  | { readonly kind: "response"; readonly id: string }
  | { readonly kind: "request"; readonly method: string }
  | { readonly kind: "resend"; readonly of: string }
  | { readonly kind: "event"; readonly events: readonly string[] }
  | { readonly kind: "notification"; readonly method: string }
) & {
  /** Only frames holding these values. */
  readonly where: PointerValues;
  /** Only frames that came after this capture. */
  readonly after?: string;
};

/** The names of the code-judged handshake assertions (README "Assertions"). */
export type HandshakeRule = "lists-in-registry" | "experimental-filtered" | "full-lists";

export const HANDSHAKE_RULES: readonly HandshakeRule[] = ["lists-in-registry", "experimental-filtered", "full-lists"];

/** What a frame must be, beyond being the frame expected. */
export type Assertion =
  | { readonly kind: "error"; readonly codes: readonly string[] }
  | { readonly kind: "not_error"; readonly codes: readonly string[] }
  | { readonly kind: "success" }
  | { readonly kind: "equals"; readonly values: PointerValues }
  | { readonly kind: "handshake"; readonly rule: HandshakeRule }
  | { readonly kind: "validation_error" }
  | { readonly kind: "same_request"; readonly as: string };

export type Step =
  | { readonly kind: "send"; readonly send: SendForm; readonly as?: string; readonly invalid: boolean }
  | { readonly kind: "expect"; readonly select: Selector; readonly as?: string; readonly check: string; readonly assertion?: Assertion }
  | { readonly kind: "assert"; readonly frame: string; readonly check: string; readonly assertion: Assertion };

/** One scenario: what it needs, the method it picks, its steps. Run against a fresh peer process. */
export interface Scenario {
  readonly id: string;
  readonly title: string;
  readonly role: RoleName;
  readonly requires: ScenarioRequires;
  /** The method `$method` names: fixed, or picked from the declarations. */
  readonly method?: { readonly fixed: string } | { readonly pick: PickRule };
  readonly steps: readonly Step[];
  /** The file the scenario comes from, as given. */
  readonly source: string;
}

/** A scenario file: its scenarios and the requirements it adds to the registry. */
export interface ScenarioFile {
  readonly source: string;
  readonly role: RoleName;
  readonly requirements: readonly Requirement[];
  readonly scenarios: readonly Scenario[];
}

/** The requirement ids a scenario's steps check, in step order, each once. */
export function scenarioChecks(scenario: Scenario): string[] {
  return [...new Set(scenario.steps.flatMap((step) => (step.kind === "send" ? [] : [step.check])))];
}
