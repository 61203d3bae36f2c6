// Kotlin spellings of the names, literals and comments the passes write.
import type { VariantData } from "../../unions.js";

/** The package every declaration lives in. */
export const KOTLIN_PACKAGE = "appserverprotocol";

/** Text for inside a Kotlin string literal: `$` would start a template, so it is escaped too. */
export function kotlinStringContent(value: string): string {
  if (/[\u0000-\u001f]/.test(value)) throw new Error(`${JSON.stringify(value)} has a control character`);
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\$/g, "\\$");
}

/** A Kotlin string literal. */
export function kotlinString(value: string): string {
  return `"${kotlinStringContent(value)}"`;
}

/** The Kotlin type of a variant's payload. */
export function kotlinPayloadType(data: VariantData): string {
  if ("ref" in data) return data.ref;
  return { string: "String", integer: "Long", number: "Double", boolean: "Boolean" }[data.primitive];
}

// A KDoc block, or nothing for no text. Kotlin block comments nest, so an opening
// delimiter in the text is defused as well as a closing one.
export function kotlinDoc(lines: readonly string[]): string[] {
  if (lines.length === 0) return [];
  return ["/**", ...lines.map((line) => (line === "" ? " *" : ` * ${line.replace(/\*\//g, "*&#47;").replace(/\/\*/g, "&#47;*")}`)), " */"];
}
