import type { AskUserQuestionPayload, AskUserResponseOutcome } from "./ask-user.js";
import type { BackgroundTaskView } from "./background.js";
import type { Int32, Uint } from "./integers.js";
import type { McpTrustApprovalRequest } from "./mcp-trust.js";
import type { PermissionRequest } from "./permission-request.js";
import type { ProviderIdInput, SessionSummary, TokenUsage, TranscriptMessage, TurnContext } from "./records.js";

/**
 * How a permission prompt ended, in `permission_resolved`.
 */
export type PermissionResolutionKind = "approved" | "denied" | "interrupted";

/**
 * How an MCP trust prompt ended, in `mcp_trust_approval_resolved`.
 */
export type McpTrustResolutionKind = "trusted" | "denied" | "interrupted";

/**
 * How an automatic approval review ended, in `approval_review_completed`.
 */
export type ApprovalReviewResolutionKind =
  | "approved"
  | "escalated_to_user"
  | "failed"
  | "timed_out"
  | "cancelled"
  | "limit_exceeded";

/**
 * How a tool call ended, in `tool_use_completed`.
 */
export type ToolUseCompletionKind =
  | "success"
  | "execution_failed"
  | "permission_denied"
  | "interrupted"
  | "cancelled"
  | "unknown_tool";

/**
 * The stage a turn had reached when it was cancelled, in `turn_cancelled`.
 */
export type TurnCancellationKind = "before_response" | "assistant_streaming" | "tool_stage";

/**
 * Why a `budget` event was sent: the spending limit was exceeded, or the
 * cost cannot be computed because the model's pricing is unknown.
 */
export type BudgetOutcome = "exceeded" | "unknown_pricing";

/**
 * Classification of a stream `error` event.
 */
export type StreamErrorCategory =
  | "auth"
  | "rate_limit"
  | "overload"
  | "network"
  | "invalid_request"
  | "prompt_too_long"
  | "max_output"
  | "server_error"
  | "account_suspended"
  | "unsupported_provider"
  | "interrupted"
  | "retry_exhausted"
  | "other";

/**
 * `StreamEvent` variant: a new session was created.
 */
export interface StreamEventSessionStarted {
  /**
   * Tag: `"session_started"`. Required.
   */
  event: "session_started";
  /**
   * Summary of the new session. Required.
   */
  summary: SessionSummary;
}

/**
 * `StreamEvent` variant: an existing session was loaded.
 */
export interface StreamEventSessionLoaded {
  /**
   * Tag: `"session_loaded"`. Required.
   */
  event: "session_loaded";
  /**
   * Summary of the loaded session. Required.
   */
  summary: SessionSummary;
}

/**
 * `StreamEvent` variant: a provider request of the turn started.
 */
export interface StreamEventRequestStarted {
  /**
   * Tag: `"request_started"`. Required.
   */
  event: "request_started";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider the request is sent to. Required.
   */
  provider: ProviderIdInput;
  /**
   * Provider to fall back to if this one fails. Optional and nullable;
   * absent and `null` both mean no fallback.
   */
  fallback_provider?: ProviderIdInput | null;
  /**
   * Workspace context the turn runs in. Required.
   */
  context: TurnContext;
}

/**
 * `StreamEvent` variant: the user's message of the turn was recorded.
 */
export interface StreamEventUserMessage {
  /**
   * Tag: `"user_message"`. Required.
   */
  event: "user_message";
  /**
   * The recorded user message. Required.
   */
  message: TranscriptMessage;
}

/**
 * `StreamEvent` variant: the assistant started streaming a message.
 */
export interface StreamEventAssistantMessageStarted {
  /**
   * Tag: `"assistant_message_started"`. Required.
   */
  event: "assistant_message_started";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider producing the message. Required.
   */
  provider: ProviderIdInput;
  /**
   * Provider the turn fell back from, when `provider` is a fallback.
   * Optional and nullable; absent and `null` both mean no fallback happened.
   */
  fallback_from?: ProviderIdInput | null;
}

/**
 * `StreamEvent` variant: the assistant started thinking.
 */
export interface StreamEventThinkingStarted {
  /**
   * Tag: `"thinking_started"`. Required.
   */
  event: "thinking_started";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider producing the thinking. Required.
   */
  provider: ProviderIdInput;
}

/**
 * `StreamEvent` variant: a chunk of thinking text. Best-effort: may be
 * dropped under backpressure (bounded queue of 1024).
 */
export interface StreamEventThinkingDelta {
  /**
   * Tag: `"thinking_delta"`. Required.
   */
  event: "thinking_delta";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * The next piece of thinking text. Required.
   */
  delta: string;
}

/**
 * `StreamEvent` variant: the assistant finished thinking.
 */
export interface StreamEventThinkingCompleted {
  /**
   * Tag: `"thinking_completed"`. Required.
   */
  event: "thinking_completed";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider that produced the thinking. Required.
   */
  provider: ProviderIdInput;
}

/**
 * `StreamEvent` variant: a chunk of assistant text. Best-effort: may be
 * dropped under backpressure (bounded queue of 1024).
 */
export interface StreamEventAssistantDelta {
  /**
   * Tag: `"assistant_delta"`. Required.
   */
  event: "assistant_delta";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * The next piece of assistant text. Required.
   */
  delta: string;
}

/**
 * `StreamEvent` variant: a tool call waits for the user's approval. Sent
 * after the `permission/request` server request that carries the same
 * prompt.
 */
export interface StreamEventPermissionRequested {
  /**
   * Tag: `"permission_requested"`. Required.
   */
  event: "permission_requested";
  /**
   * The permission prompt, as in the `permission/request` params. Required.
   */
  request: PermissionRequest;
}

/**
 * `StreamEvent` variant: a permission prompt was answered or abandoned.
 */
export interface StreamEventPermissionResolved {
  /**
   * Tag: `"permission_resolved"`. Required.
   */
  event: "permission_resolved";
  /**
   * Session that owns the tool call. Required.
   */
  session_id: string;
  /**
   * The prompt's `PermissionRequest.request_id`. Required.
   */
  request_id: string;
  /**
   * How the prompt ended. Required.
   */
  kind: PermissionResolutionKind;
}

/**
 * `StreamEvent` variant: an automatic review of a tool call's approval
 * started.
 */
export interface StreamEventApprovalReviewStarted {
  /**
   * Tag: `"approval_review_started"`. Required.
   */
  event: "approval_review_started";
  /**
   * Session that owns the tool call. Required.
   */
  session_id: string;
  /**
   * Id of the approval request under review. Required.
   */
  request_id: string;
  /**
   * Provider tool-use id of the call under review. Required.
   */
  tool_use_id: string;
  /**
   * Name of the tool under review. Required.
   */
  tool_name: string;
}

/**
 * `StreamEvent` variant: an automatic approval review ended.
 */
export interface StreamEventApprovalReviewCompleted {
  /**
   * Tag: `"approval_review_completed"`. Required.
   */
  event: "approval_review_completed";
  /**
   * Session that owns the tool call. Required.
   */
  session_id: string;
  /**
   * Id of the reviewed approval request. Required.
   */
  request_id: string;
  /**
   * How the review ended. Required.
   */
  kind: ApprovalReviewResolutionKind;
  /**
   * The reviewer's explanation. Optional and nullable; absent and `null`
   * both mean none was given.
   */
  rationale?: string | null;
}

/**
 * `StreamEvent` variant: an MCP server waits to be trusted. Sent after the
 * `mcp_trust/request` server request that carries the same prompt.
 */
export interface StreamEventMcpTrustApprovalRequested {
  /**
   * Tag: `"mcp_trust_approval_requested"`. Required.
   */
  event: "mcp_trust_approval_requested";
  /**
   * The trust prompt, as in the `mcp_trust/request` params. Required.
   */
  request: McpTrustApprovalRequest;
}

/**
 * `StreamEvent` variant: an MCP trust prompt was answered or abandoned.
 */
export interface StreamEventMcpTrustApprovalResolved {
  /**
   * Tag: `"mcp_trust_approval_resolved"`. Required.
   */
  event: "mcp_trust_approval_resolved";
  /**
   * Session that wanted to use the server. Required.
   */
  session_id: string;
  /**
   * The prompt's `McpTrustApprovalRequest.request_id`. Required.
   */
  request_id: string;
  /**
   * How the prompt ended. Required.
   */
  kind: McpTrustResolutionKind;
}

/**
 * `StreamEvent` variant: a tool call started.
 */
export interface StreamEventToolUseStarted {
  /**
   * Tag: `"tool_use_started"`. Required.
   */
  event: "tool_use_started";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider tool-use id of the call. Required.
   */
  tool_use_id: string;
  /**
   * Name of the tool. Required.
   */
  tool_name: string;
  /**
   * The tool's input as a JSON text (a string, not an object). Optional and
   * nullable; absent and `null` both mean it is not reported.
   */
  tool_input?: string | null;
}

/**
 * `StreamEvent` variant: progress of a running tool call. Best-effort: may
 * be dropped under backpressure (bounded queue of 1024).
 */
export interface StreamEventToolProgress {
  /**
   * Tag: `"tool_progress"`. Required.
   */
  event: "tool_progress";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider tool-use id of the call. Required.
   */
  tool_use_id: string;
  /**
   * Name of the tool. Required.
   */
  tool_name: string;
  /**
   * Opaque: any JSON value; its shape is owned by the tool. Required.
   */
  progress: unknown;
}

/**
 * `StreamEvent` variant: progress of a running hook. Best-effort: may be
 * dropped under backpressure (bounded queue of 1024).
 */
export interface StreamEventHookProgress {
  /**
   * Tag: `"hook_progress"`. Required.
   */
  event: "hook_progress";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Name of the hook event being run. Required.
   */
  hook_event_name: string;
  /**
   * Opaque: any JSON value; its shape is owned by the hook runner.
   * Required.
   */
  progress: unknown;
}

/**
 * `StreamEvent` variant: a message from a hook for the user.
 */
export interface StreamEventHookNotice {
  /**
   * Tag: `"hook_notice"`. Required.
   */
  event: "hook_notice";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * The hook event that produced the notice. Required.
   */
  hook_event_name: string;
  /**
   * The notice text. Required.
   */
  message: string;
  /**
   * The notice reports an error. Required.
   */
  is_error: boolean;
}

/**
 * `StreamEvent` variant: a tool call ended.
 */
export interface StreamEventToolUseCompleted {
  /**
   * Tag: `"tool_use_completed"`. Required.
   */
  event: "tool_use_completed";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider tool-use id of the call. Required.
   */
  tool_use_id: string;
  /**
   * Name of the tool. Required.
   */
  tool_name: string;
  /**
   * How the call ended. Required.
   */
  kind: ToolUseCompletionKind;
}

/**
 * `StreamEvent` variant: the assistant finished a message.
 */
export interface StreamEventAssistantMessageCompleted {
  /**
   * Tag: `"assistant_message_completed"`. Required.
   */
  event: "assistant_message_completed";
  /**
   * The complete assistant message. Required.
   */
  message: TranscriptMessage;
  /**
   * Provider that produced the message. Required.
   */
  provider: ProviderIdInput;
  /**
   * Provider the turn fell back from, when `provider` is a fallback.
   * Optional and nullable; absent and `null` both mean no fallback happened.
   */
  fallback_from?: ProviderIdInput | null;
  /**
   * Token usage of the request. Required.
   */
  usage: TokenUsage;
}

/**
 * `StreamEvent` variant: a partly streamed assistant message was thrown
 * away and the turn continues with the fallback provider.
 */
export interface StreamEventAssistantMessageDiscarded {
  /**
   * Tag: `"assistant_message_discarded"`. Required.
   */
  event: "assistant_message_discarded";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider whose message was discarded. Required.
   */
  provider: ProviderIdInput;
  /**
   * Fallback provider the turn continues with. Required.
   */
  fallback_provider: ProviderIdInput;
  /**
   * Why the message was discarded (human-readable). Required.
   */
  reason: string;
}

/**
 * `StreamEvent` variant: the session's history was compacted.
 */
export interface StreamEventContextCompacted {
  /**
   * Tag: `"context_compacted"`. Required.
   */
  event: "context_compacted";
  /**
   * Session that was compacted. Required.
   */
  session_id: string;
  /**
   * How long the compaction took, in milliseconds. Required.
   */
  duration_ms: Uint;
  /**
   * The summary that replaces the compacted messages. Optional and
   * nullable; absent and `null` both mean no summary is reported.
   */
  summary?: string | null;
  /**
   * Number of messages before compaction. Required.
   */
  original_message_count: Uint;
  /**
   * Number of messages after compaction. Required.
   */
  compacted_message_count: Uint;
  /**
   * The summary was generated by the provider (not by the local fallback).
   * Required.
   */
  provider_generated: boolean;
  /**
   * Why the local fallback was used instead of a provider-generated
   * summary. Optional and nullable; absent and `null` both mean no fallback
   * was used.
   */
  fallback_reason?: string | null;
}

/**
 * `StreamEvent` variant: the turn was cancelled. Terminal for the turn.
 */
export interface StreamEventTurnCancelled {
  /**
   * Tag: `"turn_cancelled"`. Required.
   */
  event: "turn_cancelled";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * The stage the turn had reached. Required.
   */
  kind: TurnCancellationKind;
  /**
   * The partial assistant message kept from the cancelled stream. Optional
   * and nullable; absent and `null` both mean there is none.
   */
  partial?: TranscriptMessage | null;
  /**
   * Token usage up to the cancellation. Optional and nullable; absent and
   * `null` both mean it is unknown.
   */
  usage?: TokenUsage | null;
}

/**
 * `StreamEvent` variant: the turn finished normally. Terminal for the turn.
 */
export interface StreamEventTurnFinished {
  /**
   * Tag: `"turn_finished"`. Required.
   */
  event: "turn_finished";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Provider that served the turn. Required.
   */
  provider: ProviderIdInput;
  /**
   * Provider the turn fell back from, when `provider` is a fallback.
   * Optional and nullable; absent and `null` both mean no fallback happened.
   */
  fallback_from?: ProviderIdInput | null;
  /**
   * Token usage of the turn. Required.
   */
  usage: TokenUsage;
}

/**
 * `StreamEvent` variant: a spending-limit notice. Terminal for the turn when
 * `blocked` is `true`.
 */
export interface StreamEventBudget {
  /**
   * Tag: `"budget"`. Required.
   */
  event: "budget";
  /**
   * Session of the turn. Required.
   */
  session_id: string;
  /**
   * Why the notice was sent. Required.
   */
  outcome: BudgetOutcome;
  /**
   * The turn is stopped by the budget; this makes the event terminal.
   * Required.
   */
  blocked: boolean;
  /**
   * Amount spent so far, in US dollars. Required.
   */
  total_usd: number;
  /**
   * The configured spending limit, in US dollars. Required.
   */
  max_budget_usd: number;
  /**
   * The model's pricing is known, so `total_usd` is meaningful. Required.
   */
  pricing_known: boolean;
}

/**
 * `StreamEvent` variant: a question waits for the user's answer. Sent after
 * the `ask_user/request` server request; it has the same fields and presence
 * rules as `AskUserQuestionRequest` except that there is never a
 * `validation_error`.
 */
export interface StreamEventAskUserQuestionRequested extends AskUserQuestionPayload {
  /**
   * Tag: `"ask_user_question_requested"`. Required.
   */
  event: "ask_user_question_requested";
}

/**
 * `StreamEvent` variant: a question was resolved. The app-server sends it
 * only after core accepted a valid answer, with `outcome` set and `answer`
 * absent.
 */
export interface StreamEventAskUserQuestionResolved {
  /**
   * Tag: `"ask_user_question_resolved"`. Required.
   */
  event: "ask_user_question_resolved";
  /**
   * The question's `request_id` (not the envelope id). Required.
   */
  request_id: string;
  /**
   * How the question ended; the app-server always sets it. Optional and
   * nullable; absent and `null` both mean only a legacy `answer` is known.
   */
  outcome?: AskUserResponseOutcome | null;
  /**
   * Legacy protocol-1.0 answer string; the app-server leaves it out.
   * Optional and nullable; absent and `null` both mean none.
   */
  answer?: string | null;
}

/**
 * `StreamEvent` variant: progress of a local task, such as a background
 * shell command.
 */
export interface StreamEventLocalTaskProgress {
  /**
   * Tag: `"local_task_progress"`. Required.
   */
  event: "local_task_progress";
  /**
   * Session that owns the task. Required.
   */
  session_id: string;
  /**
   * Id of the task. Required.
   */
  task_id: string;
  /**
   * The task's status as free text (not an enum on the wire). Required.
   */
  status: string;
  /**
   * The command the task runs. Optional and nullable; absent and `null`
   * both mean it is not reported.
   */
  command?: string | null;
  /**
   * Exit code of the process. Optional and nullable; absent and `null` both
   * mean no exit code is known.
   */
  exit_code?: Int32 | null;
  /**
   * Number of the signal that ended the process. Optional and nullable;
   * absent and `null` both mean no signal is known.
   */
  signal?: Int32 | null;
}

/**
 * `StreamEvent` variant: a background task changed state.
 */
export interface StreamEventBackgroundTaskUpdated {
  /**
   * Tag: `"background_task_updated"`. Required.
   */
  event: "background_task_updated";
  /**
   * Session that owns the task. Required.
   */
  session_id: string;
  /**
   * The task's current state. Required.
   */
  task: BackgroundTaskView;
}

/**
 * `StreamEvent` variant: the turn or subscription failed. Terminal for the
 * turn. Also sent when the server's event pump panics (`subscription event
 * pump panicked`) or is cancelled unexpectedly (`subscription event pump was
 * cancelled unexpectedly`).
 */
export interface StreamEventError {
  /**
   * Tag: `"error"`. Required.
   */
  event: "error";
  /**
   * Session of the failed turn. Optional and nullable; absent and `null`
   * both mean the error is not tied to a session.
   */
  session_id?: string | null;
  /**
   * Provider that failed. Optional and nullable; absent and `null` both
   * mean the error is not tied to a provider.
   */
  provider?: ProviderIdInput | null;
  /**
   * Classification of the error. Optional and nullable; absent and `null`
   * both mean it is unclassified.
   */
  category?: StreamErrorCategory | null;
  /**
   * Human-readable error message. Required.
   */
  message: string;
  /**
   * What the user could do about it. Optional and nullable; absent and
   * `null` both mean no suggestion.
   */
  suggestion?: string | null;
}

/**
 * One event of a turn or subscription, tagged by `event`. Best-effort events,
 * which may be dropped under backpressure (bounded queue of 1024):
 * `thinking_delta`, `assistant_delta`, `tool_progress`, `hook_progress`;
 * every other event is lossless. Terminal events of a turn: `turn_finished`,
 * `turn_cancelled`, `error`, and `budget` with `blocked` set to `true`.
 */
export type StreamEvent =
  | StreamEventSessionStarted
  | StreamEventSessionLoaded
  | StreamEventRequestStarted
  | StreamEventUserMessage
  | StreamEventAssistantMessageStarted
  | StreamEventThinkingStarted
  | StreamEventThinkingDelta
  | StreamEventThinkingCompleted
  | StreamEventAssistantDelta
  | StreamEventPermissionRequested
  | StreamEventPermissionResolved
  | StreamEventApprovalReviewStarted
  | StreamEventApprovalReviewCompleted
  | StreamEventMcpTrustApprovalRequested
  | StreamEventMcpTrustApprovalResolved
  | StreamEventToolUseStarted
  | StreamEventToolProgress
  | StreamEventHookProgress
  | StreamEventHookNotice
  | StreamEventToolUseCompleted
  | StreamEventAssistantMessageCompleted
  | StreamEventAssistantMessageDiscarded
  | StreamEventContextCompacted
  | StreamEventTurnCancelled
  | StreamEventTurnFinished
  | StreamEventBudget
  | StreamEventAskUserQuestionRequested
  | StreamEventAskUserQuestionResolved
  | StreamEventLocalTaskProgress
  | StreamEventBackgroundTaskUpdated
  | StreamEventError;

/**
 * Params of the server notification `stream/event`: one event of a
 * subscription.
 */
export interface StreamEventNotification {
  /**
   * The subscription the event belongs to, as returned by `turn/submit`,
   * `session/goal/continue` or `background/subscribe`. Required.
   */
  subscription_id: string;
  /**
   * The event. Required.
   */
  event: StreamEvent;
}
