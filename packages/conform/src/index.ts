export { applyBaseline, BaselineError, loadBaseline, parseBaseline, type Baseline, type BaselineEntry } from "./baseline.js";
export { conformancePassed, type CheckResult, type CheckStatus, type ConformanceReport, type ConformanceSummary, type PeerInfo, type Requirement, type RoleName, type Tier } from "./model.js";
export type { KitLimits } from "./peer/connection.js";
export { PeerStartError } from "./peer/peer-process.js";
export { loadReplay, parseReplay, ReplayError, type RecordedFrame, type ReplayRecording } from "./replay-recording.js";
export { findRequirement, REQUIREMENTS } from "./requirements.js";
export { ConformanceUsageError } from "./errors.js";
export { DEFAULT_TIMEOUT_MS, listConformance, runConformance, type ConformanceListing, type ConformanceOptions, type ListedScenario } from "./runner.js";
export { loadScenarioFile, parseScenarioFile, ScenarioFileError } from "./scenario/decode-file.js";
export {
  CLIENT_HANDSHAKE_RULES,
  HANDSHAKE_RULES,
  PICK_RULES,
  TURN_PROMPT_KINDS,
  type Assertion,
  type ClientAssertion,
  type ClientHandshakeRule,
  type ClientSelector,
  type ClientSendForm,
  type ClientStep,
  type HandshakeRule,
  type InteractiveQuestionFlag,
  type PickRule,
  type PointerValues,
  type Scenario,
  type ScenarioFile,
  type ScenarioRequires,
  type Selector,
  type SendForm,
  type Step,
  type TurnPromptKind,
  type VocabularyStep,
} from "./scenario/model.js";
