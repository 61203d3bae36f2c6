import { jsonSnapshot, validateServerMessage, type JsonValue } from "@app-server-protocol/validators";
import type { ClientFrameJudge } from "../../judge/client-frames.js";
import type { Connection } from "../../peer/connection.js";
import type { ScenarioChecks } from "../../report/scenario-checks.js";
import type { ClientSendForm, ClientStep } from "../../scenario/model.js";
import { resolveValue, type ValueContext } from "../../scenario/values.js";
import { excerpt, isJsonObject, member, stringMember, withFields } from "../../support/json.js";
import { Abort, StepState, type Captured } from "../steps.js";
import { readAnswer } from "./answers.js";
import { judgeClientAssertion, type ClientAssertionContext } from "./assertions.js";
import { clientSelects, describeClientSelector, kitFrame, KIT_SUBSCRIPTION, serverRequestId } from "./frames.js";

/**
 * Runs a client-role scenario's steps on one connection, in order,
 * recording each step's check into `checks`; the kit plays the server
 * (its answers to the client's own requests are the `KitServer`'s). A
 * client that dies, hangs or closes early ends the run: the step waiting
 * fails, and the checks of the steps after it are "not run". Returns the
 * captures, for the discovery.
 */
export class ClientEngine {
  private readonly state: StepState;
  private readonly values: ValueContext;
  /** The kit's server requests by envelope id, as last sent, and where. */
  private readonly sentRequests = new Map<string, JsonValue>();
  private readonly sentAt = new Map<string, number>();
  private requests = 0;

  constructor(
    private readonly connection: Connection,
    private readonly judge: ClientFrameJudge,
    checks: ScenarioChecks,
    timeoutMs: number,
  ) {
    this.state = new StepState(checks, connection, timeoutMs, "the client");
    this.values = { captures: this.state.capturedValues, turnPrompts: {} };
  }

  async run(steps: readonly ClientStep[]): Promise<ReadonlyMap<string, Captured>> {
    await this.state.run(steps, (step, index) => this.step(step, index));
    return this.state.captures;
  }

  private async step(step: ClientStep, index: number): Promise<void> {
    const state = this.state;
    if (step.kind === "send") {
      const frame = this.frameOf(step.send, index);
      state.capture(step.as, frame, this.send(frame, step.invalid, index));
      return;
    }
    if (step.kind === "assert") {
      state.record(step.check, judgeClientAssertion(step.assertion, state.need(step.frame, index), this.assertionContext()));
      return;
    }
    const { select } = step;
    const answered = select.kind === "response" ? state.need(select.to, index) : undefined;
    const answeredId = stringMember(answered?.value, "id");
    const selectorState = {
      where: select.where.map(([pointer, value]) => [pointer, resolveValue(value, this.values)] as const),
      after: select.after === undefined ? 0 : state.need(select.after, index).seq,
      ...(answered === undefined ? {} : { answers: { id: answeredId, sentAt: this.sentAt.get(answeredId ?? "") ?? answered.seq } }),
    };
    const what = describeClientSelector(select, state.captures);
    const frame = await state.awaitFrame((candidate) => clientSelects(select, candidate, selectorState), what, step, index);
    if (frame === undefined) return;
    state.capture(step.as, frame.value, frame.seq);
    state.record(step.check, step.assertion === undefined ? { ok: true, message: `${what} came` } : judgeClientAssertion(step.assertion, frame, this.assertionContext()));
  }

  private assertionContext(): ClientAssertionContext {
    return { values: this.values, sentRequests: this.sentRequests, firstFrame: this.judge.firstFrame };
  }

  /** The frame a send step writes. */
  private frameOf(send: ClientSendForm, index: number): JsonValue {
    switch (send.form) {
      case "resend": {
        const request = this.state.need(send.of, index).value;
        if (!isJsonObject(request) || request["type"] !== "request") throw new Abort(`step ${index + 1}: capture ${send.of} is no request of the kit's to send again`);
        return { ...request, params: withFields(member(request, "params") ?? {}, { validation_error: resolveValue(send.validationError, this.values) }) };
      }
      case "resolved":
        return this.resolvedEvent(this.state.need(send.answer, index).value, index);
      case "request":
        this.requests += 1;
        return kitFrame(send, this.values, serverRequestId(send.method, this.requests));
      default:
        return kitFrame(send, this.values, "");
    }
  }

  /** The `ask_user_question_resolved` event a server sends after accepting this answer (spec 4.9 step 5). */
  private resolvedEvent(answer: JsonValue, index: number): JsonValue {
    const id = stringMember(answer, "id");
    const request = id === undefined ? undefined : this.sentRequests.get(id);
    const reading = request === undefined ? undefined : readAnswer(request, answer);
    if (reading === undefined) throw new Abort(`step ${index + 1}: the answer ${excerpt(id)} answers no request the kit sent`);
    if (!reading.ok || reading.resolution === undefined) throw new Abort(`step ${index + 1} cannot send the resolution of a refused answer (${reading.message})`);
    const { requestId, outcome } = reading.resolution;
    const written = jsonSnapshot(outcome);
    if (!written.ok) throw new Abort(`step ${index + 1}: the outcome of the answer cannot be written (${written.error.message})`);
    return { type: "notification", method: "stream/event", params: { subscription_id: KIT_SUBSCRIPTION, event: { event: "ask_user_question_resolved", request_id: requestId, outcome: written.value } } };
  }

  /** Writes a frame after judging it as the server's (a frame the validators refuse needs the step's `"invalid": true`); returns its place. */
  private send(frame: JsonValue, invalid: boolean, index: number): number {
    const own = validateServerMessage(frame);
    if (!own.ok && !invalid) throw new Abort(`step ${index + 1} sends a frame that is not a valid ServerMessage (${own.error.message}): the scenario is wrong, or the step needs "invalid": true`);
    const sent = this.connection.send(frame);
    if (!sent.ok) throw new Abort(`${sent.reason} before step ${index + 1} could send its frame`);
    const id = stringMember(frame, "id");
    if (stringMember(frame, "type") === "request" && id !== undefined) {
      this.sentRequests.set(id, frame);
      this.sentAt.set(id, sent.seq);
    }
    return sent.seq;
  }
}
