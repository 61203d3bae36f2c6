export { AppServerQuestions, type AnswerVerdict, type AppServerOptions, type SendRefused, type SendVerdict } from "./app-server.js";
export {
  QuestionRegistry,
  type PendingQuestion,
  type PendingState,
  type RegisterResult,
  type ResolveResult,
  type Resolution,
} from "./registry.js";
export {
  CONTROL_SUBTYPES,
  LATE_PERMISSION_ERROR,
  REWIND_FILES_ERROR,
  type ControlAnswer,
  type ControlHandler,
  type ControlRequest,
  type ControlSubtype,
} from "./stream-json/control.js";
export type { JsonObject } from "./stream-json/json-object.js";
export {
  StreamJsonQuestions,
  UNKNOWN_REQUEST_ERROR,
  type AskVerdict,
  type HostLineClass,
  type HostLineVerdict,
  type ServerRequestVerdict,
  type StreamJsonOptions,
} from "./stream-json/host.js";
export { encodeLine } from "./stream-json/encode-line.js";
export { controlError, controlSuccess, questionRecord, resolutionRecord, type RecordStamp } from "./stream-json/records.js";
