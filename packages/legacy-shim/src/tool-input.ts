import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import { jsonSnapshot, validateType, type JsonValue } from "@app-server-protocol/validators";
import { legacyQuestion } from "./legacy-request.js";

/** The questions a model's tool input asks, or why the input is unusable. */
export type ToolInputQuestions = { readonly ok: true; readonly questions: AskUserQuestionSpec[] } | { readonly ok: false; readonly error: string };

function isRecord(value: JsonValue): value is { readonly [key: string]: JsonValue } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(error: string): ToolInputQuestions {
  return { ok: false, error: `invalid AskUserQuestion input: ${error}` };
}

/**
 * The questions of the model-facing AskUserQuestion tool's input (spec 4.5).
 * An object with a `questions` key must hold a canonical list. Otherwise the
 * legacy shape `{question, options?}` (or a bare string, the question text)
 * becomes one question as a legacy request does, except that free text is
 * allowed only when there are no options. Anything else is a tool input
 * error, reported to the model; nothing is sent to the client, and so is
 * input with no JSON snapshot (it is read once, into JSON data, with
 * `jsonSnapshot`). Validate the questions with `checkQuestions`. Never
 * throws.
 *
 * @example
 * ```ts
 * import { questionsFromToolInput } from "@app-server-protocol/legacy-shim";
 *
 * const result = questionsFromToolInput({ question: "Which database?", options: ["PostgreSQL", "SQLite"] });
 * result.ok && result.questions[0]?.allow_free_text; // => false
 * questionsFromToolInput("Ship it?"); // => { ok: true, questions: [{ id: "question-1", question: "Ship it?", header: "Question", multi_select: false, allow_free_text: true, allow_annotation: false }] }
 * questionsFromToolInput({ question: "Which?", options: "PostgreSQL" }); // => { ok: false, error: "invalid AskUserQuestion input: `options` must be an array of strings" }
 * ```
 */
export function questionsFromToolInput(input: unknown): ToolInputQuestions {
  const read = jsonSnapshot(input);
  return read.ok ? questionsOf(read.value) : invalid(`the input could not be read: ${read.error.message}`);
}

function questionsOf(input: JsonValue): ToolInputQuestions {
  if (typeof input === "string") return { ok: true, questions: [legacyQuestion(input, [], true)] };
  if (!isRecord(input)) return invalid("expected an object with `questions` or `question`");
  if (Object.hasOwn(input, "questions")) {
    const checked = validateType("AskUserQuestionList", input.questions);
    if (checked.ok) return { ok: true, questions: checked.value };
    const { path, message } = checked.error;
    // A failure's message is its reason, after `<path>: ` when it has a path (a list's paths hold no user keys).
    return invalid(`\`questions${path}\` ${path === "" ? message : message.slice(message.indexOf(": ") + 2)}`);
  }
  const { question, options } = input;
  if (typeof question !== "string") return invalid("`question` must be a string");
  if (options !== undefined && options !== null && !(Array.isArray(options) && options.every((label) => typeof label === "string"))) {
    return invalid("`options` must be an array of strings");
  }
  const labels: string[] = Array.isArray(options) ? options.filter((label) => typeof label === "string") : [];
  return { ok: true, questions: [legacyQuestion(question, labels, labels.length === 0)] };
}
