import type { AskUserValidationCode, AskUserValidationError } from "@app-server-protocol/types";
import { clip } from "../result.js";

/** An interactive-question rule failure. */
export function broken(code: AskUserValidationCode, message: string): AskUserValidationError {
  return { code, message };
}

/** An id or label quoted for a message, cut short when long. */
export function quote(text: string): string {
  return `\`${clip(text, 64)}\``;
}
