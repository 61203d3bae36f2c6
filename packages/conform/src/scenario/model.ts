import type { INTERACTIVE_QUESTION_FLAGS, JsonValue } from "@app-server-protocol/validators";
import type { Requirement } from "../model.js";

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

/** A flag of `InteractiveQuestionsCapability` (spec 2.1, 4.6). */
export type InteractiveQuestionFlag = (typeof INTERACTIVE_QUESTION_FLAGS)[number];

/** What a scenario needs to run; unmet, it is skipped with the reason. */
export interface ScenarioRequires {
  /** Server role: methods the server must declare in its `InitializeResult`. */
  readonly methods: readonly string[];
  /** Server role: the turn prompt (`--turn-prompt`) that must be given. */
  readonly turnPrompt?: TurnPromptKind;
  /**
   * Client role: the `interactive_questions` flags the client must declare,
   * in the capability's order: those the file names and those the questions
   * its steps send need to be completable (spec 4.6).
   */
  readonly interactiveQuestions?: readonly InteractiveQuestionFlag[];
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

/**
 * The three kinds of step, in a role's vocabulary: a send (what the kit
 * writes; `as` captures it), an expect (a frame of the peer's to wait for,
 * checked, and judged by the assertion if there is one) and an assert (a
 * captured frame judged).
 */
export type VocabularyStep<Send, Select, Judge> =
  | { readonly kind: "send"; readonly send: Send; readonly as?: string; readonly invalid: boolean }
  | { readonly kind: "expect"; readonly select: Select; readonly as?: string; readonly check: string; readonly assertion?: Judge }
  | { readonly kind: "assert"; readonly frame: string; readonly check: string; readonly assertion: Judge };

/** A step of a server-role scenario (the kit plays the client). */
export type Step = VocabularyStep<SendForm, Selector, Assertion>;

/** What the kit, playing the server, writes to the client under test (README "Client steps"). */
export type ClientSendForm =
  /** A server request; the kit gives it an id (`srv-ask-user-<n>`, `srv-perm-<n>`, `srv-mcp-trust-<n>`, spec 1.8). */
  | { readonly form: "request"; readonly method: string; readonly params: JsonValue; readonly paramsExtra?: JsonValue; readonly extra?: JsonValue }
  | { readonly form: "notification"; readonly method: string; readonly params: JsonValue; readonly paramsExtra?: JsonValue; readonly extra?: JsonValue }
  /** A `stream/event` notification carrying this event. */
  | { readonly form: "event"; readonly event: JsonValue; readonly subscriptionId?: string }
  /** The captured server request again, under its id, with `validation_error` set (spec 4.9 step 4). */
  | { readonly form: "resend"; readonly of: string; readonly validationError: JsonValue }
  /** The `ask_user_question_resolved` event of a captured answer, with the outcome the correlation resolved it to (spec 4.9 step 5). */
  | { readonly form: "resolved"; readonly answer: string }
  | { readonly form: "frame"; readonly frame: JsonValue };

/** Which frame of the client's an expectation waits for. */
export type ClientSelector = (
  /** A request of the client's, of this method. */
  | { readonly kind: "request"; readonly method: string }
  /** The client's response to the captured server request, after the kit last sent it. */
  | { readonly kind: "response"; readonly to: string }
) & {
  readonly where: PointerValues;
  readonly after?: string;
};

/** The code-judged handshake rules of the client role (README "Client steps"). */
export type ClientHandshakeRule = "initialize-first" | "capabilities-valid";

/** Every client handshake rule, in the order the README lists them. */
export const CLIENT_HANDSHAKE_RULES: readonly ClientHandshakeRule[] = ["initialize-first", "capabilities-valid"];

/** What a client's frame must be, beyond being the frame expected. */
export type ClientAssertion =
  | { readonly kind: "equals"; readonly values: PointerValues }
  /** The frame is a response to a server request the server can take: for `ask_user/request` the correlation accepts it (spec 4.3, 4.4); for permission and MCP trust requests a decision of the method's shapes for the request (spec 1.8). */
  | { readonly kind: "answer" }
  | { readonly kind: "handshake"; readonly rule: ClientHandshakeRule };

/** A step of a client-role scenario (the kit plays the server). */
export type ClientStep = VocabularyStep<ClientSendForm, ClientSelector, ClientAssertion>;

interface ScenarioBase {
  readonly id: string;
  readonly title: string;
  readonly requires: ScenarioRequires;
  /** Server role: the method `$method` names: fixed, or picked from the declarations. */
  readonly method?: { readonly fixed: string } | { readonly pick: PickRule };
  /** The file the scenario comes from, as given. */
  readonly source: string;
}

/** One scenario: what it needs, its steps in the vocabulary of its role. Run against a fresh peer process. */
export type Scenario = (ScenarioBase & { readonly role: "server"; readonly steps: readonly Step[] }) | (ScenarioBase & { readonly role: "client"; readonly steps: readonly ClientStep[] });

/** A scenario file: its scenarios and the requirements it adds to the registry. */
export interface ScenarioFile {
  readonly source: string;
  readonly role: Scenario["role"];
  readonly requirements: readonly Requirement[];
  readonly scenarios: readonly Scenario[];
}

/** The requirement ids these steps check, in step order, each once. */
export function stepChecks(steps: readonly (Step | ClientStep)[]): string[] {
  return [...new Set(steps.flatMap((step) => (step.kind === "send" ? [] : [step.check])))];
}

/** The requirement ids a scenario's steps check, in step order, each once. */
export function scenarioChecks(scenario: Scenario): string[] {
  return stepChecks(scenario.steps);
}
