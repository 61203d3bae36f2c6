// The self-contained report page: the transcript as a timeline, requests
// with the line of their answer, questions as cards, and every finding at
// its line. No scripts, no external assets.
import type { Finding } from "../findings.js";
import { answerCard, questionCards } from "./question-card.js";
import { escapeHtml, field, prettyJson, textField } from "./html.js";
import { PAGE_STYLE } from "./style.js";

/** One line of the transcript as read. */
export interface TranscriptLine {
  readonly line: number;
  readonly text: string;
}

interface Parsed {
  readonly line: number;
  readonly text: string;
  readonly value: unknown;
}

function parsed({ line, text }: TranscriptLine): Parsed {
  try {
    return { line, text, value: JSON.parse(text) };
  } catch {
    return { line, text, value: undefined };
  }
}

/** What pairs a question with its answer: the envelope id (app-server), or the request id (stream-JSON). */
function correlationKey(value: unknown): { readonly asks?: string | undefined; readonly answers?: string | undefined } {
  const type = textField(value, "type");
  const event = field(value, "event");
  if (type === "request") return { asks: textField(value, "id") };
  if (type === "response") return { answers: textField(value, "id") };
  if (type === "stream_event" && textField(event, "type") === "server_request") return { asks: textField(event, "request_id") };
  if (type === "server_response") return { answers: textField(value, "request_id") };
  return {};
}

/** The params of the question a line asks, when it asks one. */
function askedQuestion(value: unknown): unknown {
  const event = field(value, "event");
  if (textField(value, "type") === "request" && textField(value, "method") === "ask_user/request") return field(value, "params");
  if (textField(value, "type") === "stream_event" && textField(event, "method") === "ask_user/request") return field(event, "params");
  return undefined;
}

/** The answer payload a line carries: a response's success data, or a host's `response`. */
function answerPayload(value: unknown): unknown {
  if (textField(value, "type") === "server_response") return field(value, "response");
  return field(field(value, "result"), "data");
}

function title(value: unknown): string {
  if (value === undefined) return "not JSON";
  const event = field(value, "event");
  const parts = [textField(value, "type") ?? "(no type)", textField(value, "method") ?? textField(event, "method") ?? textField(event, "type"), textField(value, "id") ?? textField(value, "request_id") ?? textField(event, "request_id")];
  return parts.filter((part): part is string => part !== undefined).join(" · ");
}

function findingItem(finding: Finding): string {
  const path = finding.path === undefined || finding.path === "" ? "" : ` <code>${escapeHtml(finding.path)}</code>`;
  return `<li class="finding ${finding.severity}"><span class="code">${escapeHtml(finding.code)}</span>${path} ${escapeHtml(finding.message)}</li>`;
}

/**
 * The report page of one transcript: every line, in order, with the
 * findings of that line under it.
 */
export function reportPage(file: string, lines: readonly TranscriptLine[], findings: readonly Finding[]): string {
  const entries = lines.map(parsed);
  const askedAt = new Map<string, Parsed>();
  const answeredAt = new Map<number, number>();
  const questionOf = new Map<number, unknown>();
  for (const entry of entries) {
    const key = correlationKey(entry.value);
    if (key.asks !== undefined) askedAt.set(key.asks, entry);
    const asked = key.answers === undefined ? undefined : askedAt.get(key.answers);
    if (asked !== undefined) {
      answeredAt.set(asked.line, entry.line);
      questionOf.set(entry.line, askedQuestion(asked.value));
    }
  }
  const byLine = new Map<number, Finding[]>();
  for (const finding of findings) byLine.set(finding.line, [...(byLine.get(finding.line) ?? []), finding]);
  const errors = findings.filter((finding) => finding.severity === "error").length;
  const items = entries.map((entry) => {
    const answer = answeredAt.get(entry.line);
    const asked = askedQuestion(entry.value);
    const question = questionOf.get(entry.line);
    const lineFindings = byLine.get(entry.line) ?? [];
    return [
      `<li class="message${lineFindings.length > 0 ? " has-findings" : ""}" id="line-${entry.line}">`,
      `<div class="head"><a class="line" href="#line-${entry.line}">${entry.line}</a> <span class="title">${escapeHtml(title(entry.value))}</span>`,
      answer === undefined ? "" : ` <a class="answered" href="#line-${answer}">answered at line ${answer}</a>`,
      "</div>",
      asked === undefined ? "" : questionCards(asked),
      question === undefined ? "" : answerCard(question, answerPayload(entry.value)),
      lineFindings.length === 0 ? "" : `<ul class="findings">${lineFindings.map(findingItem).join("")}</ul>`,
      `<details><summary>message</summary><pre>${escapeHtml(entry.value === undefined ? entry.text : (prettyJson(entry.value) ?? entry.text))}</pre></details>`,
      "</li>",
    ].join("");
  });
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
