// Each enumeration as a Rust enum of unit variants, in the order the
// schema lists the values (quicktype would sort them by name). The wire
// spelling is serde's `rename_all` style most variants follow, and a
// `rename` on each variant that follows none.
import { stringLiteral } from "./naming.js";
import { DERIVES, NON_EXHAUSTIVE } from "./unions.js";

export interface EnumDeclaration {
  name: string;
  doc: string[] | undefined;
  /** The wire values in source order, with the case names quicktype gave them (distinct where spellings differ only in case). */
  cases: readonly { value: string; caseName: string }[];
}

function snake(variant: string): string {
  return [...variant].map((char, index) => (index > 0 && char !== char.toLowerCase() ? `_${char.toLowerCase()}` : char.toLowerCase())).join("");
}

/** serde's `rename_all` styles, as serde spells a PascalCase variant in each; `PascalCase` is serde's default. */
export const RENAME_STYLES: readonly [string, (variant: string) => string][] = [
  ["PascalCase", (variant) => variant],
  ["snake_case", snake],
  ["camelCase", (variant) => `${variant.slice(0, 1).toLowerCase()}${variant.slice(1)}`],
  ["kebab-case", (variant) => snake(variant).replaceAll("_", "-")],
  ["lowercase", (variant) => variant.toLowerCase()],
  ["SCREAMING_SNAKE_CASE", (variant) => snake(variant).toUpperCase()],
];

/** The style most cases follow; the first listed wins a tie. */
function renameStyle(cases: EnumDeclaration["cases"]): [string, (variant: string) => string] {
  const fits = (spell: (variant: string) => string): number => cases.filter(({ value, caseName }) => spell(caseName) === value).length;
  let best = RENAME_STYLES[0] ?? ["PascalCase", (variant: string) => variant];
  for (const style of RENAME_STYLES) if (fits(style[1]) > fits(best[1])) best = style;
  return best;
}

export function enumDeclaration({ name, doc, cases }: EnumDeclaration): string[] {
  const [style, spell] = renameStyle(cases);
  const lines = [...(doc ?? []).map((line) => `///${line.length > 0 ? ` ${line}` : ""}`), DERIVES, NON_EXHAUSTIVE];
  if (style !== "PascalCase") lines.push(`#[serde(rename_all = "${style}")]`);
  lines.push(`pub enum ${name} {`);
  cases.forEach(({ value, caseName }, index) => {
    if (index > 0) lines.push("");
    if (spell(caseName) !== value) lines.push(`    #[serde(rename = ${stringLiteral(value)})]`);
    lines.push(`    ${caseName},`);
  });
  lines.push("}");
  return lines;
}
