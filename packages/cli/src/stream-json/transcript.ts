import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { checkOutcome, lexicalFailure, validatedQuestions, validateType, type LexicalFacts, type ProtocolTypeName, type ValidatedQuestions } from "@app-server-protocol/validators/all";
import type { CheckerOptions, TranscriptChecker } from "../checker.js";
import { failureFinding, lineFinding, quoted, ruleFinding, unanswered, type LineFinding } from "../findings.js";
import { IN_PLACE, isJsonObject, own, ownString } from "../json-value.js";
import { QuestionLedger } from "../question-ledger.js";
import { ANSWERS_REMEMBERED, RecentIds } from "../recent-ids.js";
import { lineFacts } from "../text-facts.js";

/** Record types outside the question protocol: they pass without findings (`result` also ends the turn). */
const PASSING_TYPES = new Set(["system", "assistant", "user", "result", "keep_alive", "control_cancel_request"]);

/** What the CLI's `control_response` to a host line may be. */
type ExpectedReply = "any" | "error_for_invalid" | "error_for_unknown";

interface Owed {
  readonly line: number;
  readonly what: string;
}

interface AskedQuestion extends Owed {
  /** The canonical questions when they passed spec 4.2, to judge the answers against without checking them again. */
  readonly questions: ValidatedQuestions | undefined;
}

/**
 * Checks a duplex stream-JSON transcript (spec 5): the CLI's question
 * records, the host's answers against them, the CLI's acknowledgements
 * (spec 5.5), control requests and `can_use_tool` permission callbacks.
 */
export class StreamJsonTranscript implements TranscriptChecker {
  private readonly questions = new QuestionLedger();
  private readonly asked = new Map<string, AskedQuestion>();
  /** Host lines awaiting the CLI's `control_response`, by `request_id`. */
  private readonly replies = new Map<string, Owed & { readonly expected: ExpectedReply }>();
  /** The CLI's `can_use_tool` requests awaiting the host's answer. */
  private readonly permissions = new Map<string, Owed>();
  /** The `can_use_tool` requests the host has answered, the recent ones: a second answer is late (spec 5.6). */
  private readonly answeredPermissions = new RecentIds(ANSWERS_REMEMBERED);

  constructor(private readonly options: CheckerOptions = {}) {}

  /** The findings of a line: its parsed value, and its text when the text is to be judged too (what JSON.parse hides). */
  line(line: number, value: unknown, text?: string): LineFinding[] {
    const findings: LineFinding[] = [];
    const facts = lineFacts(text, value, "").inside;
    const type = own(value, "type");
    const requestId = type === "stream_event" ? ownString(own(value, "event"), "request_id") : ownString(value, "request_id") ?? ownString(own(value, "response"), "request_id");
    const context: LineContext = { line, value, requestId, findings, facts, checked: false };
    if (typeof type !== "string") {
      findings.push(isJsonObject(value) && type === undefined ? lineFinding(line, "missing_field", "missing required field", "/type") : lineFinding(line, "wrong_type", "must be an object with a string type", isJsonObject(value) ? "/type" : ""));
    } else if (type === "stream_event") this.streamEvent(context);
    else if (type === "server_response") this.answer(context);
    else if (type === "control_request") this.controlRequest(context);
    else if (type === "control_response") this.controlResponse(context);
    else if (type === "result") this.endTurn();
    else if (!PASSING_TYPES.has(type)) findings.push(lineFinding(line, "unknown_tag", `unsupported stream-json line type ${quoted(type)}`, "/type"));
    // A line no type validated is still a JSON text the reference reads.
    const textFailure = context.checked || facts === undefined ? undefined : lexicalFailure(facts);
    if (textFailure !== undefined) findings.push(failureFinding(line, textFailure));
    return findings;
  }

  end(): LineFinding[] {
    const owed = [...this.asked.values(), ...this.replies.values(), ...this.permissions.values()].sort((a, b) => a.line - b.line);
    return owed.map(({ line, what }) => unanswered(line, what));
  }

  private conforms(context: LineContext, name: ProtocolTypeName): boolean {
    context.checked = true;
    const strict = this.options.strict === true;
    const checked = validateType(name, context.value, context.facts === undefined ? { strict } : { strict, textFacts: context.facts });
    if (!checked.ok) context.findings.push(failureFinding(context.line, checked.error));
    return checked.ok;
  }

  private streamEvent(context: LineContext): void {
    const event = own(context.value, "event");
    const eventType = ownString(event, "type");
    if (eventType !== "server_request" && eventType !== "server_request_resolved") return;
    const valid = this.conforms(context, "StreamJsonStreamEventRecord");
    const { requestId } = context;
    if (requestId === undefined) return;
    if (eventType === "server_request_resolved") {
      const finding = this.questions.resolved(context.line, requestId, "/event/request_id");
      if (finding !== undefined) context.findings.push(finding);
      this.asked.delete(requestId);
    } else if (this.questions.isPending(requestId)) {
      context.findings.push(lineFinding(context.line, "duplicate_request_id", `question ${quoted(requestId)} is still pending since line ${this.asked.get(requestId)?.line ?? 0}`, "/event/request_id"));
    } else {
      const questions = valid ? this.askedQuestions(own(event, "params"), context) : undefined;
      this.asked.set(requestId, { line: context.line, what: `question ${quoted(requestId)}`, questions });
      this.questions.asked(requestId);
    }
  }

  /** The canonical questions of a question record, after checking them (spec 4.2). */
  private askedQuestions(params: unknown, context: LineContext): ValidatedQuestions | undefined {
    const request = validateType("AskUserQuestionRequest", params);
    if (!request.ok) return undefined;
    const questions = validatedQuestions(canonicalQuestions(request.value, IN_PLACE));
    if (questions.ok) return questions.value;
    context.findings.push(ruleFinding(context.line, questions.error, "/event/params/questions"));
    return undefined;
  }

  private answer(context: LineContext): void {
    const valid = this.conforms(context, "StreamJsonServerResponseLine");
    const { requestId } = context;
    if (requestId === undefined) return;
    const question = this.asked.get(requestId);
    if (question === undefined) {
      const earlier = this.questions.answeredAt(requestId);
      const message = earlier === undefined ? `no pending question has request_id ${quoted(requestId)}` : `question ${quoted(requestId)} is already answered at line ${earlier}`;
      context.findings.push(lineFinding(context.line, "unknown_response_id", message, "/request_id"));
      this.owe(requestId, context.line, "error_for_unknown");
      return;
    }
    const error = valid && question.questions !== undefined ? checkOutcome(question.questions, own(context.value, "response")) : null;
    if (error !== null) context.findings.push(ruleFinding(context.line, error, "/response"));
    const passed = valid && error === null;
    this.questions.answered(requestId, passed, context.line);
    if (passed) this.asked.delete(requestId);
    this.owe(requestId, context.line, passed ? "any" : "error_for_invalid");
  }

  private owe(requestId: string, line: number, expected: ExpectedReply): void {
    this.replies.set(requestId, { line, what: `host line ${quoted(requestId)}`, expected });
  }

  private controlRequest(context: LineContext): void {
    const { requestId } = context;
    if (requestId === undefined) {
      context.findings.push(lineFinding(context.line, "missing_field", "missing required field", "/request_id"));
      return;
    }
    const canUseTool = ownString(own(context.value, "request"), "subtype") === "can_use_tool";
    const pending = canUseTool ? this.permissions : this.replies;
    const earlier = pending.get(requestId);
    if (earlier !== undefined) {
      context.findings.push(lineFinding(context.line, "duplicate_request_id", `control request ${quoted(requestId)} is still pending since line ${earlier.line}`, "/request_id"));
    } else if (canUseTool) {
      this.permissions.set(requestId, { line: context.line, what: `can_use_tool request ${quoted(requestId)}` });
    } else {
      this.replies.set(requestId, { line: context.line, what: `control request ${quoted(requestId)}`, expected: "any" });
    }
  }

  /** A `control_response`: the host's answer to a pending `can_use_tool` request, else the CLI's reply to a host line (spec 5.5). */
  private controlResponse(context: LineContext): void {
    this.conforms(context, "StreamJsonControlResponseLine");
    const { requestId } = context;
    if (requestId === undefined) return;
    if (this.permissions.delete(requestId)) {
      this.answeredPermissions.add(requestId, context.line);
      return;
    }
    // A late answer to a permission the host already answered; the CLI's error reply to it then awaits in `replies`.
    const answeredAt = this.replies.has(requestId) ? undefined : this.answeredPermissions.lineOf(requestId);
    if (answeredAt !== undefined) {
      context.findings.push(lineFinding(context.line, "unknown_response_id", `can_use_tool request ${quoted(requestId)} is already answered at line ${answeredAt}`, "/response/request_id"));
      this.owe(requestId, context.line, "error_for_unknown");
      return;
    }
    const expected = this.replies.get(requestId)?.expected;
    this.replies.delete(requestId);
    if (ownString(own(context.value, "response"), "subtype") !== "success" || expected === "any") return;
    const path = "/response/subtype";
    if (expected === "error_for_invalid") {
      context.findings.push(lineFinding(context.line, "ack_for_invalid_answer", `success acknowledges the answer for ${quoted(requestId)}, which failed validation`, path));
    } else {
      context.findings.push(lineFinding(context.line, "ack_for_unknown_id", `success acknowledges ${quoted(requestId)}, which no pending host line names`, path));
    }
  }

  /** The end of a turn cancels every pending question (spec 5.7). */
  private endTurn(): void {
    this.questions.cancelPending();
    this.asked.clear();
  }
}

/** Where a line's findings go, and what is known of it. */
interface LineContext {
  readonly line: number;
  readonly value: unknown;
  /** The id the line correlates by: a question's, an answer's, a control request's or reply's `request_id`. */
  readonly requestId: string | undefined;
  readonly findings: LineFinding[];
  /** What the line's text says that its value hides, if anything. */
  readonly facts: LexicalFacts | undefined;
  /** Whether a type validated the line (with its facts). */
  checked: boolean;
}
