import type { JsonValue } from "@app-server-protocol/validators";
import type { Connection } from "../peer/connection.js";
import type { ReceivedFrame } from "../peer/inbox.js";
import type { ScenarioChecks } from "../report/scenario-checks.js";
import { stepChecks, type ClientStep, type Step } from "../scenario/model.js";
import { Unresolved } from "../scenario/values.js";

/** A frame either side wrote, as a step captured it, with its place in the connection's order. */
export interface Captured {
  readonly value: JsonValue;
  readonly seq: number;
}

/** Why the rest of a scenario cannot run. */
export class Abort extends Error {
  override readonly name = "Abort";
  /** The step waiting was not run at all (it needs what an earlier step did not make), as opposed to run and failed. */
  constructor(
    message: string,
    readonly stepRan = true,
  ) {
    super(message);
  }
}

/** The verdict of an assertion: held (what was seen) or failed (why). */
export interface Verdict {
  readonly ok: boolean;
  readonly message: string;
}

/**
 * What the steps of one scenario share, whichever role the kit plays: the
 * captures, why a capture was not made, the checks, and the waits for the
 * peer's frames. A wait that comes to nothing fails its step's check and
 * the scenario goes on; a second one in a row takes the peer as hung and
 * ends it; a peer that is gone ends it at once.
 */
export class StepState {
  readonly captures = new Map<string, Captured>();
  /** The captured frames' values, as placeholders read them. */
  readonly capturedValues = new Map<string, JsonValue>();
  /** Why each capture an expectation was to make was not made. */
  private readonly missing = new Map<string, string>();
  /** Waits in a row that came to nothing. */
  private timeouts = 0;

  constructor(
    readonly checks: ScenarioChecks,
    private readonly connection: Connection,
    private readonly timeoutMs: number,
    /** The peer, in words ("the server", "the client"). */
    private readonly peer: string,
  ) {}

  /**
   * Runs the steps in order with `step`, recording each check into
   * `checks`; an `Abort` or an `Unresolved` placeholder ends the run: the
   * waiting step fails, the checks of the steps after it are "not run".
   */
  async run<S extends Step | ClientStep>(steps: readonly S[], step: (step: S, index: number) => Promise<void>): Promise<void> {
    for (const [index, current] of steps.entries()) {
      try {
        await step(current, index);
      } catch (error) {
        if (!(error instanceof Abort || error instanceof Unresolved)) throw error;
        const reason = error instanceof Unresolved ? `step ${index + 1} cannot be built: ${this.unresolved(error.message)}` : error.message;
        const ran = error instanceof Abort && error.stepRan;
        if (current.kind !== "send") this.checks.fail(current.check, ran ? reason : `not run: ${reason}`);
        this.checks.notRun(stepChecks(steps.slice(index + 1)), reason);
        return;
      }
    }
  }

  /** An unresolved placeholder's reason, with why its capture is missing when it is. */
  private unresolved(message: string): string {
    const name = /^capture "(.*)" /.exec(message)?.[1];
    const why = name === undefined ? undefined : this.missing.get(name);
    return why === undefined ? message : `${message}: ${why}`;
  }

  capture(name: string | undefined, value: JsonValue, seq: number): void {
    if (name === undefined) return;
    this.captures.set(name, { value, seq });
    this.capturedValues.set(name, value);
  }

  /** The capture `name`; a step needing one that was not made cannot run. */
  need(name: string, index: number): Captured {
    const captured = this.captures.get(name);
    if (captured === undefined) throw new Abort(`step ${index + 1} needs capture ${JSON.stringify(name)}, which was not made (${this.missing.get(name) ?? "no step made it"})`, false);
    return captured;
  }

  record(check: string, verdict: Verdict): void {
    if (verdict.ok) this.checks.pass(check, verdict.message);
    else this.checks.fail(check, verdict.message);
  }

  /**
   * The first frame of the peer's that `matches`, waiting at most the
   * timeout; `undefined` when none came in time (the step's check has
   * failed, and its capture is missing). Throws `Abort` when the peer is
   * gone or, on a second wait in a row in vain, taken as hung.
   */
  async awaitFrame(matches: (frame: ReceivedFrame) => boolean, what: string, step: { readonly check: string; readonly as?: string }, index: number): Promise<ReceivedFrame | undefined> {
    const awaited = await this.connection.next(matches, this.timeoutMs);
    if (awaited.kind === "closed") throw new Abort(`${awaited.reason} before ${what} came`);
    if (awaited.kind === "frame") {
      this.timeouts = 0;
      return awaited.frame;
    }
    const reason = `${what} did not come within ${this.timeoutMs / 1000} s`;
    this.timeouts += 1;
    if (this.timeouts > 1) throw new Abort(`${reason}, the second wait in a row to come to nothing: ${this.peer} is taken as hung`);
    this.checks.fail(step.check, reason);
    if (step.as !== undefined) this.missing.set(step.as, `step ${index + 1} waited for it in vain: ${reason}`);
    return undefined;
  }
}
