// The self-contained report page: the transcript as a timeline in two
// columns (who wrote each line), requests with the line of their answer,
// questions as cards, and every finding at its line. No scripts, no
// external assets.
import { envelopeLine } from "../app-server/envelope-line.js";
import type { Finding } from "../findings.js";
import { detectedFraming, type Framing } from "../framing.js";
import { answerCard, questionCards } from "./question-card.js";
import { escapeHtml, field, prettyJson, textField } from "./html.js";
import { columnOf, sideReader, type Side } from "./sides.js";
import { PAGE_STYLE } from "./style.js";

/** One line of the transcript as the page shows it. */
export interface TranscriptLine {
  readonly line: number;
  readonly text: string;
  /** Why the line is withheld, when `redact` withheld it: its text is then the placeholder, and its findings' messages are not shown. */
  readonly withheld?: string;
}

interface Entry extends TranscriptLine {
  readonly value: unknown;
  readonly side: Side | undefined;
}

function parsedValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The message of a line: inside a direction wrapper, or the line itself. */
function messageOf(value: unknown): unknown {
  return envelopeLine(value).message;
}

/** What pairs a question with its answer: the envelope id (app-server), or the request id (stream-JSON). */
function correlationKey(line: unknown): { readonly asks?: string | undefined; readonly answers?: string | undefined } {
  const value = messageOf(line);
  const type = textField(value, "type");
  const event = field(value, "event");
  if (type === "request") return { asks: textField(value, "id") };
  if (type === "response") return { answers: textField(value, "id") };
  if (type === "stream_event" && textField(event, "type") === "server_request") return { asks: textField(event, "request_id") };
  if (type === "server_response") return { answers: textField(value, "request_id") };
  return {};
}

/** The params of the question a line asks, when it asks one. */
function askedQuestion(line: unknown): unknown {
  const value = messageOf(line);
  const event = field(value, "event");
  if (textField(value, "type") === "request" && textField(value, "method") === "ask_user/request") return field(value, "params");
  if (textField(value, "type") === "stream_event" && textField(event, "method") === "ask_user/request") return field(event, "params");
  return undefined;
}

/** The answer payload a line carries: a response's success data, or a host's `response`. */
function answerPayload(line: unknown): unknown {
  const value = messageOf(line);
  if (textField(value, "type") === "server_response") return field(value, "response");
  return field(field(value, "result"), "data");
}

function title(entry: Entry): string {
  if (entry.withheld !== undefined) return `withheld (${entry.withheld})`;
  const { value } = entry;
  if (value === undefined) return "not JSON";
  const message = messageOf(value);
  const event = field(message, "event");
  const parts = [textField(message, "type") ?? "(no type)", textField(message, "method") ?? textField(event, "method") ?? textField(event, "type"), textField(message, "id") ?? textField(message, "request_id") ?? textField(event, "request_id")];
  return parts.filter((part): part is string => part !== undefined).join(" · ");
}

function findingItem(finding: Finding, withheld: string | undefined): string {
  const path = finding.path === undefined || finding.path === "" ? "" : ` <code>${escapeHtml(finding.path)}</code>`;
  // The message of a finding on a withheld line may quote the line (a parser's message does).
  const message = withheld === undefined ? finding.message : "(not shown: the line is withheld)";
  return `<li class="finding ${finding.severity}"><span class="code">${escapeHtml(finding.code)}</span>${path} ${escapeHtml(message)}</li>`;
}

/** Which line answers each request, and which answers repeat one: the first answer to a request is the one that counts. */
interface Answers {
  /** Request line to the line of its first answer. */
  readonly answeredAt: ReadonlyMap<number, number>;
  /** Line of a repeated answer to the line of the first. */
  readonly repeats: ReadonlyMap<number, number>;
  /** Answer line to the params of the question it answers. */
  readonly questionOf: ReadonlyMap<number, unknown>;
}

function answersOf(entries: readonly Entry[]): Answers {
  const askedAt = new Map<string, Entry>();
  const answeredAt = new Map<number, number>();
  const repeats = new Map<number, number>();
  const questionOf = new Map<number, unknown>();
  for (const entry of entries) {
    const key = correlationKey(entry.value);
    if (key.asks !== undefined) askedAt.set(key.asks, entry);
    const asked = key.answers === undefined ? undefined : askedAt.get(key.answers);
    if (asked === undefined) continue;
    const first = answeredAt.get(asked.line);
    if (first === undefined) answeredAt.set(asked.line, entry.line);
    else repeats.set(entry.line, first);
    questionOf.set(entry.line, askedQuestion(asked.value));
  }
  return { answeredAt, repeats, questionOf };
}

function messageItem(entry: Entry, answers: Answers, lineFindings: readonly Finding[]): string {
  const answer = answers.answeredAt.get(entry.line);
  const repeated = answers.repeats.get(entry.line);
  const asked = askedQuestion(entry.value);
  const question = answers.questionOf.get(entry.line);
  const column = entry.side === undefined ? "" : ` from-${columnOf(entry.side)}`;
  return [
    `<li class="message${column}${lineFindings.length > 0 ? " has-findings" : ""}" id="line-${entry.line}">`,
    `<div class="head"><a class="line" href="#line-${entry.line}">${entry.line}</a>`,
    entry.side === undefined ? "" : ` <span class="side">${escapeHtml(entry.side)}</span>`,
    ` <span class="title">${escapeHtml(title(entry))}</span>`,
    answer === undefined ? "" : ` <a class="answered" href="#line-${answer}">answered at line ${answer}</a>`,
    repeated === undefined ? "" : ` <a class="repeated" href="#line-${repeated}">repeats the answer at line ${repeated}</a>`,
    "</div>",
    asked === undefined ? "" : questionCards(asked),
    question === undefined ? "" : answerCard(question, answerPayload(entry.value)),
    lineFindings.length === 0 ? "" : `<ul class="findings">${lineFindings.map((finding) => findingItem(finding, entry.withheld)).join("")}</ul>`,
    `<details><summary>message</summary><pre>${escapeHtml(entry.value === undefined ? entry.text : (prettyJson(entry.value) ?? entry.text))}</pre></details>`,
    "</li>",
  ].join("");
}

/**
 * The report page of one transcript: every line, in order, on the side of
 * who wrote it, with the findings of that line under it. `framing` places
 * the lines (`auto`: by the first line that is JSON, as `validate` does).
 */
export function reportPage(file: string, lines: readonly TranscriptLine[], findings: readonly Finding[], framing: Framing = "auto"): string {
  const values = lines.map((line) => (line.withheld === undefined ? parsedValue(line.text) : undefined));
  const first = values.find((value) => value !== undefined);
  const sides = sideReader(framing === "auto" ? detectedFraming(first) : framing);
  const entries: Entry[] = lines.map((line, index) => {
    const value = values[index];
    return { ...line, value, side: value === undefined ? undefined : sides.sideOf(value) };
  });
  const answers = answersOf(entries);
  const byLine = new Map<number, Finding[]>();
  for (const finding of findings) byLine.set(finding.line, [...(byLine.get(finding.line) ?? []), finding]);
  const errors = findings.filter((finding) => finding.severity === "error").length;
  const items = entries.map((entry) => messageItem(entry, answers, byLine.get(entry.line) ?? []));
  return [
    "<!doctype html>",
    '<html lang="en"><head><meta charset="utf-8">',
    // No network: the page loads nothing, so a report opens anywhere.
    "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">",
    `<title>${escapeHtml(file)}: transcript report</title><style>${PAGE_STYLE}</style></head><body>`,
    `<header><h1>${escapeHtml(file)}</h1><p class="summary">${entries.length} lines, ${errors} errors, ${findings.length - errors} warnings</p></header>`,
    `<ol class="timeline">${items.join("\n")}</ol>`,
    "</body></html>",
    "",
  ].join("\n");
}
