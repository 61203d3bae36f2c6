import { findMethod } from "@app-server-protocol/types";
import { validateClientMessage, type JsonValue } from "@app-server-protocol/validators";
import type { Connection, ConnectionObserver } from "../peer/connection.js";
import type { ReceivedFrame } from "../peer/inbox.js";
import type { PeerLine } from "../peer/intake.js";
import { excerpt, member, stringMember } from "../support/json.js";
import type { Findings } from "./findings.js";
import { brokenRule, judgeLine, type FrameRules } from "./lines.js";

// The per-frame requirements of the client role (src/requirements.json).
const FRAMES_ONLY = "client.framing.frames-only";
const ENVELOPE_VALID = "client.envelope.valid";
const KNOWN_METHOD = "client.messages.known-method";
const PARAMS_VALID = "client.messages.params-valid";
const UNIQUE_ID = "client.request.unique-id";
const ID_ECHOED = "client.response.id-echoed";
const EXACTLY_ONCE = "client.response.exactly-once";
const RESULT_SHAPE = "client.response.result-shape";
const ERROR_CODE = "client.response.error-code";
const ERROR_MESSAGE = "client.response.error-message";
const RESULT_TYPE = "client.response.result-type";

const RULES: FrameRules = { framesOnly: FRAMES_ONLY, envelope: ENVELOPE_VALID, knownMethod: KNOWN_METHOD, paramsValid: PARAMS_VALID, resultShape: RESULT_SHAPE, errorCode: ERROR_CODE, errorMessage: ERROR_MESSAGE, resultType: RESULT_TYPE };

/** A request the kit sent the client, by envelope id. */
interface ServerRequest {
  readonly method: string;
  /** Sent (or sent again) and not answered since. */
  pending: boolean;
}

/**
 * Judges every line a client under test writes, and the correlation of
 * both sides' requests and responses: the envelope and payload by method
 * (the validators; a response's data by the server request it answers),
 * request ids never reused, every response answering a server request the
 * kit sent, once per send or re-send. Findings go to `findings` under the
 * requirement they break; it never throws on what a peer writes. Each
 * frame, once numbered, goes on to `onFrame` (the kit's answers to the
 * client's requests).
 */
export class ClientFrameJudge implements ConnectionObserver {
  private readonly requestIds = new Set<string>();
  private readonly serverRequests = new Map<string, ServerRequest>();
  private first: ReceivedFrame | undefined;

  constructor(
    private readonly findings: Findings,
    private readonly onFrame: (frame: ReceivedFrame, connection: Connection) => void,
  ) {}

  /** The first frame the client wrote, if it wrote one. */
  get firstFrame(): ReceivedFrame | undefined {
    return this.first;
  }

  kitSent(frame: JsonValue): void {
    const id = stringMember(frame, "id");
    if (stringMember(frame, "type") === "request" && id !== undefined) this.serverRequests.set(id, { method: stringMember(frame, "method") ?? "", pending: true });
  }

  peerLine(line: PeerLine): void {
    judgeLine(line, this.findings, FRAMES_ONLY, (number, value) => this.frame(number, value));
  }

  framed(frame: ReceivedFrame, connection: Connection): void {
    this.first ??= frame;
    this.onFrame(frame, connection);
  }

  /** The method of the kit's request `id`, when it is a server request of protocol 1.0 (the client's answer is validated against it). */
  private serverMethodOf(id: string): string | undefined {
    const method = this.serverRequests.get(id)?.method;
    return method !== undefined && findMethod(method)?.direction === "server_request" ? method : undefined;
  }

  private frame(line: number, value: JsonValue): void {
    this.findings.judge(ENVELOPE_VALID);
    const verdict = validateClientMessage(value, { methodOf: (id) => this.serverMethodOf(id) });
    if (!verdict.ok) this.findings.fail(brokenRule(verdict.error, RULES), `line ${line}: ${verdict.error.message}`);
    const type = stringMember(value, "type");
    if (type === "request") this.request(line, value);
    else if (type === "response") this.response(line, value);
  }

  private request(line: number, value: JsonValue): void {
    for (const id of [KNOWN_METHOD, PARAMS_VALID, UNIQUE_ID]) this.findings.judge(id);
    const id = stringMember(value, "id");
    if (id === undefined) return;
    if (this.requestIds.has(id)) this.findings.fail(UNIQUE_ID, `line ${line}: request id ${excerpt(id)} was used by an earlier request`);
    this.requestIds.add(id);
  }

  private response(line: number, value: JsonValue): void {
    for (const id of [ID_ECHOED, EXACTLY_ONCE, RESULT_SHAPE]) this.findings.judge(id);
    const status = stringMember(member(value, "result"), "status");
    if (status === "error") {
      this.findings.judge(ERROR_CODE);
      this.findings.judge(ERROR_MESSAGE);
    } else if (status === "success") this.findings.judge(RESULT_TYPE);
    const id = stringMember(value, "id");
    if (id === undefined) return;
    const request = this.serverRequests.get(id);
    if (request === undefined) this.findings.fail(ID_ECHOED, `line ${line}: the server sent no request with id ${excerpt(id)}`);
    else if (!request.pending) this.findings.fail(EXACTLY_ONCE, `line ${line}: a second response to server request ${excerpt(id)} (${request.method}) since it was sent`);
    else request.pending = false;
  }
}
