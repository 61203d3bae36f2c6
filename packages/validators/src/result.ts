/**
 * Why a value was rejected:
 * - `too_large`: the text is longer than the configured byte cap (nothing was parsed);
 * - `invalid_json`: the text is not JSON;
 * - `missing_field`: a required field (or union tag) is absent;
 * - `wrong_type`: a value has the wrong JSON type;
 * - `unknown_tag`: a union tag (`type`, `status`, `outcome`, ...) has a value the protocol does not define;
 * - `invalid_value`: a value is outside its enum, constant or integer range, or matches no variant of a union;
 * - `unknown_field`: producer-strict mode only: a field the protocol does not define;
 * - `unknown_method`: the method is not a method of protocol 1.0 in that direction;
 * - `unprocessable`: the value could not be examined at all (for example it exhausted the stack).
 */
export type ValidationFailureCode =
  | "too_large"
  | "invalid_json"
  | "missing_field"
  | "wrong_type"
  | "unknown_tag"
  | "invalid_value"
  | "unknown_field"
  | "unknown_method"
  | "unprocessable";

/** The first thing wrong with a value, and where. */
export interface ValidationFailure {
  /** What kind of problem it is. */
  readonly code: ValidationFailureCode;
  /** JSON Pointer to the offending value in the message (`""` is the whole message). */
  readonly path: string;
  /** One line for people, starting with the path, for example `/params/request_id: missing required field`. */
  readonly message: string;
  /** The protocol type whose schema rejected the value, when a schema did. */
  readonly type?: string;
}

/** A verdict: the value, typed, or the first failure. Validators return it; they never throw. */
export type ValidationResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ValidationFailure };

/** Builds a failure whose message starts with its path. */
export function failure(code: ValidationFailureCode, path: string, text: string, type?: string): { readonly ok: false; readonly error: ValidationFailure } {
  const message = `${path === "" ? "(message)" : path}: ${text}`;
  return { ok: false, error: type === undefined ? { code, path, message } : { code, path, message, type } };
}

/** A short, safe rendering of a value for a message: never the whole of a large or deep value. */
export function preview(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  return Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : typeof value;
}
