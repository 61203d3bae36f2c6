import type { AskUserQuestionSpec, InteractiveQuestionsCapability } from "@app-server-protocol/types";
import { structuredQuestions } from "./ask-user/structure.js";
import { jsonSnapshot } from "./json-snapshot.js";

/** A capability verdict: supported, or why not. */
export type CapabilityCheck = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/** The six flags of the version-1 capability, in the spec's order. */
export const INTERACTIVE_QUESTION_FLAGS = ["single_select", "multi_select", "free_text", "previews", "annotations", "special_outcomes"] as const;

const SUPPORTED: CapabilityCheck = { ok: true };

type Flag = (typeof INTERACTIVE_QUESTION_FLAGS)[number];

/** A capability as the helpers judge it: its flags read once (jsonSnapshot), or why it has none. */
type Declared = { readonly declared: true; readonly flags: ReadonlySet<Flag> } | { readonly declared: false; readonly reason: string };

const NOT_DECLARED: Declared = { declared: false, reason: "interactive_questions is not declared" };

function declared(capability: unknown): Declared {
  if (capability === null || capability === undefined) return NOT_DECLARED;
  const snapshot = jsonSnapshot(capability);
  if (!snapshot.ok) return { declared: false, reason: `interactive_questions could not be read: ${snapshot.error.message}` };
  const fields = snapshot.value;
  const isSet = (name: Flag) => typeof fields === "object" && fields !== null && !Array.isArray(fields) && Object.hasOwn(fields, name) && fields[name] === true;
  return { declared: true, flags: new Set(INTERACTIVE_QUESTION_FLAGS.filter(isSet)) };
}

function flag(capability: Declared, name: Flag): boolean {
  return capability.declared && capability.flags.has(name);
}

/**
 * Whether a client declared the complete version-1 capability: all six flags
 * `true` (spec 4.6). Only such clients are offered the AskUserQuestion tool.
 *
 * @example
 * ```ts
 * import { isCompleteCapability } from "@app-server-protocol/validators";
 *
 * isCompleteCapability({ single_select: true }); // => { ok: false, reason: "interactive_questions lacks multi_select, free_text, previews, annotations, special_outcomes" }
 * isCompleteCapability(null); // => { ok: false, reason: "interactive_questions is not declared" }
 * ```
 */
export function isCompleteCapability(capability: InteractiveQuestionsCapability | null | undefined): CapabilityCheck {
  const read = declared(capability);
  if (!read.declared) return { ok: false, reason: read.reason };
  const missing = INTERACTIVE_QUESTION_FLAGS.filter((name) => !flag(read, name));
  return missing.length === 0 ? SUPPORTED : { ok: false, reason: `interactive_questions lacks ${missing.join(", ")}` };
}

/**
 * Whether a client can answer any kind of question at all: at least one of
 * `single_select`, `multi_select`, `free_text` (spec 4.6). Without it no
 * question channel is attached to a tool call.
 *
 * @example
 * ```ts
 * import { supportsAnyQuestionKind } from "@app-server-protocol/validators";
 *
 * supportsAnyQuestionKind({ single_select: true }).ok; // => true
 * supportsAnyQuestionKind({ previews: true }); // => { ok: false, reason: "interactive_questions declares none of single_select, multi_select, free_text" }
 * ```
 */
export function supportsAnyQuestionKind(capability: InteractiveQuestionsCapability | null | undefined): CapabilityCheck {
  const read = declared(capability);
  if (!read.declared) return { ok: false, reason: read.reason };
  if (flag(read, "single_select") || flag(read, "multi_select") || flag(read, "free_text")) return SUPPORTED;
  return { ok: false, reason: "interactive_questions declares none of single_select, multi_select, free_text" };
}

function needs(question: AskUserQuestionSpec, index: number, name: string, why: string): CapabilityCheck {
  return { ok: false, reason: `question ${index + 1} (${JSON.stringify(question.id.slice(0, 64))}) ${why}, which needs ${name}` };
}

/**
 * Whether a client with this capability can complete every question of a
 * request (spec 4.6), checked before anything is sent: if not, the question
 * is answered at once with `cancelled`/`client_closed`. Each question needs
 * `multi_select` (when multi-select) or `single_select`; options or
 * `free_text`; `free_text` unless `allow_free_text` is false (it defaults to
 * true); `annotations` when `allow_annotation`; `previews` when an option has
 * a preview. Takes canonical questions (normalize legacy requests first).
 * Both arguments are read once, into JSON data; questions that are not a
 * list of question specs are `{ ok: false, reason }` with the reason
 * `checkQuestions` gives (`invalid AskUserQuestion questions: ...`).
 *
 * @example
 * ```ts
 * import { canCompleteQuestions } from "@app-server-protocol/validators";
 *
 * const optionOnly = { single_select: true };
 * const question = { id: "db", question: "Which?", header: "", options: [{ id: "pg", label: "PostgreSQL" }] };
 * canCompleteQuestions(optionOnly, [{ ...question, allow_free_text: false }]).ok; // => true
 * canCompleteQuestions(optionOnly, [question]); // => { ok: false, reason: 'question 1 ("db") allows free text, which needs free_text' }
 * ```
 */
export function canCompleteQuestions(capability: InteractiveQuestionsCapability | null | undefined, questions: readonly AskUserQuestionSpec[]): CapabilityCheck {
  const read = declared(capability);
  const snapshot = jsonSnapshot(questions);
  if (!snapshot.ok) return { ok: false, reason: `the questions could not be read: ${snapshot.error.message}` };
  const list = structuredQuestions(snapshot.value);
  return list.ok ? completable(read, list.value) : { ok: false, reason: list.error.message };
}

function completable(capability: Declared, questions: readonly AskUserQuestionSpec[]): CapabilityCheck {
  for (const [index, question] of questions.entries()) {
    if (question.multi_select ?? false) {
      if (!flag(capability, "multi_select")) return needs(question, index, "multi_select", "is multi-select");
    } else if (!flag(capability, "single_select")) {
      return needs(question, index, "single_select", "is single-select");
    }
    const hasOptions = (question.options ?? []).length > 0;
    if (!hasOptions && !flag(capability, "free_text")) return needs(question, index, "free_text", "has no options");
    if ((question.allow_free_text ?? true) && !flag(capability, "free_text")) return needs(question, index, "free_text", "allows free text");
    if ((question.allow_annotation ?? false) && !flag(capability, "annotations")) return needs(question, index, "annotations", "allows an annotation");
    const hasPreview = (question.options ?? []).some((option) => option.preview !== undefined && option.preview !== null);
    if (hasPreview && !flag(capability, "previews")) return needs(question, index, "previews", "has an option preview");
  }
  return SUPPORTED;
}
