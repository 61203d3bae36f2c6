import type { JsonValue } from "@app-server-protocol/validators";
import { ClientFrameJudge } from "../../judge/client-frames.js";
import { Findings } from "../../judge/findings.js";
import type { CheckResult, PeerInfo } from "../../model.js";
import type { Connection } from "../../peer/connection.js";
import type { ReceivedFrame } from "../../peer/inbox.js";
import type { RecordedFrame, ReplayRecording } from "../../replay-recording.js";
import { ScenarioChecks } from "../../report/scenario-checks.js";
import { perFrameRequirements } from "../../requirements.js";
import { excerpt, isJsonObject, jsonEqual, member, stringMember } from "../../support/json.js";
import { runOnPeer } from "../peer-run.js";
import type { RunContext } from "../role.js";
import { Abort, StepState } from "../steps.js";
import { readAnswer } from "./answers.js";
import { clientDeclarationsOf } from "./declarations.js";
import { KitServer } from "./kit-server.js";

/** The scenario id of a replay, in the report and as its transcript's name. */
export const REPLAY = "replay";

const REQUESTS_RECORDED = "client.replay.requests-recorded";
const REQUESTS_SENT = "client.replay.requests-sent";

/** The checks of the client's answer to a server request, by method. */
const ANSWER_CHECKS = new Map<string, readonly [answered: string, valid: string]>([
  ["ask_user/request", ["client.ask-user.answered", "client.ask-user.answer-valid"]],
  ["permission/request", ["client.permission.answered", "client.permission.answer-valid"]],
  ["mcp_trust/request", ["client.mcp-trust.answered", "client.mcp-trust.answer-valid"]],
]);

/** A request of the recording's client, and the live request matched to it. */
interface RecordedRequest {
  readonly frame: RecordedFrame;
  readonly method: string;
  liveId?: string;
}

/**
 * Matches the live client's requests to the recording's as they come: a
 * request takes the first unmatched recorded request of its method with
 * equal params, else the first unmatched one of its method (the difference
 * is reported); one the recording lacks is answered by the kit's own
 * server and reported.
 */
class RequestMatcher {
  private readonly requests: RecordedRequest[];
  /** The recorded request each live request (by its place) was matched to. */
  private readonly matched = new Map<number, RecordedRequest>();
  private readonly server = new KitServer();
  private readonly mismatches: string[] = [];
  private initialize: JsonValue | undefined;

  constructor(recording: ReplayRecording) {
    this.requests = recording.frames.flatMap((frame) => (frame.party === "client" && stringMember(frame.message, "type") === "request" ? [{ frame, method: stringMember(frame.message, "method") ?? "" }] : []));
  }

  /** The client's `initialize`, once it came. */
  get clientInitialize(): JsonValue | undefined {
    return this.initialize;
  }

  onFrame(frame: ReceivedFrame, connection: Connection): void {
    const { value } = frame;
    const id = stringMember(value, "id");
    if (stringMember(value, "type") !== "request" || id === undefined) return;
    const method = stringMember(value, "method") ?? "";
    if (method === "initialize") this.initialize ??= value;
    const candidates = this.requests.filter((request) => request.liveId === undefined && request.method === method);
    const exact = candidates.find((request) => jsonEqual(member(request.frame.message, "params"), member(value, "params")));
    const chosen = exact ?? candidates[0];
    // The kit's own server keeps up with the session (initialized, capabilities) whoever answers.
    const own = this.server.answer(value);
    if (chosen === undefined) {
      this.mismatches.push(`the ${excerpt(method)} request ${excerpt(id)} is not in the recording: the kit answered it as its own server does`);
      if (own !== undefined) connection.send(own);
      return;
    }
    if (exact === undefined) this.mismatches.push(`the ${excerpt(method)} request ${excerpt(id)} has other params than the recording's of line ${chosen.frame.line}`);
    chosen.liveId = id;
    this.matched.set(frame.seq, chosen);
  }

  /** Whether a live frame is the request matched to `recorded`. */
  isMatchOf(frame: ReceivedFrame, recorded: RecordedFrame): boolean {
    return this.matched.get(frame.seq)?.frame === recorded;
  }

  /** The live id of the recorded request with this id, the last before `line`. */
  liveIdOf(recordedId: string | undefined, line: number): string | undefined {
    const recorded = this.requests.filter((request) => request.frame.line < line && stringMember(request.frame.message, "id") === recordedId).at(-1);
    return recorded?.liveId;
  }

  report(checks: ScenarioChecks): void {
    const [first, ...others] = this.mismatches;
    if (first === undefined) checks.pass(REQUESTS_RECORDED, "every request of the client's matched one of the recording's");
    else checks.fail(REQUESTS_RECORDED, others.length === 0 ? first : `${first} (and ${others.length} more)`);
  }
}

/** The checks a recorded frame makes the replay judge. */
function checksOf(frame: RecordedFrame, serverRequests: ReadonlyMap<string, string>): readonly string[] {
  if (frame.party === "server") return [];
  const type = stringMember(frame.message, "type");
  if (type === "request") return [REQUESTS_SENT];
  return type === "response" ? (ANSWER_CHECKS.get(serverRequests.get(stringMember(frame.message, "id") ?? "") ?? "") ?? []) : [];
}

/** Plays the recording's server side on one connection, in the recording's order. */
class ReplayWalk {
  private readonly state: StepState;
  /** The methods of the recorded server requests, by envelope id. */
  private readonly recordedMethods = new Map<string, string>();
  /** The kit's requests, as sent, and where. */
  private readonly sent = new Map<string, { readonly frame: JsonValue; readonly seq: number }>();

  constructor(
    private readonly recording: ReplayRecording,
    private readonly matcher: RequestMatcher,
    private readonly connection: Connection,
    private readonly checks: ScenarioChecks,
    timeoutMs: number,
  ) {
    this.state = new StepState(checks, connection, timeoutMs, "the client");
    for (const { party, message } of recording.frames) {
      const id = stringMember(message, "id");
      if (party === "server" && stringMember(message, "type") === "request" && id !== undefined) this.recordedMethods.set(id, stringMember(message, "method") ?? "");
    }
  }

  async run(): Promise<void> {
    const frames = this.recording.frames;
    for (const [index, frame] of frames.entries()) {
      try {
        if (frame.party === "server") this.play(frame);
        else await this.await(frame, index);
      } catch (error) {
        if (!(error instanceof Abort)) throw error;
        const [current] = checksOf(frame, this.recordedMethods);
        if (current !== undefined) this.checks.fail(current, error.message);
        this.checks.notRun([...new Set(frames.slice(index + 1).flatMap((later) => checksOf(later, this.recordedMethods)))], error.message);
        return;
      }
    }
  }

  /** Sends a recorded frame of the server's: a response under the live id of the request it answers (skipped when that request never came). */
  private play(recorded: RecordedFrame): void {
    const { message } = recorded;
    const type = stringMember(message, "type");
    let frame = message;
    if (type === "response" && isJsonObject(message)) {
      const liveId = this.matcher.liveIdOf(stringMember(message, "id"), recorded.line);
      if (liveId === undefined) return;
      frame = { ...message, id: liveId };
    }
    const sent = this.connection.send(frame);
    if (!sent.ok) throw new Abort(`${sent.reason} before the kit could play line ${recorded.line} of the recording`);
    const id = stringMember(frame, "id");
    if (type === "request" && id !== undefined) this.sent.set(id, { frame, seq: sent.seq });
  }

  /** Waits for what the recorded client sent: the request matched to it, or its answer to a server request the kit played. */
  private async await(recorded: RecordedFrame, index: number): Promise<void> {
    const type = stringMember(recorded.message, "type");
    if (type === "request") {
      const what = `the client's ${excerpt(stringMember(recorded.message, "method"))} request of line ${recorded.line} of the recording`;
      const came = await this.state.awaitFrame((frame) => this.matcher.isMatchOf(frame, recorded), what, { check: REQUESTS_SENT }, index);
      if (came !== undefined) this.checks.pass(REQUESTS_SENT, "the client sent every request of the recording");
      return;
    }
    const id = stringMember(recorded.message, "id");
    const request = id === undefined ? undefined : this.sent.get(id);
    const answerChecks = ANSWER_CHECKS.get(stringMember(request?.frame, "method") ?? "");
    if (request === undefined || answerChecks === undefined) return;
    const [answered, valid] = answerChecks;
    const what = `the client's answer to ${stringMember(request.frame, "method")} ${excerpt(id)} (line ${recorded.line} of the recording)`;
    const came = await this.state.awaitFrame((frame) => stringMember(frame.value, "type") === "response" && stringMember(frame.value, "id") === id && frame.seq > request.seq, what, { check: answered }, index);
    if (came === undefined) {
      this.checks.notRun([valid], `${what} did not come`);
      return;
    }
    this.checks.pass(answered, `${what} came`);
    const reading = readAnswer(request.frame, came.value);
    this.state.record(valid, { ok: reading.ok, message: reading.message });
  }
}

/**
 * Plays a recorded session's server side to a fresh client (README
 * "Replay"): each recorded server frame in its place, after the client
 * frames recorded before it came (its requests matched by method and
 * params, the ids of the recorded responses rewritten to the live ones);
 * every frame of the client's judged as in any scenario.
 */
export async function replayToClient(recording: ReplayRecording, context: RunContext): Promise<{ readonly checks: readonly CheckResult[]; readonly peer?: PeerInfo }> {
  const checks = new ScenarioChecks(REPLAY, context.requirementOf);
  const findings = new Findings(perFrameRequirements("client"));
  const matcher = new RequestMatcher(recording);
  const judge = new ClientFrameJudge(findings, (frame, connection) => matcher.onFrame(frame, connection));
  await runOnPeer({
    scenario: REPLAY,
    role: "client",
    context,
    observer: judge,
    findings,
    checks,
    checkIds: [],
    startFailureRejects: true,
    drive: async (connection) => {
      await new ReplayWalk(recording, matcher, connection, checks, context.timeoutMs).run();
      matcher.report(checks);
    },
  });
  const info = clientDeclarationsOf(matcher.clientInitialize).info;
  return { checks: checks.results(), ...(info === undefined ? {} : { peer: info }) };
}
