// Schema descriptions as JSDoc, wrapped to a fixed width so the output is
// stable and readable.
import { wrapWords } from "../../text.js";

const WIDTH = 100;

/** A JSDoc block at `indent`, or nothing for an absent description. */
export function docComment(text: string | undefined, indent = ""): string {
  if (text === undefined || text.trim() === "") return "";
  // `*/` would end the comment early.
  const paragraphs = text.replaceAll("*/", "*\\/").split(/\n\s*\n/);
  const lines = paragraphs.flatMap((paragraph, index) => [...(index > 0 ? [""] : []), ...wrapWords(paragraph, WIDTH - indent.length - 3)]);
  if (lines.length === 1) return `${indent}/** ${lines[0] ?? ""} */\n`;
  return `${indent}/**\n${lines.map((line) => (line === "" ? `${indent} *` : `${indent} * ${line}`)).join("\n")}\n${indent} */\n`;
}
