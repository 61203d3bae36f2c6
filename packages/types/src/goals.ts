import type { Uint64 } from "./integers.js";

// Persistent goals (`session/goal/*`, experimental): one goal per session,
// guarded by an optimistic `revision`. The methods need both
// `experimental_methods` and `persistent_goals` in `ClientCapabilities`.

/**
 * Lifecycle state of a session's persistent goal.
 */
export type SessionGoalStatus = "active" | "paused" | "blocked" | "usage_limited" | "budget_limited" | "complete";

/**
 * The persistent goal of a session, as shared by transcripts and every
 * client.
 */
export interface SessionGoal {
  /**
   * Goal id; `session/goal/continue` names it. Required.
   */
  goal_id: string;
  /**
   * Revision of the goal, at least 1; clients send the last revision they saw
   * back as `expected_revision`. Required.
   * @minimum 1
   */
  revision: Uint64;
  /**
   * Session that owns the goal. Required.
   */
  session_id: string;
  /**
   * What the goal is to achieve (user content). Required.
   * @sensitive
   */
  objective: string;
  /**
   * Lifecycle state. Required.
   */
  status: SessionGoalStatus;
  /**
   * Token budget of the goal, at least 1. Optional and nullable; absent and
   * `null` both mean no budget; always emitted.
   * @minimum 1
   */
  token_budget?: Uint64 | null;
  /**
   * Tokens spent on the goal so far. Optional, defaults to `0`; always
   * emitted.
   * @default 0
   */
  tokens_used?: Uint64;
  /**
   * Seconds spent on the goal so far. Optional, defaults to `0`; always
   * emitted.
   * @default 0
   */
  elapsed_seconds?: Uint64;
  /**
   * When the goal was created, as an RFC 3339 timestamp. Required.
   */
  created_at: string;
  /**
   * When the goal last changed, as an RFC 3339 timestamp. Required.
   */
  updated_at: string;
  /**
   * Why the goal stopped. Optional and nullable; absent and `null` both mean
   * none (the reference's goal fixtures leave it out when it is `null`).
   */
  stop_reason?: string | null;
  /**
   * Id of the last turn run for the goal. Optional and nullable; absent and
   * `null` both mean none (may be left out when `null`, like `stop_reason`).
   */
  last_goal_turn_id?: string | null;
}

/**
 * Result of `session/goal/get`.
 */
export interface SessionGoalGetResult {
  /**
   * The session's goal. Optional and nullable; absent and `null` both mean
   * the session has no goal; always emitted.
   */
  goal?: SessionGoal | null;
}

/**
 * Params of `session/goal/set`: create the session's goal or change it.
 * Only the fields present change.
 */
export interface SessionGoalSetParams {
  /**
   * Session whose goal is set. Required.
   */
  session_id: string;
  /**
   * The `revision` the client last saw, at least 1; needed whenever an
   * existing goal is changed. Omitted when absent; `null` means absent.
   * @minimum 1
   */
  expected_revision?: Uint64 | null;
  /**
   * Explicit user authority to replace a terminal goal; model tools never
   * set it. Optional, defaults to `false` (`null` is not accepted); always
   * emitted.
   * @default false
   */
  replace?: boolean;
  /**
   * New objective (user content). Omitted when unchanged; `null` means
   * unchanged.
   * @sensitive
   */
  objective?: string | null;
  /**
   * New lifecycle state. Omitted when unchanged; `null` means unchanged.
   */
  status?: SessionGoalStatus | null;
  /**
   * Three-state budget change: key absent keeps the current budget, `null`
   * clears it, an integer of at least 1 sets it. Omitted when unchanged.
   * @minimum 1
   */
  token_budget?: Uint64 | null;
}

/**
 * Result of `session/goal/set`.
 */
export interface SessionGoalSetResult {
  /**
   * The goal after the change. Required.
   */
  goal: SessionGoal;
}

/**
 * Result of `session/goal/clear`.
 */
export interface SessionGoalClearResult {
  /**
   * Whether a goal existed and was removed. Required.
   */
  cleared: boolean;
}

/**
 * Params of `session/goal/continue`: run a turn toward the goal.
 */
export interface SessionGoalContinueParams {
  /**
   * Session that owns the goal. Required.
   */
  session_id: string;
  /**
   * Goal to continue; must be the session's current goal. Required.
   */
  goal_id: string;
  /**
   * The `revision` the client last saw, at least 1; a stale value gives
   * `not_started` with reason `stale_revision`. Required.
   * @minimum 1
   */
  expected_revision: Uint64;
}

/**
 * Why `session/goal/continue` did not start a turn.
 */
export type SessionGoalNotStartedReason =
  | "missing"
  | "stale_revision"
  | "inactive"
  | "usage_limited"
  | "budget_limited"
  | "pending_user_input"
  | "active_turn"
  | "client_not_capable";

/**
 * `SessionGoalContinueResult` variant: a goal turn started; its events arrive
 * as `stream/event` notifications keyed by `subscription_id`, as for
 * `turn/submit`.
 */
export interface SessionGoalContinueStarted {
  /**
   * Tag: `"started"`. Required.
   */
  outcome: "started";
  /**
   * Subscription of the new turn's `stream/event` notifications. Required.
   */
  subscription_id: string;
  /**
   * Id of the new turn. Required.
   */
  turn_id: string;
  /**
   * The refreshed goal. Required.
   */
  goal: SessionGoal;
}

/**
 * `SessionGoalContinueResult` variant: no turn was started.
 */
export interface SessionGoalContinueNotStarted {
  /**
   * Tag: `"not_started"`. Required.
   */
  outcome: "not_started";
  /**
   * Why no turn was started. Required.
   */
  reason: SessionGoalNotStartedReason;
  /**
   * The refreshed goal. Optional and nullable; absent and `null` both mean
   * there is no goal; always emitted.
   */
  goal?: SessionGoal | null;
}

/**
 * Result of `session/goal/continue`, tagged by `outcome`.
 */
export type SessionGoalContinueResult = SessionGoalContinueStarted | SessionGoalContinueNotStarted;
