import type { AskUserQuestionSpec } from "@app-server-protocol/types";
import { isObject, readAsGiven, readOr } from "./readable.js";

function emitted(question: AskUserQuestionSpec): AskUserQuestionSpec {
  const given = isObject(question) ? (question.options ?? []) : undefined;
  if (!Array.isArray(given) || !given.every(isObject)) return question;
  const options = given.map((option) => ({
    id: option.id,
    label: option.label,
    description: option.description ?? "",
    ...(option.preview === undefined || option.preview === null ? {} : { preview: option.preview }),
  }));
  return {
    id: question.id,
    question: question.question,
    header: question.header,
    multi_select: question.multi_select ?? false,
    ...(options.length > 0 ? { options } : {}),
    allow_free_text: question.allow_free_text ?? true,
    allow_annotation: question.allow_annotation ?? false,
  };
}

/**
 * A question as the reference writes it (spec 2.4): `multi_select`,
 * `allow_free_text`, `allow_annotation` and each option's `description`
 * written out with their defaults, empty `options` and a null `preview` left
 * out, unknown fields dropped, fields in the reference's order.
 *
 * It rewrites, and does not decode: the question is read once into JSON
 * data (`jsonSnapshot`), and field values are copied as read. Never throws:
 * a value that is not an object, or whose options are not a list of
 * objects, is returned as read; one with no snapshot (a getter or proxy that
 * throws, a cycle, a bigint, an array with holes) is read as `null`.
 *
 * @example
 * ```ts
 * import { emittedQuestion } from "@app-server-protocol/legacy-shim";
 *
 * emittedQuestion({ id: "db", question: "Which database?", header: "DB", options: [{ id: "pg", label: "PostgreSQL", preview: null }] }); // => { id: "db", question: "Which database?", header: "DB", multi_select: false, options: [{ id: "pg", label: "PostgreSQL", description: "" }], allow_free_text: true, allow_annotation: false }
 * emittedQuestion({ id: "why", question: "Why?", header: "", options: [] }); // => { id: "why", question: "Why?", header: "", multi_select: false, allow_free_text: true, allow_annotation: false }
 * ```
 */
export function emittedQuestion(question: AskUserQuestionSpec): AskUserQuestionSpec {
  return emittedQuestionOf(readAsGiven(question));
}

/** `emittedQuestion` of a question already read into JSON data. */
export function emittedQuestionOf(question: AskUserQuestionSpec): AskUserQuestionSpec {
  return readOr(
    () => emitted(question),
    () => question,
  );
}
