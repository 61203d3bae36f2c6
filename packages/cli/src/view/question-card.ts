// Questions as a user would see them (header, question, options with their
// descriptions and previews), and the answer a client gave.
import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import { canonicalQuestions } from "@app-server-protocol/legacy-shim";
import { validateType } from "@app-server-protocol/validators/all";
import { IN_PLACE } from "../json-value.js";
import { escapeHtml, field, listField, textField } from "./html.js";

/** The canonical questions of params that decode as a request; none otherwise (the findings say why). */
function questionsOf(params: unknown): readonly AskUserQuestionSpec[] {
  const request = validateType("AskUserQuestionRequest", params);
  return request.ok ? canonicalQuestions(request.value, IN_PLACE) : [];
}

function optionItem(option: unknown): string {
  const label = textField(option, "label") ?? textField(option, "id") ?? "";
  const description = textField(option, "description");
  const preview = textField(option, "preview");
  return [
    `<li class="option"><span class="option-label">${escapeHtml(label)}</span>`,
    description === undefined || description === "" ? "" : `<span class="option-description">${escapeHtml(description)}</span>`,
    preview === undefined || preview === null ? "" : `<pre class="option-preview">${escapeHtml(preview)}</pre>`,
    "</li>",
  ].join("");
}

function questionBlock(question: unknown): string {
  const header = textField(question, "header") ?? "";
  const flags = [field(question, "multi_select") === true ? "several answers" : "", field(question, "allow_free_text") === false ? "" : "free text allowed"].filter((flag) => flag !== "");
  return [
    '<div class="question">',
    header === "" ? "" : `<span class="question-header">${escapeHtml(header)}</span>`,
    `<p class="question-text">${escapeHtml(textField(question, "question") ?? "")}</p>`,
    `<ul class="options">${listField(question, "options").map(optionItem).join("")}</ul>`,
    flags.length === 0 ? "" : `<p class="question-flags">${escapeHtml(flags.join(", "))}</p>`,
    "</div>",
  ].join("");
}

/** The questions of an `ask_user/request`'s params (legacy ones normalized), as cards. */
export function questionCards(params: unknown): string {
  return `<div class="questions">${questionsOf(params).map(questionBlock).join("")}</div>`;
}

function answerText(value: unknown, options: ReadonlyMap<string, string>): string {
  const kind = textField(value, "kind");
  if (kind === "selected") return options.get(textField(value, "option_id") ?? "") ?? textField(value, "option_id") ?? "";
  if (kind === "multi_selected") return listField(value, "option_ids").map((id) => (typeof id === "string" ? (options.get(id) ?? id) : "")).join(", ");
  if (kind === "text") return `“${textField(value, "text") ?? ""}”`;
  return kind ?? "";
}

/**
 * The answer given to `params`'s questions: the outcome kind, and each
 * question's answer by its option labels. `outcome` is the outcome itself
 * (stream-JSON) or an `AskUserQuestionResponse` holding it (app-server).
 */
export function answerCard(params: unknown, data: unknown): string {
  const outcome = textField(data, "outcome") === undefined ? field(data, "outcome") : data;
  const legacy = textField(data, "answer");
  const kind = textField(outcome, "outcome") ?? (legacy === undefined ? "no payload" : "legacy answer");
  const answers = field(outcome, "answers");
  const rows = questionsOf(params).map((question) => {
    const labels = new Map(question.options?.map((option) => [option.id, option.label]) ?? []);
    return `<li><span class="answer-question">${escapeHtml(question.question)}</span> ${escapeHtml(answerText(field(answers, question.id), labels))}</li>`;
  });
  return [
    `<div class="answer"><span class="answer-outcome">${escapeHtml(kind)}</span>`,
    legacy === undefined ? "" : `<p>${escapeHtml(legacy)}</p>`,
    answers === undefined ? "" : `<ul>${rows.join("")}</ul>`,
    "</div>",
  ].join("");
}
