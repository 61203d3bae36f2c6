import type { AskUserValidationError } from "@app-server-protocol/types";
import { validateClientMessage, validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { ServerFrameJudge } from "../../judge/server-frames.js";
import type { Connection } from "../../peer/connection.js";
import type { ScenarioChecks } from "../../report/scenario-checks.js";
import { scenarioChecks, type Scenario, type Step } from "../../scenario/model.js";
import { resolveValue, Unresolved, type ValueContext } from "../../scenario/values.js";
import { atPointer, member } from "../../support/json.js";
import { askUserAnswer, predictedVerdict } from "./answers.js";
import { judgeAssertion, type AssertionContext } from "./assertions.js";
import { describeSelector, idOf, methodOf, requestFrame, selects, type Captured } from "./frames.js";
import type { Picked } from "./picks.js";

/** What a scenario run needs besides the scenario and the connection. */
export interface EngineOptions {
  readonly timeoutMs: number;
  readonly turnPrompts: ValueContext["turnPrompts"];
  /** The method `$method` and `$params` stand for. */
  readonly method?: Picked;
}

/** Why the rest of a scenario cannot run. */
class Abort extends Error {
  override readonly name = "Abort";
  /** The step waiting was not run at all (it needs what an earlier step did not make), as opposed to run and failed. */
  constructor(
    message: string,
    readonly stepRan = true,
  ) {
    super(message);
  }
}

const ASK_USER = "ask_user/request";

/**
 * Runs a server-role scenario's steps on one connection, in order,
 * recording each step's check into `checks`. A peer that dies, hangs or
 * closes early ends the run: the step waiting fails, and the checks of the
 * steps after it are "not run". Returns the captures, for the discovery.
 */
export class ServerEngine {
  private readonly captures = new Map<string, Captured>();
  private readonly sentRequests = new Map<string, JsonValue>();
  private readonly lastAnswers = new Map<string, AskUserValidationError | null | undefined>();
  private readonly answeredAt = new Map<string, number>();
  private readonly takenRequests = new Set<string>();
  private readonly capturedValues = new Map<string, JsonValue>();
  /** Why each capture an expectation was to make was not made. */
  private readonly missing = new Map<string, string>();
  /** Waits in a row that came to nothing: a second one ends the scenario (the peer is taken as hung). */
  private timeouts = 0;
  private readonly values: ValueContext;

  constructor(
    private readonly connection: Connection,
    private readonly judge: ServerFrameJudge,
    private readonly checks: ScenarioChecks,
    private readonly options: EngineOptions,
  ) {
    this.values = { captures: this.capturedValues, turnPrompts: options.turnPrompts, ...(options.method === undefined ? {} : { method: options.method }) };
  }

  async run(scenario: Scenario): Promise<ReadonlyMap<string, Captured>> {
    const steps = scenario.steps;
    for (const [index, step] of steps.entries()) {
      try {
        await this.step(step, index);
      } catch (error) {
        if (!(error instanceof Abort || error instanceof Unresolved)) throw error;
        const reason = error instanceof Unresolved ? `step ${index + 1} cannot be built: ${this.unresolved(error.message)}` : error.message;
        const ran = error instanceof Abort && error.stepRan;
        if (step.kind !== "send") this.checks.fail(step.check, ran ? reason : `not run: ${reason}`);
        this.checks.notRun(scenarioChecks({ ...scenario, steps: steps.slice(index + 1) }), reason);
        break;
      }
    }
    return this.captures;
  }

  /** An unresolved placeholder's reason, with why its capture is missing when it is. */
  private unresolved(message: string): string {
    const name = /^capture "(.*)" /.exec(message)?.[1];
    const why = name === undefined ? undefined : this.missing.get(name);
    return why === undefined ? message : `${message}: ${why}`;
  }

  private capture(name: string | undefined, value: JsonValue, seq: number): void {
    if (name === undefined) return;
    this.captures.set(name, { value, seq });
    this.capturedValues.set(name, value);
  }

  private async step(step: Step, index: number): Promise<void> {
    if (step.kind === "send") {
      const built = this.frameOf(step.send, index);
      this.capture(step.as, built.frame, this.send(built, step.invalid, index));
      return;
    }
    if (step.kind === "assert") {
      this.record(step.check, judgeAssertion(step.assertion, this.need(step.frame, index).value, this.assertionContext()));
      return;
    }
    const { select } = step;
    const resend = select.kind === "resend" ? this.need(select.of, index) : undefined;
    const resendId = idOf(resend);
    const state = {
      where: select.where.map(([pointer, value]) => [pointer, resolveValue(value, this.values)] as const),
      after: select.after === undefined ? 0 : this.need(select.after, index).seq,
      takenRequests: this.takenRequests,
      ...(select.kind === "resend" ? { resend: { id: resendId, method: methodOf(resend), answeredAt: Math.max(resend?.seq ?? 0, this.answeredAt.get(resendId ?? "") ?? 0) } } : {}),
    };
    const what = describeSelector(select, this.captures);
    const awaited = await this.connection.next((frame) => selects(select, frame, state), this.options.timeoutMs);
    if (awaited.kind === "closed") throw new Abort(`${awaited.reason} before ${what} came`);
    if (awaited.kind === "timeout") {
      const reason = `${what} did not come within ${this.options.timeoutMs / 1000} s`;
      this.timeouts += 1;
      if (this.timeouts > 1) throw new Abort(`${reason}, the second wait in a row to come to nothing: the server is taken as hung`);
      // One frame missing is that step's failure; the scenario goes on, and a step needing what it would have captured cannot run.
      this.checks.fail(step.check, reason);
      if (step.as !== undefined) this.missing.set(step.as, `step ${index + 1} waited for it in vain: ${reason}`);
      return;
    }
    this.timeouts = 0;
    const { value, seq } = awaited.frame;
    if (select.kind === "request") {
      const id = idOf({ value, seq });
      if (id !== undefined) this.takenRequests.add(id);
    }
    this.capture(step.as, value, seq);
    this.record(step.check, step.assertion === undefined ? { ok: true, message: `${what} came` } : judgeAssertion(step.assertion, value, this.assertionContext()));
  }

  /** The capture `name`; a step needing one that was not made cannot run. */
  private need(name: string, index: number): Captured {
    const captured = this.captures.get(name);
    if (captured === undefined) throw new Abort(`step ${index + 1} needs capture ${JSON.stringify(name)}, which was not made (${this.missing.get(name) ?? "no step made it"})`, false);
    return captured;
  }

  private record(check: string, verdict: { readonly ok: boolean; readonly message: string }): void {
    if (verdict.ok) this.checks.pass(check, verdict.message);
    else this.checks.fail(check, verdict.message);
  }

  private assertionContext(): AssertionContext {
    return { values: this.values, captures: this.captures, sentRequests: this.sentRequests, lastAnswers: this.lastAnswers };
  }

  /** The frame a send step writes; an answer to an `ask_user/request` also says how the server must judge it. */
  private frameOf(send: Extract<Step, { kind: "send" }>["send"], index: number): { readonly frame: JsonValue; readonly predicted?: AskUserValidationError | null | undefined } {
    switch (send.form) {
      case "initialize":
      case "request":
        return { frame: requestFrame(send, this.values) };
      case "frame":
        return { frame: resolveValue(send.frame, this.values) };
      case "response": {
        const request = this.need(send.to, index);
        const result = resolveValue(send.result, this.values);
        const frame = { type: "response", id: idOf(request) ?? "", result };
        const asked = methodOf(request) === ASK_USER && member(result, "status") === "success";
        return { frame, predicted: asked ? predictedVerdict(member(request?.value, "params"), member(result, "data")) : undefined };
      }
      default: {
        const request = this.need(send.to, index);
        const answer = askUserAnswer(member(request.value, "params"), send.answer);
        if (answer === undefined) throw new Abort(`capture ${send.to} is no ask_user/request the client can answer`);
        return { frame: { type: "response", id: idOf(request) ?? "", result: { status: "success", data: answer.data } }, predicted: answer.predicted };
      }
    }
  }

  /** Writes a frame after judging it as the client's (a frame the validators refuse needs the step's `"invalid": true`); returns its place. */
  private send({ frame, predicted }: { readonly frame: JsonValue; readonly predicted?: AskUserValidationError | null | undefined }, invalid: boolean, index: number): number {
    const own = validateClientMessage(frame, { methodOf: (id) => this.judge.serverMethodOf(id) });
    if (!own.ok && !invalid) throw new Abort(`step ${index + 1} sends a frame that is not a valid ClientMessage (${own.error.message}): the scenario is wrong, or the step needs "invalid": true`);
    const sent = this.connection.send(frame);
    if (!sent.ok) throw new Abort(`${sent.reason} before step ${index + 1} could send its frame`);
    const type = member(frame, "type");
    const id = idOf({ value: frame, seq: sent.seq });
    if (type === "request" && id !== undefined) {
      this.sentRequests.set(id, frame);
      if (member(frame, "method") === "initialize") {
        const capability = validateType("InteractiveQuestionsCapability", atPointer(frame, "/params/capabilities/interactive_questions"));
        this.judge.capability = capability.ok ? capability.value : undefined;
      }
    }
    if (type === "response" && id !== undefined) {
      this.answeredAt.set(id, sent.seq);
      this.lastAnswers.set(id, predicted);
    }
    return sent.seq;
  }
}
