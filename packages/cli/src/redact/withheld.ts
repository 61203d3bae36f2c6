/** Why a line is withheld: it cannot be read, or cannot be redacted safely. */
export type WithheldReason = "not JSON" | "not UTF-8" | "over --max-bytes" | "a key written twice" | "cannot be redacted";

/**
 * The line written in place of a withheld one: a `#` comment, which no JSON
 * reader takes for a message (`validate` reports it as `invalid_json`), and
 * which quotes nothing of the line it replaces.
 */
export function placeholderLine(reason: WithheldReason): string {
  return `# redact: line withheld (${reason})`;
}
