import { findMethod, type AskUserQuestionRequest } from "@app-server-protocol/types";
import { canonicalQuestions, checkAnswer } from "@app-server-protocol/legacy-shim";
import { checkQuestions, validateClientMessage, validateServerMessage, validateType, type ValidationResult } from "@app-server-protocol/validators/all";
import type { CheckerOptions, TranscriptChecker } from "../checker.js";
import { failureFinding, lineFinding, quoted, ruleFinding, unanswered, type LineFinding } from "../findings.js";
import { own, ownString } from "../json-value.js";
import { QuestionLedger } from "../question-ledger.js";
import { envelopeLine, senderOfRequest, type Party } from "./envelope-line.js";

const ASK_USER = "ask_user/request";

/** A request one party sent and the other has not answered yet. */
interface SentRequest {
  readonly method: string;
  line: number;
  /** The params of a valid `ask_user/request`, to judge its answers against. */
  readonly question: AskUserQuestionRequest | undefined;
  /** An answer to this question failed validation: the server owes the re-sent request (spec 4.9 step 4). */
  awaitingResend: boolean;
}

/**
 * Checks an app-server transcript (spec 1): each line's envelope, params and
 * result by method, the question rules, and the correlation of both
 * parties' requests and responses.
 */
export class AppServerTranscript implements TranscriptChecker {
  /** Requests by their envelope id, per sender. */
  private readonly sent: { readonly [P in Party]: Map<string, SentRequest> } = { client: new Map(), server: new Map() };
  private readonly questions = new QuestionLedger();

  constructor(private readonly options: CheckerOptions = {}) {}

  line(line: number, value: unknown): LineFinding[] {
    const { message, party: named, pathPrefix, badDirection } = envelopeLine(value);
    const findings: LineFinding[] = [];
    if (badDirection) findings.push(lineFinding(line, "invalid_value", 'must be "client" or "server"', "/direction"));
    const type = ownString(message, "type");
    const id = ownString(message, "id");
    const party = named ?? (type === "response" ? this.responder(id) : senderOfRequest(message));
    const verdict = this.validate(party, message);
    if (!verdict.ok) findings.push(failureFinding(line, verdict.error, pathPrefix));
    const context = { line, pathPrefix, valid: verdict.ok, findings };
    if (type === "request" && id !== undefined) this.request(party, id, message, context);
    else if (type === "response" && id !== undefined) this.response(party, id, message, context);
    else if (type === "notification") this.notification(message, context);
    return findings;
  }

  end(): LineFinding[] {
    const left = [...this.sent.client.entries(), ...this.sent.server.entries()].sort(([, a], [, b]) => a.line - b.line);
    return left.map(([id, request]) => unanswered(request.line, `request ${quoted(id)} (${request.method})`));
  }

  /** Who wrote a bare response: the peer of the party whose request has its id. */
  private responder(id: string | undefined): Party {
    if (id !== undefined && this.sent.server.has(id) && !this.sent.client.has(id)) return "client";
    return "server";
  }

  private validate(party: Party, message: unknown): ValidationResult<unknown> {
    const strict = this.options.strict === true;
    // A response is checked against the method of the request it answers, which the peer sent.
    if (party === "client") return validateClientMessage(message, { strict, methodOf: (id) => this.knownMethod("server", id) });
    return validateServerMessage(message, { strict, methodOf: (id) => this.knownMethod("client", id) });
  }

  /** The method of a pending request, when protocol 1.0 defines it for its sender: a wrong method is reported once, at its request. */
  private knownMethod(sender: Party, id: string): string | undefined {
    const method = this.sent[sender].get(id)?.method;
    const direction = sender === "client" ? "client_request" : "server_request";
    return method !== undefined && findMethod(method)?.direction === direction ? method : undefined;
  }

  private request(party: Party, id: string, message: unknown, context: LineContext): void {
    const method = ownString(message, "method") ?? "";
    const question = party === "server" && method === ASK_USER && context.valid ? this.askedQuestion(message, context) : undefined;
    const pending = this.sent[party].get(id);
    if (pending === undefined) {
      // An invalid request still counts as sent: its answer is expected.
      this.sent[party].set(id, { method, line: context.line, question, awaitingResend: false });
      if (question !== undefined) this.questions.asked(question.request_id);
    } else if (pending.awaitingResend && method === ASK_USER && pending.method === ASK_USER) {
      pending.awaitingResend = false;
      pending.line = context.line;
      if (pending.question !== undefined) this.questions.asked(pending.question.request_id);
    } else {
      context.findings.push(lineFinding(context.line, "duplicate_request_id", `request id ${quoted(id)} is still pending since line ${pending.line}`, `${context.pathPrefix}/id`));
    }
  }

  /** The params of a valid `ask_user/request`, after checking its questions (spec 4.2). */
  private askedQuestion(message: unknown, context: LineContext): AskUserQuestionRequest | undefined {
    const params = validateType("AskUserQuestionRequest", own(message, "params"));
    if (!params.ok) return undefined;
    const error = checkQuestions(canonicalQuestions(params.value));
    if (error !== null) context.findings.push(ruleFinding(context.line, error, `${context.pathPrefix}/params/questions`));
    return params.value;
  }

  private response(party: Party, id: string, message: unknown, context: LineContext): void {
    const peer: Party = party === "client" ? "server" : "client";
    const request = this.sent[peer].get(id);
    if (request === undefined) {
      context.findings.push(lineFinding(context.line, "unknown_response_id", `no pending request has id ${quoted(id)}`, `${context.pathPrefix}/id`));
      return;
    }
    if (request.question === undefined) {
      this.sent[peer].delete(id);
      return;
    }
    const valid = context.valid && this.answerPasses(request.question, message, context);
    this.questions.answered(request.question.request_id, valid);
    if (valid) this.sent[peer].delete(id);
    else request.awaitingResend = true;
  }

  /** Whether a client's answer to a question passes spec 4.3-4.5; an error result or no data ends the question (spec 4.9 step 6). */
  private answerPasses(question: AskUserQuestionRequest, message: unknown, context: LineContext): boolean {
    const result = own(message, "result");
    if (ownString(result, "status") !== "success") return true;
    const checked = checkAnswer(question, own(result, "data"));
    if (checked.ok) return true;
    context.findings.push(ruleFinding(context.line, checked.error, `${context.pathPrefix}/result/data`));
    return false;
  }

  private notification(message: unknown, context: LineContext): void {
    const event = own(own(message, "params"), "event");
    const requestId = ownString(event, "request_id");
    if (ownString(event, "event") !== "ask_user_question_resolved" || requestId === undefined) return;
    const finding = this.questions.resolved(context.line, requestId, `${context.pathPrefix}/params/event/request_id`);
    if (finding !== undefined) context.findings.push(finding);
  }
}

/** Where a line's findings go, and what is known of it. */
interface LineContext {
  readonly line: number;
  readonly pathPrefix: string;
  /** Whether the line passed the validators. */
  readonly valid: boolean;
  readonly findings: LineFinding[];
}
