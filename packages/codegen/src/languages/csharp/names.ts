// C# spellings of the names, literals and comments the passes write.
import type { VariantData } from "../../unions.js";

/** The namespace every declaration lives in. */
export const CSHARP_NAMESPACE = "AppServerProtocol";

/** A C# string literal. */
export function csharpString(value: string): string {
  if (/[\u0000-\u001f]/.test(value)) throw new Error(`${JSON.stringify(value)} has a control character`);
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** Text for inside an interpolated C# string: braces would open a hole. */
export function csharpInterpolatedContent(value: string): string {
  return csharpString(value).slice(1, -1).replace(/\{/g, "{{").replace(/\}/g, "}}");
}

/** The C# type of a variant's payload. */
export function csharpPayloadType(data: VariantData): string {
  if ("ref" in data) return data.ref;
  return { string: "string", integer: "long", number: "double", boolean: "bool" }[data.primitive];
}

function xmlEscaped(line: string): string {
  return line.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An XML documentation summary, or nothing for no text. */
export function csharpDoc(lines: readonly string[]): string[] {
  if (lines.length === 0) return [];
  return ["/// <summary>", ...lines.map((line) => (line === "" ? "///" : `/// ${xmlEscaped(line)}`)), "/// </summary>"];
}
