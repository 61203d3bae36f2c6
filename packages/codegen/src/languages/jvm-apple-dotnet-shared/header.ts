// The protocol header in place of quicktype's own banner, for source files
// and for the README each pass writes.
import { HEADER_LINES, commentHeader } from "../../language.js";

/**
 * The source with its leading comment block (quicktype's banner and usage
 * notes, which name the view's root type) replaced by the protocol header.
 */
export function withProtocolHeader(source: string, marker: string): string {
  const lines = source.split("\n");
  let first = 0;
  while (first < lines.length && (lines[first]?.trim() === "" || lines[first]?.startsWith(marker) === true)) first += 1;
  return `${commentHeader(marker)}\n${lines.slice(first).join("\n").replace(/\n*$/, "\n")}`;
}

/** The header as HTML comments, for Markdown files. */
export function markdownHeader(): string {
  return `${HEADER_LINES.map((line) => `<!-- ${line} -->`).join("\n")}\n`;
}
