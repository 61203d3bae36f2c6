import type { Uint } from "./integers.js";
import type { ProviderIdInput } from "./records.js";

/**
 * How a provider credential authenticates, in the spelling the server emits
 * for the enum: `o_auth_device` is the serializer's snake_case of
 * `OAuthDevice`. Decoders also accept the alias `oauth_device`; see
 * `AuthMethodInput`.
 */
export type AuthMethod = "api_key" | "o_auth_device" | "chatgpt";

/**
 * Every spelling of `AuthMethod` a decoder accepts: the emitted values plus
 * the input alias `oauth_device`, which means the same as `o_auth_device`.
 * @emitted AuthMethod
 */
export type AuthMethodInput = AuthMethod | "oauth_device";

/**
 * One provider credential known to the auth store or the environment, as
 * reported by `auth/overview`.
 */
export interface AuthStatusEntry {
  /**
   * Provider the credential is for. Required.
   */
  provider: ProviderIdInput;
  /**
   * How the credential authenticates; the server emits `o_auth_device`, and
   * `oauth_device` is only accepted on input. Required.
   */
  method: AuthMethodInput;
  /**
   * Human-readable description of where the credential comes from, without
   * the secret. Required.
   */
  source_summary: string;
  /**
   * The credential is stored in the auth store (`false`: it comes from the
   * environment). Required.
   */
  persisted: boolean;
  /**
   * The credential may be used (`false`: present but blocked). Required.
   */
  usable: boolean;
  /**
   * This is the credential in use for its provider. Required.
   */
  active: boolean;
}

/**
 * Result of `auth/overview`: the stored and environment credentials, without
 * secrets.
 */
export interface AuthOverview {
  /**
   * Path of the auth store file. Required.
   */
  store_path: string;
  /**
   * One entry per known credential; empty when there are none. Required.
   */
  entries: AuthStatusEntry[];
}

/**
 * One credential as reported inside `StatusOverview.auth`: the fields of
 * `AuthStatusEntry` plus the update time, which the dedicated auth methods do
 * not report.
 */
export interface StatusAuthStatusEntry extends AuthStatusEntry {
  /**
   * When the credential was last updated, as an RFC 3339 timestamp. Optional
   * and nullable (a missing key reads as `null`; always emitted); `null` means
   * no update time is recorded.
   */
  updated_at?: string | null;
}

/**
 * The authentication view embedded in `diagnostics/status` (the `auth` field
 * of `StatusOverview`).
 */
export interface StatusAuthOverview {
  /**
   * Path of the auth store file. Required.
   */
  store_path: string;
  /**
   * One entry per known credential; empty when there are none. Required.
   */
  entries: StatusAuthStatusEntry[];
}

/**
 * Params of `auth/login`: store or activate a credential for a provider.
 */
export interface AuthLoginParams {
  /**
   * Provider to log in to. Required.
   */
  provider: ProviderIdInput;
  /**
   * How to authenticate; `oauth_device` is accepted as an alias of
   * `o_auth_device`. Required.
   */
  method: AuthMethodInput;
  /**
   * The secret, for example an API key; sensitive, never logged and never
   * returned by the server. Optional and nullable; absent and `null` both mean
   * no token.
   * @sensitive
   */
  token?: string | null;
  /**
   * Name of an environment variable that holds the credential. Optional and
   * nullable; absent and `null` both mean none.
   */
  env_var?: string | null;
}

/**
 * Result of `auth/login`: the resulting credential entry, without the secret.
 */
export interface AuthLoginResult {
  /**
   * Provider the credential is for. Required.
   */
  provider: ProviderIdInput;
  /**
   * How the credential authenticates: any string on the wire, as the
   * reference decodes it (`pub method: String`, spec 2.15). The reference
   * writes the method's display name (`api_key`, `oauth_device` or
   * `chatgpt`); a reader must not reject other spellings. Required.
   */
  method: string;
  /**
   * Human-readable description of where the credential comes from, without
   * the secret. Required.
   */
  source_summary: string;
  /**
   * The credential is stored in the auth store (`false`: it comes from the
   * environment). Required.
   */
  persisted: boolean;
  /**
   * The credential may be used (`false`: present but blocked). Required.
   */
  usable: boolean;
  /**
   * This is the credential in use for its provider. Required.
   */
  active: boolean;
}

/**
 * Params of `auth/logout`: remove stored credentials.
 */
export interface AuthLogoutParams {
  /**
   * Provider whose credentials to remove. Optional and nullable; absent and `null` both mean every
   * provider.
   */
  provider?: ProviderIdInput | null;
}

/**
 * Result of `auth/logout`.
 */
export interface AuthLogoutResult {
  /**
   * How many stored credentials were removed. Required.
   */
  removed: Uint;
}
