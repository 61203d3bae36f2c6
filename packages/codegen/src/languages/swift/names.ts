// Swift spellings of the names and literals the union pass writes.
import type { VariantData } from "../../unions.js";

/** Swift's reserved words: an enum case spelled as one needs backticks. */
const KEYWORDS = new Set([
  "Any", "Self", "Type", "actor", "as", "associatedtype", "async", "await", "break", "case", "catch", "class", "continue", "default", "defer",
  "deinit", "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in", "init",
  "inout", "internal", "is", "let", "nil", "open", "operator", "private", "precedencegroup", "protocol", "public", "repeat", "rethrows",
  "return", "self", "static", "struct", "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while",
]);

/** The lowerCamelCase form of a PascalCase name, lowering a leading acronym whole (`MCPServer` to `mcpServer`). */
export function lowerCamel(name: string): string {
  const leading = /^[A-Z]+/.exec(name)?.[0] ?? "";
  if (leading.length <= 1 || leading.length === name.length) return `${leading.toLowerCase()}${name.slice(leading.length)}`;
  const keep = /[a-z]/.test(name[leading.length] ?? "") ? leading.length - 1 : leading.length;
  return `${name.slice(0, keep).toLowerCase()}${name.slice(keep)}`;
}

/** An enum case name as written in a declaration or after a dot. */
export function swiftCase(pascalName: string): string {
  const name = lowerCamel(pascalName);
  return KEYWORDS.has(name) ? `\`${name}\`` : name;
}

/** A Swift string literal of a wire name. */
export function swiftString(value: string): string {
  if (/[\u0000-\u001f]/.test(value)) throw new Error(`wire name ${JSON.stringify(value)} has a control character`);
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** The Swift type of a variant's payload. */
export function swiftPayloadType(data: VariantData): string {
  if ("ref" in data) return data.ref;
  return { string: "String", integer: "Int", number: "Double", boolean: "Bool" }[data.primitive];
}

/** Documentation comment lines. */
export function swiftDoc(lines: readonly string[]): string[] {
  return lines.map((line) => (line === "" ? "///" : `/// ${line}`));
}
