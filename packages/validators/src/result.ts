/**
 * Why a value was rejected:
 * - `too_large`: the text is longer than the configured byte cap (nothing was parsed);
 * - `invalid_json`: the text is not JSON (or an NDJSON line holds a chunk that is neither text nor bytes);
 * - `invalid_utf8`: an NDJSON line of bytes is not valid UTF-8 (only when the reader is `fatal`);
 * - `missing_field`: a required field (or union tag) is absent;
 * - `wrong_type`: a value has the wrong JSON type;
 * - `unknown_tag`: a union tag (`type`, `status`, `outcome`, ...) has a value the protocol does not define;
 * - `invalid_value`: a value is outside its enum, constant or integer range, or matches no variant of a union;
 *   in producer-strict mode also a value its type reads but producers do not write (an input alias, a usage count above u32);
 * - `unknown_field`: producer-strict mode only: a field the protocol does not define;
 * - `unknown_method`: the method is not a method of protocol 1.0 in that direction;
 * - `unprocessable`: the value could not be examined at all (it exhausted the stack, a getter answered differently when read again), or an NDJSON line parser threw;
 * - `duplicate_key`: the JSON text writes a key twice in one object (JSON.parse keeps the last value);
 * - `lone_surrogate`: a string of the JSON text holds a UTF-16 surrogate without its partner;
 * - `non_integer_literal`: an integer field's number is written with a fraction or an exponent
 *   (`1.0`, `1e1`) or as `-0`, which an exact decoder reads as a floating-point number.
 *
 * The last three, and `invalid_value` for a number no double holds or an
 * integer beyond its field's bounds as written, come only from the checks of
 * a value's text (`lexical` of the text entry points, `textFacts`).
 */
export type ValidationFailureCode =
  | "too_large"
  | "invalid_json"
  | "invalid_utf8"
  | "missing_field"
  | "wrong_type"
  | "unknown_tag"
  | "invalid_value"
  | "unknown_field"
  | "unknown_method"
  | "unprocessable"
  | "duplicate_key"
  | "lone_surrogate"
  | "non_integer_literal";

/** The first thing wrong with a value, and where. */
export interface ValidationFailure {
  /** What kind of problem it is. */
  readonly code: ValidationFailureCode;
  /** JSON Pointer to the offending value in the message (`""` is the whole message). */
  readonly path: string;
  /**
   * One line for people, starting with the path when there is one, for
   * example `/params/request_id: missing required field`. Bounded in length:
   * long keys in the path (and quoted values) are cut short, so use `path`
   * to find the value.
   */
  readonly message: string;
  /** The protocol type whose schema rejected the value, when a schema did. */
  readonly type?: string;
}

/** A verdict: the value, typed, or the first failure. Validators return it; they never throw. */
export type ValidationResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ValidationFailure };

/** The longest a key of a path, or a name, is shown in a message before it is cut short. */
const SHOWN_TOKEN_UNITS = 64;

/** The most keys of a path a message shows: the first and last halves of a deeper path. */
const SHOWN_PATH_TOKENS = 8;

/** `text` cut to `max` UTF-16 units, marked with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** A JSON Pointer as a message shows it: long keys cut short, the middle of a deep path left out. */
function shownPath(path: string): string {
  if (path.length <= SHOWN_TOKEN_UNITS) return path;
  const tokens = path.split("/").slice(1);
  const half = SHOWN_PATH_TOKENS / 2;
  const shown = tokens.length > SHOWN_PATH_TOKENS ? [...tokens.slice(0, half), "…", ...tokens.slice(-half)] : tokens;
  return `/${shown.map((token) => clip(token, SHOWN_TOKEN_UNITS)).join("/")}`;
}

/** A message about the value at `path`: `text`, after the path as a message shows it when there is one. */
export function messageAt(path: string, text: string): string {
  return path === "" ? text : `${shownPath(path)}: ${text}`;
}

/** Builds a failure whose message starts with its path, when it has one. */
export function failure(code: ValidationFailureCode, path: string, text: string, type?: string): { readonly ok: false; readonly error: ValidationFailure } {
  const message = messageAt(path, text);
  return { ok: false, error: type === undefined ? { code, path, message } : { code, path, message, type } };
}

/** A short, safe rendering of a value for a message: never the whole of a large or deep value. */
export function preview(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(clip(value, 40));
  if (value === null || typeof value === "number" || typeof value === "boolean") return String(value);
  return Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : typeof value;
}

/** The name of what a validator caught, for a message: never throws, whatever was thrown. */
export function thrownName(thrown: unknown): string {
  try {
    return thrown instanceof Error ? clip(String(thrown.name), SHOWN_TOKEN_UNITS) : "error";
  } catch {
    return "error";
  }
}
