// The Go identifiers the package's files share: the constant of an enum
// value and the names a union's declaration adds around its variants.
import { allUpperWordStyle, combineWords, firstUpperWordStyle, legalizeCharacters, splitIntoWords } from "quicktype-core";
import { variantName } from "../../unions.js";

/** `[A-Za-z0-9_]`, tested on the code point: quicktype asks for every character of every name. */
function isIdentifierCharacter(codePoint: number): boolean {
  return (codePoint >= 0x61 && codePoint <= 0x7a) || (codePoint >= 0x41 && codePoint <= 0x5a) || (codePoint >= 0x30 && codePoint <= 0x39) || codePoint === 0x5f;
}

/** A wire spelling in Go's exported style, with Go's initialisms (`dark-ansi` is `DarkANSI`). */
export function goIdentifier(wire: string): string {
  return combineWords(splitIntoWords(wire), legalizeCharacters(isIdentifierCharacter), firstUpperWordStyle, firstUpperWordStyle, allUpperWordStyle, allUpperWordStyle, "", isIdentifierCharacter);
}

const SEPARATOR_WORDS: Readonly<Record<string, string>> = { "-": " dash ", _: " underscore ", "/": " slash ", ".": " dot ", " ": " space " };

/**
 * The constant of each enum value, prefixed with its type so no two enums'
 * constants collide (`EditorModeSettingVim`). A value whose Go spelling an
 * earlier value already has spells its separators out
 * (`bypass-permissions` after `bypassPermissions` is `...BypassDashPermissions`).
 */
export function enumConstantNames(typeName: string, values: readonly string[]): ReadonlyMap<string, string> {
  // quicktype asks once per value, and the answer for a value depends on the values before it.
  const key = [typeName, ...values].join("\u0000");
  const known = namedEnums.get(key);
  if (known !== undefined) return known;
  const constants = new Map<string, string>();
  const taken = new Set<string>();
  for (const value of values) {
    const candidates = [goIdentifier(value), goIdentifier(value.replace(/[-_/. ]/g, (separator) => SEPARATOR_WORDS[separator] ?? separator))];
    let constant = candidates.map((candidate) => `${typeName}${candidate}`).find((candidate) => !taken.has(candidate));
    for (let suffix = 2; constant === undefined; suffix += 1) {
      const numbered = `${typeName}${candidates[0] ?? ""}${suffix}`;
      if (!taken.has(numbered)) constant = numbered;
    }
    taken.add(constant);
    constants.set(value, constant);
  }
  namedEnums.set(key, constants);
  return constants;
}

const namedEnums = new Map<string, ReadonlyMap<string, string>>();

/** The interface every variant of a union implements. */
export function variantInterfaceName(union: string): string {
  return `${union}Variant`;
}

/** The unexported method that marks a type as a variant of a union. */
export function markerMethodName(union: string): string {
  return `is${union}`;
}

/** The function that decodes a union into its variant. */
export function unionDecoderName(union: string): string {
  return `Unmarshal${union}`;
}

/** The unexported function reading a union's variant from a value already checked (`readStreamEvent`). */
export function unionReaderName(union: string): string {
  return `read${union}`;
}

/** The empty record standing for a bare-string variant of an externally tagged union (`CompactDecisionProceed`). */
export function unitVariantName(union: string, unit: string): string {
  return `${union}${variantName(unit)}`;
}
