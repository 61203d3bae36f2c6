import type { AskUserQuestionSpec, AskUserValidationError, InteractiveQuestionsCapability } from "@app-server-protocol/types";
import { INTERACTIVE_QUESTION_FLAGS, checkQuestions, isAskUserQuestionList, jsonSnapshot, type JsonValue } from "@app-server-protocol/validators";
import { isJsonObject, type JsonObject } from "./stream-json/json-object.js";
import { attempt } from "./support/attempt.js";

/** A question waiting for its answer, as the core registers it (spec 4.7). */
export interface PendingQuestion {
  /** The question's `request_id` (a UUID v4 in the reference); the registry's key. */
  readonly requestId: string;
  /** The session owning the turn. */
  readonly sessionId: string;
  /** The owning turn, when there is one. */
  readonly turnId?: string | null;
  /** The tool call that asked. */
  readonly toolUseId?: string;
  /** The connection (client) the question was sent to. */
  readonly ownerId: string;
  /** The owner's interactive-questions capability when the question was asked. */
  readonly capability?: InteractiveQuestionsCapability | null;
  /** When the question times out, in milliseconds since the epoch; absent for never. */
  readonly deadline?: number;
  /** The canonical questions. */
  readonly questions: readonly AskUserQuestionSpec[];
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** A registration read once into plain fields, or why it cannot be registered. */
export type PendingReading = { readonly ok: true; readonly question: PendingQuestion } | { readonly ok: false; readonly error: AskUserValidationError };

const malformed = (message: string): { readonly ok: false; readonly error: AskUserValidationError } => ({
  ok: false,
  error: { code: "malformed_response", message: `invalid pending question: ${message}` },
});

/**
 * The own fields of a registration, each read exactly once (a getter or a
 * proxy trap runs here or never), or `undefined` when it is not an object or
 * reading it throws.
 */
export function registrationFields(value: unknown): JsonObject | undefined {
  return attempt<JsonObject | undefined>(
    () => (isJsonObject(value) ? { ...value } : undefined),
    () => undefined,
  );
}

function isCapability(value: unknown): value is InteractiveQuestionsCapability {
  return isJsonObject(value) && INTERACTIVE_QUESTION_FLAGS.every((flag) => value[flag] === undefined || typeof value[flag] === "boolean");
}

function isOptional<T>(value: unknown, is: (value: unknown) => value is T): value is T | undefined {
  return value === undefined || is(value);
}

const isString = (value: unknown): value is string => typeof value === "string";
const isNullableString = (value: unknown): value is string | null => value === null || typeof value === "string";
const isNullableCapability = (value: unknown): value is InteractiveQuestionsCapability | null => value === null || isCapability(value);
const isDeadline = (value: unknown): value is number => typeof value === "number" && !Number.isNaN(value);

/**
 * Reads a registration from its own fields: the ids must be strings, the
 * optional fields of their types (a deadline a number other than `NaN`), and
 * the questions must pass the request rules of spec 4.2. The registry keeps
 * a copy of the fields the type names, absent ones left out: the questions
 * and the capability as JSON data (`jsonSnapshot`), which is what is checked.
 */
export function pendingQuestionFrom(requestId: string, fields: JsonObject): PendingReading {
  const { sessionId, ownerId, turnId, toolUseId, deadline } = fields;
  const questionsRead = jsonSnapshot(fields.questions);
  if (!questionsRead.ok) return malformed(`\`questions\` could not be read: ${questionsRead.error.message}`);
  const questions = questionsRead.value;
  const capabilityRead = fields.capability === undefined ? undefined : jsonSnapshot(fields.capability);
  if (capabilityRead !== undefined && !capabilityRead.ok) return malformed(`\`capability\` could not be read: ${capabilityRead.error.message}`);
  const capability: JsonValue | undefined = capabilityRead?.value;
  if (!isString(sessionId)) return malformed("`sessionId` must be a string");
  if (!isString(ownerId)) return malformed("`ownerId` must be a string");
  if (!isOptional(turnId, isNullableString)) return malformed("`turnId` must be a string or null");
  if (!isOptional(toolUseId, isString)) return malformed("`toolUseId` must be a string");
  if (!isOptional(capability, isNullableCapability)) return malformed("`capability` must be an interactive-questions capability or null");
  if (!isOptional(deadline, isDeadline)) return malformed("`deadline` must be a number of milliseconds");
  const error = checkQuestions(questions);
  if (error !== null) return { ok: false, error };
  if (!isAskUserQuestionList(questions)) return malformed("`questions` must be a list of questions");
  // Assigned field by field: an object literal with conditional spreads takes several times the memory, once per pending question.
  const question: Mutable<PendingQuestion> = { requestId, sessionId, ownerId, questions };
  if (turnId !== undefined) question.turnId = turnId;
  if (toolUseId !== undefined) question.toolUseId = toolUseId;
  if (capability !== undefined) question.capability = capability;
  if (deadline !== undefined) question.deadline = deadline;
  return { ok: true, question };
}
