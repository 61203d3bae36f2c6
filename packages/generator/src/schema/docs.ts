import type ts from "typescript";

/**
 * Doc comment parts as plain text for a schema `description`: `{@link X}`
 * becomes `X` (or its link text), hard-wrapped lines are joined, and
 * paragraphs stay separated by a blank line.
 */
export function renderDocumentation(parts: readonly ts.SymbolDisplayPart[]): string {
  let text = "";
  let linkName = "";
  let linkText = "";
  let inLink = false;
  for (const part of parts) {
    if (part.kind === "link") {
      if (inLink) text += linkText.trim() || linkName;
      inLink = !inLink;
      linkName = "";
      linkText = "";
    } else if (inLink) {
      if (part.kind === "linkName") linkName += part.text;
      else linkText += part.text;
    } else {
      text += part.text;
    }
  }
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.split(/\s*\n\s*/).join(" ").trim())
    .filter((paragraph) => paragraph !== "")
    .join("\n\n");
}
