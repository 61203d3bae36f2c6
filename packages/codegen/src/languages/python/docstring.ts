// Docstrings for the declarations the pass writes itself (quicktype writes
// those of records and enums).
import { wrapWords } from "../../text.js";

const WIDTH = 92;

/**
 * The text as the lines of a docstring body, wrapped, escaped so that only
 * the closing delimiter ends the literal: backslashes doubled, and every
 * quote escaped that another quote or the end of the body follows.
 */
function docstringLines(text: string): string[] {
  const paragraphs = text.replace(/\\/g, "\\\\").split(/\n\s*\n/).map((paragraph) => wrapWords(paragraph, WIDTH));
  const body = paragraphs.flatMap((paragraph, index) => (index === 0 ? paragraph : ["", ...paragraph])).join("\n");
  return body.replace(/"(?="|$)/g, '\\"').split("\n");
}

/** A docstring at `indent`, as source lines. */
export function docstring(text: string, indent: string): string[] {
  const lines = docstringLines(text);
  if (lines.length === 1) return [`${indent}"""${lines[0] ?? ""}"""`];
  return [`${indent}"""${lines[0] ?? ""}`, ...lines.slice(1).map((line) => (line === "" ? "" : `${indent}${line}`)), `${indent}"""`];
}
