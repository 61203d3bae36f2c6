import type { ValidationFailure } from "@app-server-protocol/validators";
import { QUOTED_LENGTH, clipped } from "./preview.js";

/** The longest path a message shows; deeper paths end in an ellipsis. */
const SHOWN_PATH_LENGTH = 256;

/** The validators start a failure's message with its path, or with this placeholder when the path is the whole value. */
const WHOLE_VALUE = "(message)";

/** A JSON Pointer for a message: each long segment (a user's map key) cut short, and the whole bounded. */
export function shownPath(path: string): string {
  const shown = path
    .split("/")
    .map((segment) => clipped(segment, QUOTED_LENGTH))
    .join("/");
  return clipped(shown, SHOWN_PATH_LENGTH);
}

/**
 * A validation failure as the tail of a message: `<path>: <reason>`, or the
 * reason alone when the whole value failed, so no `(message)` placeholder
 * reaches a peer. The path is shortened for the message only; the failure
 * keeps it exact. A message that does not start with the exact path was
 * shortened by the validators already and is kept as it is.
 */
export function failureText(failure: ValidationFailure): string {
  const { path, message } = failure;
  if (path === "") {
    const placeholder = `${WHOLE_VALUE}: `;
    return message.startsWith(placeholder) ? message.slice(placeholder.length) : message;
  }
  const prefix = `${path}: `;
  return message.startsWith(prefix) ? `${shownPath(path)}: ${message.slice(prefix.length)}` : message;
}
