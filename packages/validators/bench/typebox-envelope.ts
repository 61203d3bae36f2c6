import { Type } from "@sinclair/typebox";
import { TypeCompiler } from "@sinclair/typebox/compiler";

// The ask_user/request envelope and its answer written by hand as TypeBox
// types, field for field as the protocol schemas define them, compiled by
// TypeBox's own checker: what a host would write without the validators.

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const AskUserOption = Type.Object({
  id: Type.String(),
  label: Type.String(),
  description: Type.Optional(Type.String()),
  preview: Type.Optional(nullable(Type.String())),
});

const AskUserQuestionSpec = Type.Object({
  id: Type.String(),
  question: Type.String(),
  header: Type.String(),
  multi_select: Type.Optional(Type.Boolean()),
  options: Type.Optional(Type.Array(AskUserOption)),
  allow_free_text: Type.Optional(Type.Boolean()),
  allow_annotation: Type.Optional(Type.Boolean()),
});

const VALIDATION_CODES = [
  "question_count",
  "empty_id",
  "duplicate_id",
  "empty_question",
  "header_too_long",
  "option_count",
  "empty_label",
  "duplicate_label",
  "field_too_large",
  "request_too_large",
  "missing_answer",
  "unknown_question",
  "unknown_option",
  "answer_kind",
  "free_text_disabled",
  "annotation_disabled",
  "malformed_response",
  "request_id_mismatch",
] as const;

const AskUserQuestionRequest = Type.Object({
  validation_error: Type.Optional(nullable(Type.Object({ code: Type.Union(VALIDATION_CODES.map((code) => Type.Literal(code))), message: Type.String() }))),
  session_id: Type.Optional(Type.String()),
  turn_id: Type.Optional(nullable(Type.String())),
  tool_use_id: Type.Optional(Type.String()),
  request_id: Type.String(),
  deadline: Type.Optional(nullable(Type.String())),
  questions: Type.Optional(Type.Array(AskUserQuestionSpec)),
  question: Type.Optional(Type.String()),
  options: Type.Optional(Type.Array(Type.String())),
});

const AskUserAnswerValue = Type.Union([
  Type.Object({ kind: Type.Literal("text"), text: Type.String() }),
  Type.Object({ kind: Type.Literal("selected"), option_id: Type.String() }),
  Type.Object({ kind: Type.Literal("selected_many"), option_ids: Type.Array(Type.String()) }),
]);

const CANCELLATION_REASONS = ["interrupt", "disconnect", "timeout", "client_closed", "delivery_failed", "session_closed", "shutdown"] as const;

const AskUserResponseOutcome = Type.Union([
  Type.Object({ outcome: Type.Literal("answered"), answers: Type.Record(Type.String(), AskUserAnswerValue), annotations: Type.Optional(Type.Record(Type.String(), Type.String())) }),
  Type.Object({ outcome: Type.Literal("rejected") }),
  Type.Object({ outcome: Type.Literal("clarify") }),
  Type.Object({ outcome: Type.Literal("finish_plan_interview") }),
  Type.Object({ outcome: Type.Literal("cancelled"), reason: Type.Union(CANCELLATION_REASONS.map((reason) => Type.Literal(reason))) }),
]);

const AskUserQuestionResponse = Type.Object({
  request_id: Type.String(),
  outcome: Type.Optional(nullable(AskUserResponseOutcome)),
  answer: Type.Optional(nullable(Type.String())),
});

const ERROR_CODES = [
  "parse_error",
  "invalid_request",
  "method_not_found",
  "invalid_params",
  "internal_error",
  "session_not_found",
  "active_turn",
  "no_active_turn",
  "permission_denied",
  "provider_failed",
  "config_error",
  "tool_error",
  "mcp_error",
  "overloaded",
] as const;

const AskUserRequestEnvelope = Type.Object({
  type: Type.Literal("request"),
  id: Type.String(),
  method: Type.Literal("ask_user/request"),
  params: AskUserQuestionRequest,
});

const AskUserResponseEnvelope = Type.Object({
  type: Type.Literal("response"),
  id: Type.String(),
  result: Type.Union([
    Type.Object({ status: Type.Literal("success"), data: Type.Optional(nullable(AskUserQuestionResponse)) }),
    Type.Object({ status: Type.Literal("error"), code: Type.Union(ERROR_CODES.map((code) => Type.Literal(code))), message: Type.String(), data: Type.Optional(Type.Unknown()) }),
  ]),
});

/** TypeBox's compiled checker of an ask_user/request server request. */
export const typeboxRequest = TypeCompiler.Compile(AskUserRequestEnvelope);

/** TypeBox's compiled checker of the client's answer to one. */
export const typeboxResponse = TypeCompiler.Compile(AskUserResponseEnvelope);
