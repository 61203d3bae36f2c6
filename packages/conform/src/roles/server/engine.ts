import type { AskUserValidationError } from "@app-server-protocol/types";
import { validateClientMessage, validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { ServerFrameJudge } from "../../judge/server-frames.js";
import type { Connection } from "../../peer/connection.js";
import type { ScenarioChecks } from "../../report/scenario-checks.js";
import type { Step } from "../../scenario/model.js";
import { resolveValue, type ValueContext } from "../../scenario/values.js";
import { atPointer, member } from "../../support/json.js";
import { askUserAnswer, predictedVerdict } from "./answers.js";
import { judgeAssertion, type AssertionContext } from "./assertions.js";
import { Abort, StepState, type Captured } from "../steps.js";
import { describeSelector, idOf, methodOf, requestFrame, selects } from "./frames.js";
import type { Picked } from "./picks.js";

/** What a scenario run needs besides the scenario and the connection. */
export interface EngineOptions {
  readonly timeoutMs: number;
  readonly turnPrompts: ValueContext["turnPrompts"];
  /** The method `$method` and `$params` stand for. */
  readonly method?: Picked;
}

const ASK_USER = "ask_user/request";

/**
 * Runs a server-role scenario's steps on one connection, in order,
 * recording each step's check into `checks`. A peer that dies, hangs or
 * closes early ends the run: the step waiting fails, and the checks of the
 * steps after it are "not run". Returns the captures, for the discovery.
 */
export class ServerEngine {
  private readonly sentRequests = new Map<string, JsonValue>();
  private readonly lastAnswers = new Map<string, AskUserValidationError | null | undefined>();
  private readonly answeredAt = new Map<string, number>();
  private readonly takenRequests = new Set<string>();
  private readonly state: StepState;
  private readonly values: ValueContext;

  constructor(
    private readonly connection: Connection,
    private readonly judge: ServerFrameJudge,
    checks: ScenarioChecks,
    private readonly options: EngineOptions,
  ) {
    this.state = new StepState(checks, connection, options.timeoutMs, "the server");
    this.values = { captures: this.state.capturedValues, turnPrompts: options.turnPrompts, ...(options.method === undefined ? {} : { method: options.method }) };
  }

  async run(steps: readonly Step[]): Promise<ReadonlyMap<string, Captured>> {
    await this.state.run(steps, (step, index) => this.step(step, index));
    return this.state.captures;
  }

  private async step(step: Step, index: number): Promise<void> {
    const state = this.state;
    if (step.kind === "send") {
      const built = this.frameOf(step.send, index);
      state.capture(step.as, built.frame, this.send(built, step.invalid, index));
      return;
    }
    if (step.kind === "assert") {
      state.record(step.check, judgeAssertion(step.assertion, state.need(step.frame, index).value, this.assertionContext()));
      return;
    }
    const { select } = step;
    const resend = select.kind === "resend" ? state.need(select.of, index) : undefined;
    const resendId = idOf(resend);
    const selectorState = {
      where: select.where.map(([pointer, value]) => [pointer, resolveValue(value, this.values)] as const),
      after: select.after === undefined ? 0 : state.need(select.after, index).seq,
      takenRequests: this.takenRequests,
      ...(select.kind === "resend" ? { resend: { id: resendId, method: methodOf(resend), answeredAt: Math.max(resend?.seq ?? 0, this.answeredAt.get(resendId ?? "") ?? 0) } } : {}),
    };
    const what = describeSelector(select, state.captures);
    const frame = await state.awaitFrame((candidate) => selects(select, candidate, selectorState), what, step, index);
    if (frame === undefined) return;
    const { value, seq } = frame;
    if (select.kind === "request") {
      const id = idOf({ value, seq });
      if (id !== undefined) this.takenRequests.add(id);
    }
    state.capture(step.as, value, seq);
    state.record(step.check, step.assertion === undefined ? { ok: true, message: `${what} came` } : judgeAssertion(step.assertion, value, this.assertionContext()));
  }

  private assertionContext(): AssertionContext {
    return { values: this.values, captures: this.state.captures, sentRequests: this.sentRequests, lastAnswers: this.lastAnswers };
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
        const request = this.state.need(send.to, index);
        const result = resolveValue(send.result, this.values);
        const frame = { type: "response", id: idOf(request) ?? "", result };
        const asked = methodOf(request) === ASK_USER && member(result, "status") === "success";
        return { frame, predicted: asked ? predictedVerdict(member(request?.value, "params"), member(result, "data")) : undefined };
      }
      default: {
        const request = this.state.need(send.to, index);
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
