// Kotlin spellings of the names, literals and comments the passes write.
import type { VariantData } from "../../unions.js";

/** The package every declaration lives in. */
export const KOTLIN_PACKAGE = "appserverprotocol";

/** Text for inside a Kotlin string literal: `$` would start a template, so it is escaped too. */
export function kotlinStringContent(value: string): string {
  if (/[\u0000-\u001f]/.test(value)) throw new Error(`${JSON.stringify(value)} has a control character`);
  return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\$/g, "\\$");
}

/**
 * The words of a wire spelling: split at anything but a letter or digit and
 * at each capital that starts a word (`McpServerIdParams`, `bypassPermissions`,
 * `DarkANSI`); a digit stays with the letters after it (`1h`, `5m`).
 */
function wordsOf(wire: string): string[] {
  return wire.split(/[^A-Za-z0-9]+/).flatMap((part) => part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z0-9]+|[0-9]+/g) ?? []);
}

function capitalized(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1).toLowerCase()}`;
}

/**
 * A wire spelling as a Kotlin identifier, camel case for a property
 * (`session_id` is `sessionId`) and Pascal case for an enum entry
 * (`McpServerIdParams`, `streamable_http` is `StreamableHttp`): an acronym is
 * written as a word, as Kotlin's own libraries write `Id`, `Url` and `Http`.
 */
export function kotlinIdentifier(wire: string, initial: "lower" | "upper"): string {
  const words = wordsOf(wire).map(capitalized);
  const [first = "Empty", ...rest] = words;
  const identifier = `${initial === "lower" ? first.toLowerCase() : first}${rest.join("")}`;
  // A name cannot start with a digit: `1h` reads as "the 1h".
  return /^[0-9]/.test(identifier) ? `${initial === "lower" ? "the" : "The"}${identifier}` : identifier;
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
