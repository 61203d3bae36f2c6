export { decodedOutcome, decodedQuestionList, type DecodedOption, type DecodedOutcome, type DecodedQuestion } from "./ask-user/decoded.js";
export { checkOutcome } from "./ask-user/outcome.js";
export type { ValidatedQuestions } from "./ask-user/question-set.js";
export { checkQuestions, validatedQuestions } from "./ask-user/questions.js";
export { questionsJsonLength } from "./ask-user/request-size.js";
export type { DecodeResult } from "./ask-user/structure.js";
export {
  INTERACTIVE_QUESTION_FLAGS,
  canCompleteQuestions,
  isCompleteCapability,
  supportsAnyQuestionKind,
  type CapabilityCheck,
} from "./capability.js";
export * from "./generated/message-guards.js";
export {
  MESSAGE_TYPE_NAMES,
  PROTOCOL_TYPE_NAMES,
  type MessageTypeName,
  type ProtocolTypeName,
  type ProtocolTypes,
} from "./generated/protocol-types.js";
export { validateClientMessage, validateServerMessage, type MessageOptions } from "./messages.js";
export { NdjsonReader, readNdjson, type LineParser, type LineVerdict, type NdjsonOptions } from "./ndjson.js";
export type { ValidationFailure, ValidationFailureCode, ValidationResult } from "./result.js";
export { DEFAULT_MAX_MESSAGE_BYTES, parseClientMessage, parseServerMessage, type ParseOptions, type ServerParseOptions } from "./text.js";
export { validateType, type ValidateOptions } from "./validate-type.js";
export { exceedsUtf8Bytes, utf8Length } from "./text-measure.js";
export { jsonValueSpans, lexicalFacts, type DuplicateKey, type LexicalFacts, type NumberLiteral, type TextSpan } from "./lexical/scan.js";
export {
  DEFAULT_SNAPSHOT_DEPTH,
  MAX_SNAPSHOT_DEPTH,
  jsonSnapshot,
  type JsonSnapshot,
  type JsonSnapshotFailure,
  type JsonSnapshotOptions,
  type JsonSnapshotReason,
  type JsonValue,
} from "./json-snapshot.js";
export { lexicalFailure } from "./lexical/failures.js";
export { jsonSyntaxError, type JsonSyntaxError } from "./lexical/syntax-error.js";
export { spansOf } from "./lexical/spans.js";
