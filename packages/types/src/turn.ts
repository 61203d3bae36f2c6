/**
 * Params of `turn/submit`, which starts a turn, and of `turn/steer`, which
 * adds a prompt to the turn already running.
 */
export interface TurnSubmitParams {
  /**
   * The session the turn belongs to. Required.
   */
  session_id: string;
  /**
   * The user's prompt text; sensitive, must not be logged. Required.
   * @sensitive
   */
  prompt: string;
}

/**
 * Result of `turn/submit`, returned as soon as the turn starts.
 */
export interface TurnSubmitResult {
  /**
   * Keys the `stream/event` notifications that carry the turn's output.
   * Required.
   */
  subscription_id: string;
}

/**
 * Result of `turn/cancel`.
 */
export interface TurnCancelResult {
  /**
   * Whether a running turn was cancelled. Required.
   */
  cancelled: boolean;
}

/**
 * Result of `turn/interrupt`.
 */
export interface TurnInterruptResult {
  /**
   * Whether a running turn was interrupted. Required.
   */
  interrupted: boolean;
}
