import type { CheckResult, PeerInfo, Requirement, RoleName } from "../model.js";
import type { KitLimits } from "../peer/connection.js";
import type { ReplayRecording } from "../replay-recording.js";
import type { Scenario, ScenarioFile, TurnPromptKind } from "../scenario/model.js";

/** What every scenario of a run shares: how to start the peer, the limits, the options that shape scenarios. */
export interface RunContext {
  readonly command: readonly string[];
  readonly cwd?: string | undefined;
  readonly env?: { readonly [name: string]: string | undefined } | undefined;
  readonly limits: KitLimits;
  /** How long each awaited frame may take, in milliseconds. */
  readonly timeoutMs: number;
  readonly turnPrompts: { readonly [K in TurnPromptKind]?: string };
  /** The folder transcripts are written to, if any. */
  readonly transcripts?: string | undefined;
  /** The requirement of an id the scenarios check (the registry's, or a scenario file's own). */
  readonly requirementOf: (id: string) => Requirement;
}

/** What the discovery run found out, and its own checks. */
export interface Discovery<D> {
  readonly checks: readonly CheckResult[];
  /** The peer's declarations; `undefined` when the discovery failed (`failure` says why). */
  readonly declarations: D | undefined;
  readonly failure?: string;
  readonly peer?: PeerInfo;
}

/**
 * A role the implementation under test can play, as the runner drives it:
 * its shipped scenarios, a discovery of what the peer declares, and a step
 * engine that runs one scenario against a fresh peer (README "Roles");
 * the client role can also replay a recorded session.
 */
export interface Role<D> {
  readonly name: RoleName;
  /** The scenario files shipped with the kit for this role. */
  shipped(): readonly ScenarioFile[];
  /** Starts the peer once and reads its declarations; rejects with `PeerStartError` when the command cannot be started. */
  discover(context: RunContext): Promise<Discovery<D>>;
  /** Runs one scenario (or skips it, saying why) against a fresh peer; resolves to its checks. */
  run(scenario: Scenario, discovery: Discovery<D>, context: RunContext): Promise<readonly CheckResult[]>;
  /** Plays a recorded session's other side to a fresh peer, as the one scenario of the run; absent when the role cannot. */
  replay?(recording: ReplayRecording, context: RunContext): Promise<{ readonly checks: readonly CheckResult[]; readonly peer?: PeerInfo }>;
}
