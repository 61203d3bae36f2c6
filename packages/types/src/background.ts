import type { Int32, Uint32 } from "./integers.js";
import type { ProviderIdInput } from "./records.js";

/**
 * Params of `background/create`: start a background job that runs a prompt.
 */
export interface BackgroundCreateParams {
  /**
   * Session the job starts from. Required.
   */
  session_id: string;
  /**
   * The prompt the job runs. Sensitive: may carry secrets or user content;
   * do not log. Required.
   * @sensitive
   */
  prompt: string;
}

/**
 * Result of `background/create`.
 */
export interface BackgroundCreateResult {
  /**
   * Id of the new job. Required.
   */
  job_id: string;
  /**
   * Session the job belongs to. Required.
   */
  session_id: string;
  /**
   * The job's status as a free string: the reference writes the PascalCase
   * name of its internal job status, for example `"Queued"`. Not restricted
   * to `BackgroundTaskViewStatus`, since the reference field is a plain
   * string filled from a different enum. Required.
   */
  status: string;
  /**
   * Path of the job's log file. Required.
   */
  log_path: string;
}

/**
 * Params of `background/detail`, `background/cancel`, `background/log` and
 * `background/events`: names one background job.
 */
export interface BackgroundJobParams {
  /**
   * Id of the job. Required.
   */
  job_id: string;
}

/**
 * Result of `background/cancel`.
 */
export interface BackgroundCancelResult {
  /**
   * Id of the job. Required.
   */
  job_id: string;
  /**
   * The job's status after the cancel request as a free string: the
   * PascalCase name of the reference's internal job status, for example
   * `"Cancelled"`. Required.
   */
  status: string;
}

/**
 * Result of `background/log`.
 */
export interface BackgroundLogResult {
  /**
   * The job's log text. Sensitive: may carry secrets or user content; do not
   * log. Required.
   * @sensitive
   */
  log: string;
}

/**
 * Result of `background/events`.
 */
export interface BackgroundEventsResult {
  /**
   * The job's recorded events as one text. Sensitive: may carry secrets or
   * user content; do not log. Required.
   * @sensitive
   */
  events: string;
}

/**
 * Params of `background/subscribe`: follow a background task's stream.
 */
export interface BackgroundSubscribeParams {
  /**
   * Id of the task to follow. Required.
   */
  task_id: string;
}

/**
 * Result of `background/subscribe`.
 */
export interface BackgroundSubscribeResult {
  /**
   * Subscription id; the task's output arrives as `stream/event`
   * notifications carrying it. Required.
   */
  subscription_id: string;
}

/**
 * Params of `background/cancel_async`: ask an asynchronous task of a session
 * to stop.
 */
export interface CancelAsyncTaskParams {
  /**
   * Session that owns the task. Required.
   */
  session_id: string;
  /**
   * Id of the task to cancel. Required.
   */
  task_id: string;
}

/**
 * What a `background/cancel_async` request did: `signalled` (the task was
 * told to stop), `already_terminal` (it had already finished) or
 * `not_found` (no such task).
 */
export type AsyncCancellationResultKind = "signalled" | "already_terminal" | "not_found";

/**
 * Result of `background/cancel_async`.
 */
export interface CancelAsyncTaskResult {
  /**
   * Session that owns the task. Required.
   */
  session_id: string;
  /**
   * Id of the task. Required.
   */
  task_id: string;
  /**
   * What the request did. Required.
   */
  outcome: AsyncCancellationResultKind;
}

/**
 * Result of `background/list` and `background/list_summary`: the background
 * tasks, as a JSON array.
 */
export type BackgroundTaskListResult = BackgroundTaskView[];

/**
 * What kind of work a background task is (PascalCase).
 */
export type BackgroundTaskViewKind = "BackgroundJob" | "LocalAgent" | "LocalShell" | "Workflow";

/**
 * Lifecycle state of a background task (PascalCase). `Queued`,
 * `PermissionPending`, `Running` and `Interrupting` are active; the others
 * are terminal.
 */
export type BackgroundTaskViewStatus =
  | "Queued"
  | "PermissionPending"
  | "Running"
  | "Interrupting"
  | "Completed"
  | "Failed"
  | "Cancelled"
  | "Orphaned"
  | "Unknown";

/**
 * One background task: the `background/detail` result and the item of
 * `BackgroundTaskListResult`.
 */
export interface BackgroundTaskView {
  /**
   * Task id. Required.
   */
  task_id: string;
  /**
   * Session the task belongs to. Required.
   */
  session_id: string;
  /**
   * What kind of work the task is. Required.
   */
  kind: BackgroundTaskViewKind;
  /**
   * The task's lifecycle state. Required.
   */
  status: BackgroundTaskViewStatus;
  /**
   * Human-readable description of the task. Required.
   */
  description: string;
  /**
   * Working directory of the task. Required.
   */
  cwd: string;
  /**
   * When the task was created, an RFC 3339 timestamp. Required.
   */
  created_at: string;
  /**
   * When the task last changed, an RFC 3339 timestamp. Required.
   */
  updated_at: string;
  /**
   * When the task started running, an RFC 3339 timestamp. Optional and
   * nullable; absent and `null` both mean not started; always emitted.
   */
  started_at?: string | null;
  /**
   * When the task finished, an RFC 3339 timestamp. Optional and nullable;
   * absent and `null` both mean not finished; always emitted.
   */
  finished_at?: string | null;
  /**
   * Operating-system process id of the task. Optional and nullable; absent
   * and `null` both mean no process is known; always emitted.
   */
  pid?: Uint32 | null;
  /**
   * Exit code of the task's process. Optional and nullable; absent and
   * `null` both mean no exit code (still running, or ended by a signal);
   * always emitted.
   */
  exit_code?: Int32 | null;
  /**
   * Number of the signal that ended the task's process. Optional and
   * nullable; absent and `null` both mean no signal; always emitted.
   */
  signal?: Int32 | null;
  /**
   * Error message of a failed task. Optional and nullable; absent and `null`
   * both mean no error; always emitted.
   */
  error?: string | null;
  /**
   * Model the task runs with. Optional and nullable; absent and `null` both
   * mean not known; always emitted.
   */
  model?: string | null;
  /**
   * Provider the task runs with. Optional and nullable; absent and `null`
   * both mean not known; always emitted.
   */
  provider?: ProviderIdInput | null;
  /**
   * Permission mode the task runs under, as a free string. Optional and
   * nullable; absent and `null` both mean not known; always emitted.
   */
  permission_mode?: string | null;
  /**
   * Agent type of a `LocalAgent` task. Optional and nullable; absent and
   * `null` both mean none; always emitted.
   */
  agent_type?: string | null;
  /**
   * Id of the child session the task runs in. Optional and nullable; absent
   * and `null` both mean none; always emitted.
   */
  child_session_id?: string | null;
  /**
   * Why the task was cancelled. Optional and nullable; absent and `null`
   * both mean not cancelled or no reason given; always emitted.
   */
  cancellation_reason?: string | null;
  /**
   * Short display label of the task. Optional and nullable; absent and
   * `null` both mean none; always emitted.
   */
  label?: string | null;
  /**
   * The last lines of the task's log. Optional and nullable; absent and
   * `null` both mean not included (for example in a summary listing); always
   * emitted.
   */
  log_tail?: string[] | null;
  /**
   * The task's progress events, oldest first. Optional and nullable; absent
   * and `null` both mean not included; always emitted.
   */
  progress_events?: BackgroundTaskProgressEvent[] | null;
  /**
   * The steps of a `Workflow` task. Optional and nullable; absent and `null`
   * both mean not included or not a workflow; always emitted.
   */
  workflow_steps?: WorkflowStepView[] | null;
}

/**
 * One progress event of a background task.
 */
export interface BackgroundTaskProgressEvent {
  /**
   * When the event happened, an RFC 3339 timestamp. Required.
   */
  timestamp: string;
  /**
   * Event name. Required.
   */
  event: string;
  /**
   * Key of the workflow step the event concerns. Optional and nullable;
   * absent and `null` both mean none; always emitted.
   */
  step_key?: string | null;
  /**
   * Kind of the event's subject. Optional and nullable; absent and `null`
   * both mean none; always emitted.
   */
  kind?: string | null;
  /**
   * Human-readable message. Optional and nullable; absent and `null` both
   * mean none; always emitted.
   */
  message?: string | null;
  /**
   * Output text attached to the event. Optional and nullable; absent and
   * `null` both mean none; always emitted.
   */
  output?: string | null;
  /**
   * Id of the child session the event concerns. Omitted when absent; `null`
   * means absent.
   */
  child_session_id?: string | null;
}

/**
 * Lifecycle state of a workflow step (PascalCase).
 */
export type WorkflowStepViewStatus = "Pending" | "Running" | "Completed" | "Failed" | "Cancelled";

/**
 * One step of a workflow task.
 */
export interface WorkflowStepView {
  /**
   * Key of the step, unique within the workflow run. Required.
   */
  step_key: string;
  /**
   * Key of the enclosing step. Optional and nullable; absent and `null` both
   * mean a top-level step; always emitted.
   */
  parent_key?: string | null;
  /**
   * Nesting depth of the step; 0 for a top-level step. Required.
   */
  depth: Uint32;
  /**
   * Kind of the step. Required.
   */
  kind: string;
  /**
   * Display label of the step. Required.
   */
  label: string;
  /**
   * The step's lifecycle state. Required.
   */
  status: WorkflowStepViewStatus;
  /**
   * When the step started, an RFC 3339 timestamp. Optional and nullable;
   * absent and `null` both mean not started; always emitted.
   */
  started_at?: string | null;
  /**
   * When the step finished, an RFC 3339 timestamp. Optional and nullable;
   * absent and `null` both mean not finished; always emitted.
   */
  finished_at?: string | null;
  /**
   * Output text of the step. Optional and nullable; absent and `null` both
   * mean none; always emitted.
   */
  output?: string | null;
  /**
   * Error message of a failed step. Optional and nullable; absent and `null`
   * both mean no error; always emitted.
   */
  error?: string | null;
  /**
   * Id of the child session the step runs in. Omitted when absent; `null`
   * means absent.
   */
  child_session_id?: string | null;
}

/**
 * Where a workflow command is defined.
 */
export type WorkflowSource = "project" | "user";

/**
 * One workflow command as listed by `workflow/list`.
 */
export interface WorkflowCommand {
  /**
   * Workflow name, as passed to `workflow/start`. Required.
   */
  name: string;
  /**
   * What the workflow does. Required.
   */
  description: string;
  /**
   * Where the workflow is defined. Required.
   */
  source: WorkflowSource;
}

/**
 * Result of `workflow/list`: every workflow command, as a JSON array.
 */
export type WorkflowListResult = WorkflowCommand[];

/**
 * Params of `workflow/start`: start a named workflow.
 */
export interface WorkflowStartParams {
  /**
   * Session the workflow starts from. Required.
   */
  session_id: string;
  /**
   * Name of the workflow. Required.
   */
  name: string;
  /**
   * Arguments text passed to the workflow. Sensitive: may carry secrets or
   * user content; do not log. Optional, defaults to `""` (`null` is not
   * accepted); always emitted.
   * @default ""
   * @sensitive
   */
  arguments?: string;
}

/**
 * Params of `workflow/start_dynamic`: start a workflow from a definition
 * supplied in the request.
 */
export interface WorkflowStartDynamicParams {
  /**
   * Session the workflow starts from. Required.
   */
  session_id: string;
  /**
   * Name of the workflow. Required.
   */
  name: string;
  /**
   * Opaque: any JSON value; the dynamic workflow definition, owned by the
   * extension that runs it. Required.
   * @opaque
   */
  spec: unknown;
  /**
   * Arguments text passed to the workflow. Sensitive: may carry secrets or
   * user content; do not log. Optional, defaults to `""` (`null` is not
   * accepted); always emitted.
   * @default ""
   * @sensitive
   */
  arguments?: string;
}

/**
 * Params of `workflow/resume`: resume a workflow run.
 */
export interface WorkflowResumeParams {
  /**
   * Id of the workflow run to resume. Required.
   */
  run_id: string;
}

/**
 * Result of `workflow/start`, `workflow/start_dynamic` and `workflow/resume`:
 * the background task that runs the workflow.
 */
export interface WorkflowTaskResult {
  /**
   * Id of the background task that runs the workflow; `background/subscribe`
   * takes it as its `task_id`. Required.
   */
  task_id: string;
}
