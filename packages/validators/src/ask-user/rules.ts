import type { AskUserValidationCode, AskUserValidationError } from "@app-server-protocol/types";

/** An interactive-question rule failure. */
export function broken(code: AskUserValidationCode, message: string): AskUserValidationError {
  return { code, message };
}

/** An id or label quoted for a message, cut short when long. */
export function quote(text: string): string {
  return `\`${text.length > 64 ? `${text.slice(0, 64)}…` : text}\``;
}
