/**
 * Params of the methods that take none. The server accepts any JSON object
 * and ignores its keys, and treats an absent `params` as `{}`.
 */
export interface EmptyParams {
  // An index signature, not `{}`: TypeScript lets any non-null value,
  // `42` included, stand for an empty interface.
  /**
   * Any key, with any JSON value: opaque, and ignored by the server.
   */
  [ignored: string]: unknown;
}

/**
 * Success `data` of the methods that return no payload: the server sends
 * `data` absent or `null`, and readers treat both as `null`.
 */
export type NoData = null;

/**
 * Params naming the session a method acts on.
 */
export interface SessionIdParams {
  /**
   * The session to act on. Required.
   */
  session_id: string;
}

/**
 * Result of `permission/respond`.
 */
export interface SentResult {
  /**
   * A pending permission prompt with that `request_id` was found and the
   * answer was delivered to it. Required.
   */
  sent: boolean;
}

/**
 * A result that names one file: the settings file written by
 * `settings/update_sandbox`, or the memory file ensured by
 * `settings/ensure_memory_file`.
 */
export interface PathResult {
  /**
   * The file path, as a string. Required.
   */
  path: string;
}

/**
 * Params that turn a setting on or off (`settings/set_auto_memory`).
 */
export interface EnabledParams {
  /**
   * `true` turns the setting on, `false` turns it off. Required.
   */
  enabled: boolean;
}

/**
 * Result of a method that turns a setting on or off.
 */
export interface EnabledResult {
  /**
   * Whether the setting is now on. Required.
   */
  enabled: boolean;
}

/**
 * Params naming one settings key (`settings/is_locked`).
 */
export interface SettingKeyParams {
  /**
   * The settings key to look up. Required.
   */
  key: string;
}

/**
 * Result of `settings/is_locked`.
 */
export interface SettingLockedResult {
  /**
   * The key is locked, so the client cannot change it. Required.
   */
  locked: boolean;
}

/**
 * Params naming one file path (`settings/ensure_memory_file`).
 */
export interface StringPathParams {
  /**
   * The file path, as a string. Required.
   */
  path: string;
}
