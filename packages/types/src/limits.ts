/**
 * The interactive-question limits of protocol 1.0. Byte limits count UTF-8
 * bytes; `maxHeaderChars` counts Unicode code points.
 *
 * @example
 * ```ts
 * import { ASK_USER_LIMITS } from "@app-server-protocol/types";
 *
 * new TextEncoder().encode("Which database?").length <= ASK_USER_LIMITS.maxQuestionBytes; // => true
 * ```
 */
export const ASK_USER_LIMITS = {
  /** Fewest questions in one request. */
  minQuestions: 1,
  /** Most questions in one request. */
  maxQuestions: 4,
  /** Most options in one question (zero is allowed). */
  maxOptions: 4,
  /** Longest question id or option id, in UTF-8 bytes. */
  maxIdBytes: 128,
  /** Longest question text, in UTF-8 bytes. */
  maxQuestionBytes: 4096,
  /** Longest header, in Unicode code points. */
  maxHeaderChars: 12,
  /** Longest option label, in UTF-8 bytes. */
  maxLabelBytes: 256,
  /** Longest option description, in UTF-8 bytes. */
  maxDescriptionBytes: 1024,
  /** Longest option preview, in UTF-8 bytes. */
  maxPreviewBytes: 16384,
  /** Longest free-text answer, in UTF-8 bytes. */
  maxAnswerTextBytes: 4096,
  /** Longest annotation, in UTF-8 bytes. */
  maxAnnotationBytes: 4096,
  /** Largest compact-JSON encoding of the `questions` array, in bytes. */
  maxRequestBytes: 65536,
} as const;

/**
 * How long a server waits for the answer to a server request (permission,
 * MCP trust, question) before it gives up, in seconds.
 */
export const SERVER_REQUEST_TIMEOUT_SECONDS = 300;
