import { findMethod, type AskUserQuestionRequest, type AskUserValidationError, type ClientMessage, type MethodDirection, type ServerMessage } from "@app-server-protocol/types";
import { canonicalQuestions, checkAnswer, outcomeFromResponse } from "@app-server-protocol/legacy-shim";
import {
  checkOutcome,
  lexicalFailure,
  validateClientMessage,
  validatedQuestions,
  validateServerMessage,
  type MessageOptions,
  type ValidatedQuestions,
  type ValidationResult,
} from "@app-server-protocol/validators/all";
import type { CheckerOptions, TranscriptChecker } from "../checker.js";
import { failureFinding, lineFinding, quoted, ruleFinding, shown, unanswered, type LineFinding } from "../findings.js";
import { IN_PLACE, own, ownString } from "../json-value.js";
import { QuestionLedger } from "../question-ledger.js";
import { lineFacts } from "../text-facts.js";
import { DispatchRules, type RefusableRequest } from "./dispatch-rules.js";
import { envelopeLine, messageHead, senderOfRequest, type Party } from "./envelope-line.js";
import { RequestBook } from "./request-book.js";

const ASK_USER = "ask_user/request";

/** The registry direction of a request each party sends. */
const REQUEST_DIRECTION: { readonly [P in Party]: MethodDirection } = { client: "client_request", server: "server_request" };

/** A valid `ask_user/request`'s params, to judge its answers against. */
interface AskedQuestion {
  readonly request: AskUserQuestionRequest;
  /** Its canonical questions when they passed spec 4.2, so an answer is not judged against them again. */
  readonly validated: ValidatedQuestions | undefined;
}

/** A request one party sent, pending until the other answers it. */
interface SentRequest extends RefusableRequest {
  readonly method: string;
  /** `method` when protocol 1.0 defines it for the sender, the method an answer's data is checked against: a wrong method is reported once, at its request. */
  readonly knownMethod: string | undefined;
  line: number;
  readonly question: AskedQuestion | undefined;
  /** An answer to this question failed validation: the server owes the re-sent request (spec 4.9 step 4). */
  awaitingResend: boolean;
}

/** A message of either party. */
type Message = ClientMessage | ServerMessage;

/** Where a line's findings go, and what is known of it. */
interface LineContext {
  readonly line: number;
  readonly pathPrefix: string;
  /** The message as read. */
  readonly message: unknown;
  /** The message as the validators passed it; `undefined` when it failed them. */
  readonly valid: Message | undefined;
  readonly findings: LineFinding[];
}

/**
 * The verdict of `checkAnswer(question.request, data)`. Questions that
 * passed spec 4.2 when they were asked are not checked again: only the
 * response and its outcome are.
 */
function answerError(question: AskedQuestion, data: unknown): AskUserValidationError | null {
  if (question.validated === undefined) {
    const checked = checkAnswer(question.request, data, IN_PLACE);
    return checked.ok ? null : checked.error;
  }
  if (data === undefined || data === null) return null;
  const read = outcomeFromResponse(question.request, data, IN_PLACE);
  return read.ok ? checkOutcome(question.validated, read.outcome) : read.error;
}

/**
 * Checks an app-server transcript (spec 1): each line's envelope, params and
 * result by method, the question rules, and the correlation of both
 * parties' requests and responses.
 */
export class AppServerTranscript implements TranscriptChecker {
  /** Requests by sender and envelope id, pending and recently answered: a second answer names the first's line. */
  private readonly sent = new RequestBook<SentRequest>();
  private readonly dispatch = new DispatchRules();
  // The last method found in the registry and its direction: a transcript mostly repeats a few methods, and a comparison costs less than a look-up.
  private lastMethod: string | undefined;
  private lastDirection: MethodDirection | undefined;
  private readonly questions = new QuestionLedger();
  /** The validators' options per writer, made once: a response is checked against the method of the request it answers, which the peer sent. */
  private readonly messageOptions: { readonly [P in Party]: MessageOptions };

  constructor(options: CheckerOptions = {}) {
    const strict = options.strict === true;
    this.messageOptions = {
      client: { strict, methodOf: (id) => this.sent.pending("server", id)?.knownMethod },
      server: { strict, methodOf: (id) => this.sent.pending("client", id)?.knownMethod },
    };
  }

  /** The findings of a line: its parsed value, and its text when the text is to be judged too (what JSON.parse hides). */
  line(line: number, value: unknown, text?: string): LineFinding[] {
    const { message, party: named, pathPrefix, badDirection } = envelopeLine(value);
    const findings: LineFinding[] = [];
    if (badDirection) findings.push(lineFinding(line, "invalid_value", 'must be "client" or "server"', "/direction"));
    const facts = lineFacts(text, value, pathPrefix);
    const wrapperFailure = facts.outside === undefined ? undefined : lexicalFailure(facts.outside);
    if (wrapperFailure !== undefined) findings.push(failureFinding(line, wrapperFailure));
    const { type, id, method } = messageHead(message);
    const direction = type === "response" || method === undefined ? undefined : this.directionOf(method);
    const party = named ?? (type === "response" ? this.responder(id) : senderOfRequest(type, direction));
    const options = facts.inside === undefined ? this.messageOptions[party] : { ...this.messageOptions[party], textFacts: facts.inside };
    const verdict: ValidationResult<Message> = party === "client" ? validateClientMessage(message, options) : validateServerMessage(message, options);
    if (!verdict.ok) findings.push(failureFinding(line, verdict.error, pathPrefix));
    const context = { line, pathPrefix, message, valid: verdict.ok ? verdict.value : undefined, findings };
    if (type === "request" && id !== undefined) this.request(party, id, method ?? "", direction, context);
    else if (type === "response" && id !== undefined) this.response(party, id, context);
    else if (type === "notification") this.notification(message, context);
    return findings;
  }

  end(): LineFinding[] {
    return this.sent.left().sort(([, a], [, b]) => a.line - b.line).map(([id, request]) => unanswered(request.line, `request ${quoted(id)} (${shown(request.method)})`));
  }

  /** The registry direction of `method`; only a method of the registry is remembered, so an unknown name, however long, is never held on to. */
  private directionOf(method: string): MethodDirection | undefined {
    if (method === this.lastMethod) return this.lastDirection;
    const direction = findMethod(method)?.direction;
    if (direction !== undefined) {
      this.lastMethod = method;
      this.lastDirection = direction;
    }
    return direction;
  }

  /** Who wrote a bare response: the peer of the party whose request has its id. */
  private responder(id: string | undefined): Party {
    if (id !== undefined && this.sent.pending("server", id) !== undefined && this.sent.pending("client", id) === undefined) return "client";
    return "server";
  }

  private request(party: Party, id: string, method: string, direction: MethodDirection | undefined, context: LineContext): void {
    const valid = context.valid;
    // The validators passed a server's request by its method's params type, so these are an `AskUserQuestionRequest`: checking them again would cost a second walk.
    const question = party === "server" && valid?.type === "request" && valid.method === ASK_USER ? this.askedQuestion(valid.params as AskUserQuestionRequest, context) : undefined;
    const pending = this.sent.pending(party, id);
    if (pending === undefined) {
      // An invalid request still counts as sent: its answer is expected.
      const knownMethod = direction === REQUEST_DIRECTION[party] ? method : undefined;
      const sent: SentRequest = { method, knownMethod, line: context.line, question, awaitingResend: false, refusal: undefined, early: undefined };
      this.sent.send(party, id, sent);
      if (question !== undefined) this.questions.asked(question.request.request_id);
      const dispatched = party === "client" ? this.dispatchFindings(id, method, sent, context) : undefined;
      if (dispatched !== undefined && dispatched.length > 0) context.findings.push(...dispatched);
    } else if (pending.awaitingResend && method === ASK_USER && pending.method === ASK_USER) {
      pending.awaitingResend = false;
      pending.line = context.line;
      if (pending.question !== undefined) this.questions.asked(pending.question.request.request_id);
    } else {
      context.findings.push(lineFinding(context.line, "duplicate_request_id", `request id ${quoted(id)} is still pending since line ${pending.line}`, `${context.pathPrefix}/id`));
    }
  }

  /** The findings of the dispatch rules (spec 1.7) on a client request just sent. */
  private dispatchFindings(id: string, method: string, sent: SentRequest, context: LineContext): readonly LineFinding[] {
    if (method !== "initialize") return this.dispatch.request(context.line, id, method, sent, context.pathPrefix);
    return this.dispatch.initialize(context.line, context.valid?.type === "request" ? (context.valid.params ?? {}) : undefined);
  }

  /** The params of a valid `ask_user/request` (the message's validators passed them), after checking its questions (spec 4.2). */
  private askedQuestion(request: AskUserQuestionRequest, context: LineContext): AskedQuestion {
    const questions = validatedQuestions(canonicalQuestions(request, IN_PLACE));
    if (!questions.ok) context.findings.push(ruleFinding(context.line, questions.error, `${context.pathPrefix}/params/questions`));
    return { request, validated: questions.ok ? questions.value : undefined };
  }

  private response(party: Party, id: string, context: LineContext): void {
    const peer: Party = party === "client" ? "server" : "client";
    const request = this.sent.pending(peer, id);
    if (request === undefined) {
      // A second answer to a server request is read as the server's when no request with its id is pending: its first answer names it.
      const earlier = this.sent.answeredAt(peer, id) ?? this.sent.answeredAt(party, id);
      const message = earlier === undefined ? `no pending request has id ${quoted(id)}` : `request ${quoted(id)} is already answered at line ${earlier}`;
      context.findings.push(lineFinding(context.line, "unknown_response_id", message, `${context.pathPrefix}/id`));
      return;
    }
    const refused = this.dispatch.answered(context.line, id, request.method, request, context.message, `${context.pathPrefix}/result`);
    if (refused !== undefined) context.findings.push(refused);
    if (request.question === undefined) {
      this.sent.settle(peer, id, context.line);
      return;
    }
    const valid = context.valid !== undefined && this.answerPasses(request.question, context.valid, context);
    this.questions.answered(request.question.request.request_id, valid, context.line);
    if (valid) this.sent.settle(peer, id, context.line);
    else request.awaitingResend = true;
  }

  /** Whether a client's answer to a question passes spec 4.3-4.5; an error result or no data ends the question (spec 4.9 step 6). */
  private answerPasses(question: AskedQuestion, message: Message, context: LineContext): boolean {
    if (message.type !== "response" || message.result.status !== "success") return true;
    const error = answerError(question, message.result.data);
    if (error === null) return true;
    context.findings.push(ruleFinding(context.line, error, `${context.pathPrefix}/result/data`));
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
