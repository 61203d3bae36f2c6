import type { AskUserOption, AskUserQuestionSpec } from "@app-server-protocol/types";
import { jsonSnapshot } from "../json-snapshot.js";
import { isQuestionList } from "./structure.js";

// The request-size rule measures the compact JSON the reference emits for the
// questions array (spec 4.12): question keys id, question, header,
// multi_select, options (left out when empty), allow_free_text,
// allow_annotation; option keys id, label, description, preview (left out
// when absent or null). Strings are escaped as JSON requires, everything else
// is raw UTF-8: exactly what JSON.stringify writes for that object.

const QUESTION_KEYS = '{"id":,"question":,"header":,"multi_select":,"allow_free_text":,"allow_annotation":}'.length;
const OPTIONS_KEY = ',"options":[]'.length;
const OPTION_KEYS = '{"id":,"label":,"description":}'.length;
const PREVIEW_KEY = ',"preview":'.length;
/** The longest a UTF-16 unit gets in JSON: a control character written as `\u00xx`. */
const MAX_ESCAPED_UNIT = 6;

/** Bytes of `text` as a JSON string literal, quotes included. */
export function jsonStringLength(text: string): number {
  let bytes = 2;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit === 0x22 || unit === 0x5c) bytes += 2;
    else if (unit < 0x20) bytes += unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d ? 2 : 6;
    else if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdfff) {
      const next = text.charCodeAt(index + 1);
      if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else {
        bytes += 6; // a lone surrogate is written as a \u escape
      }
    } else bytes += 3;
  }
  return bytes;
}

function boolLength(value: boolean): number {
  return value ? 4 : 5;
}

function optionLength(option: AskUserOption, measure: (text: string) => number): number {
  const preview = option.preview === undefined || option.preview === null ? 0 : PREVIEW_KEY + measure(option.preview);
  return OPTION_KEYS + measure(option.id) + measure(option.label) + measure(option.description ?? "") + preview;
}

function questionLength(question: AskUserQuestionSpec, measure: (text: string) => number): number {
  const options = question.options ?? [];
  let length =
    QUESTION_KEYS +
    measure(question.id) +
    measure(question.question) +
    measure(question.header) +
    boolLength(question.multi_select ?? false) +
    boolLength(question.allow_free_text ?? true) +
    boolLength(question.allow_annotation ?? false);
  if (options.length > 0) length += OPTIONS_KEY + options.length - 1;
  for (const option of options) length += optionLength(option, measure);
  return length;
}

function arrayLength(questions: readonly AskUserQuestionSpec[], measure: (text: string) => number): number {
  let length = 2 + Math.max(0, questions.length - 1);
  for (const question of questions) length += questionLength(question, measure);
  return length;
}

/** The longest `false` or `true` is written. */
const MAX_BOOL = 5;

/** What `questionRules` counts of a list as it reads it, for the request-size rule: no text read twice. */
export interface ListTally {
  /** The UTF-16 units of every text of the questions and their options. */
  units: number;
  /** How many options the questions hold in all. */
  options: number;
}

/**
 * At least the byte length of the compact JSON of a list of `count`
 * questions with the tally `tally`: every character as a `\u00xx` escape,
 * every flag `false`, every optional part present.
 */
function upperBound(count: number, tally: ListTally): number {
  const bytes = 2 + count + count * (QUESTION_KEYS + 3 * 2 + 3 * MAX_BOOL + OPTIONS_KEY) + tally.options * (1 + OPTION_KEYS + 3 * 2 + PREVIEW_KEY + 2);
  return bytes + tally.units * MAX_ESCAPED_UNIT;
}

/**
 * Whether the compact JSON of a list of `count` questions with the tally
 * `tally` is surely within `limit` bytes: most requests are far below the
 * limit even if every character were escaped.
 */
export function withinBytes(count: number, tally: ListTally, limit: number): boolean {
  return upperBound(count, tally) <= limit;
}

/** Whether the compact JSON of `questions`, as the reference writes it, exceeds `limit` bytes; `tally` is what the rules counted of them. */
export function questionsExceedBytes(questions: readonly AskUserQuestionSpec[], tally: ListTally, limit: number): boolean {
  return !withinBytes(questions.length, tally, limit) && arrayLength(questions, jsonStringLength) > limit;
}

/**
 * The exact byte length of the compact JSON of `questions`, as the reference
 * writes it (the size spec 4.2 limits). The list is read once, into JSON
 * data; a value that is not a list of question specs measures `NaN`. Never
 * throws.
 */
export function questionsJsonLength(questions: readonly AskUserQuestionSpec[]): number {
  const snapshot = jsonSnapshot(questions);
  return snapshot.ok && isQuestionList(snapshot.value) ? arrayLength(snapshot.value, jsonStringLength) : Number.NaN;
}
