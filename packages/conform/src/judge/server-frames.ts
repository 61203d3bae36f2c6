import { findMethod, type InteractiveQuestionsCapability } from "@app-server-protocol/types";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { canCompleteQuestions, checkQuestions, validateServerMessage, validateType, type JsonValue } from "@app-server-protocol/validators/all";
import type { PeerLine } from "../peer/intake.js";
import { excerpt, member, stringMember } from "../support/json.js";
import type { Findings } from "./findings.js";
import { brokenRule, judgeLine, type FrameRules } from "./lines.js";

// The per-frame requirements of the server role (src/requirements.json).
export const FRAMES_ONLY = "server.framing.frames-only";
export const ENVELOPE_VALID = "server.envelope.valid";
export const KNOWN_METHOD = "server.messages.known-method";
export const PARAMS_VALID = "server.messages.params-valid";
export const ID_ECHOED = "server.response.id-echoed";
export const EXACTLY_ONCE = "server.response.exactly-once";
export const RESULT_SHAPE = "server.response.result-shape";
export const ERROR_CODE = "server.response.error-code";
export const ERROR_MESSAGE = "server.response.error-message";
export const RESULT_TYPE = "server.response.result-type";
export const UNIQUE_SERVER_REQUEST_ID = "server.server-request.unique-id";
export const QUESTIONS_VALID = "server.ask-user.questions-valid";
export const COMPLETABLE = "server.ask-user.completable";

const ASK_USER = "ask_user/request";

const RULES: FrameRules = { framesOnly: FRAMES_ONLY, envelope: ENVELOPE_VALID, knownMethod: KNOWN_METHOD, paramsValid: PARAMS_VALID, resultShape: RESULT_SHAPE, errorCode: ERROR_CODE, errorMessage: ERROR_MESSAGE, resultType: RESULT_TYPE };

/** A request of the server's, by envelope id. */
interface ServerRequest {
  readonly method: string;
  /** The kit has answered it: a later request with its id is a re-send or a reuse. */
  answered: boolean;
}

/**
 * Judges every line a server under test writes, and the correlation of both
 * sides' requests and responses: the envelope and payload by method (the
 * validators, results by the method of the request answered), the question
 * rules and capability of `ask_user/request`, ids echoed, one response per
 * request, server request ids not reused. Findings go to `findings` under
 * the requirement they break. It never throws on what a peer writes.
 */
export class ServerFrameJudge {
  /** The interactive-question capability the kit declared last. */
  capability: InteractiveQuestionsCapability | undefined;
  private readonly pending = new Map<string, string>();
  private readonly answered = new Set<string>();
  private readonly serverRequests = new Map<string, ServerRequest>();

  constructor(private readonly findings: Findings) {}

  /** A frame the kit wrote: a request now awaits its response; a response answers a server request. */
  kitSent(frame: JsonValue): void {
    const type = stringMember(frame, "type");
    const id = stringMember(frame, "id");
    if (id === undefined) return;
    if (type === "request") this.pending.set(id, stringMember(frame, "method") ?? "");
    else if (type === "response") {
      const request = this.serverRequests.get(id);
      if (request !== undefined) request.answered = true;
    }
  }

  /** The method of the server's request `id`, when it is one of protocol 1.0 (the kit's answer is validated against it). */
  serverMethodOf(id: string): string | undefined {
    const method = this.serverRequests.get(id)?.method;
    return method !== undefined && findMethod(method)?.direction === "server_request" ? method : undefined;
  }

  peerLine(line: PeerLine): void {
    judgeLine(line, this.findings, FRAMES_ONLY, (number, value) => this.frame(number, value));
  }

  private frame(line: number, value: JsonValue): void {
    this.findings.judge(ENVELOPE_VALID);
    const verdict = validateServerMessage(value, { methodOf: (id) => this.resultMethod(id) });
    if (!verdict.ok) this.findings.fail(brokenRule(verdict.error, RULES), `line ${line}: ${verdict.error.message}`);
    const type = stringMember(value, "type");
    if (type === "response") this.response(line, value);
    else if (type === "request") this.request(line, value);
    if (type === "request" || type === "notification") {
      this.findings.judge(KNOWN_METHOD);
      this.findings.judge(PARAMS_VALID);
    }
  }

  /** The method a response's data is validated against: the kit's request's, when protocol 1.0 has it as a client request. */
  private resultMethod(id: string): string | undefined {
    const method = this.pending.get(id);
    return method !== undefined && findMethod(method)?.direction === "client_request" ? method : undefined;
  }

  private response(line: number, value: JsonValue): void {
    for (const id of [ID_ECHOED, EXACTLY_ONCE, RESULT_SHAPE]) this.findings.judge(id);
    const result = member(value, "result");
    if (stringMember(result, "status") === "error") {
      this.findings.judge(ERROR_CODE);
      this.findings.judge(ERROR_MESSAGE);
    } else if (stringMember(result, "status") === "success") this.findings.judge(RESULT_TYPE);
    const id = stringMember(value, "id");
    if (id === undefined) return;
    if (this.answered.has(id)) this.findings.fail(EXACTLY_ONCE, `line ${line}: a second response to request ${excerpt(id)}`);
    else if (!this.pending.has(id)) this.findings.fail(ID_ECHOED, `line ${line}: no request of the client has id ${excerpt(id)}`);
    else this.answered.add(id);
  }

  private request(line: number, value: JsonValue): void {
    this.findings.judge(UNIQUE_SERVER_REQUEST_ID);
    const id = stringMember(value, "id");
    const method = stringMember(value, "method") ?? "";
    if (id !== undefined) {
      const earlier = this.serverRequests.get(id);
      const resend = earlier !== undefined && earlier.answered && method === ASK_USER && earlier.method === ASK_USER && member(member(value, "params"), "validation_error") !== undefined;
      if (earlier !== undefined && !resend) this.findings.fail(UNIQUE_SERVER_REQUEST_ID, `line ${line}: request id ${excerpt(id)} was used before (${earlier.method})`);
      this.serverRequests.set(id, { method, answered: false });
    }
    if (method === ASK_USER) this.question(line, member(value, "params"));
  }

  private question(line: number, params: JsonValue | undefined): void {
    const request = validateType("AskUserQuestionRequest", params);
    if (!request.ok) return;
    this.findings.judge(QUESTIONS_VALID);
    this.findings.judge(COMPLETABLE);
    const questions = canonicalQuestions(request.value);
    const error = checkQuestions(questions);
    if (error !== null) {
      this.findings.fail(QUESTIONS_VALID, `line ${line}: ${error.code}: ${error.message}`);
      return;
    }
    const completable = canCompleteQuestions(this.capability, questions);
    if (!completable.ok) this.findings.fail(COMPLETABLE, `line ${line}: ${completable.reason}`);
  }
}
