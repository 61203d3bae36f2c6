import type { AskUserValidationError } from "@app-server-protocol/types";
import { validateType } from "@app-server-protocol/validators";

/**
 * The `malformed_response` error for a value that does not decode as an
 * outcome: `invalid AskUserQuestion response: <path>: <reason>` (spec 4.4,
 * 5.5), with long map keys in the path cut short. Never throws.
 */
export function undecodableOutcome(outcome: unknown): AskUserValidationError {
  const decoded = validateType("AskUserResponseOutcome", outcome);
  return { code: "malformed_response", message: `invalid AskUserQuestion response: ${decoded.ok ? "not an outcome" : decoded.error.message}` };
}
