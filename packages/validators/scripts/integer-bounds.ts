import { lexicalFacts } from "../src/lexical/scan.js";

// JSON.parse reads a bound such as u64's 18446744073709551615 as the nearest
// double, 2^64, whose shortest text is 18446744073709552000. The bounds are
// read from the schema text itself, so a failure message can print the bound
// the schema writes.

const BOUND_KEYWORDS = /\/(?:exclusiveM|m)(?:in|ax)imum$/;

/**
 * The module of `exactBound(limit)`: the text of each integer bound in the
 * schema text `bundleText` whose double prints differently, by that double.
 */
export function integerBoundsModule(bundleText: string, header: string): string {
  const texts = new Map<number, string>();
  for (const { path, text } of lexicalFacts(bundleText).numbers) {
    if (!BOUND_KEYWORDS.test(path) || !/^-?[0-9]+$/.test(text)) continue;
    const double = Number(text);
    if (String(double) === text) continue;
    const known = texts.get(double);
    if (known !== undefined && known !== text) throw new Error(`bounds ${known} and ${text} are the same double: a message could not tell them apart`);
    texts.set(double, text);
  }
  const cases = [...texts].sort(([a], [b]) => a - b).map(([double, text]) => `    case ${String(double)}:\n      return ${JSON.stringify(text)};`);
  return [
    header,
    "",
    "/** The text the schemas write for an integer bound JSON.parse reads as `limit`, when its double prints differently; `undefined` otherwise. */",
    "export function exactBound(limit: number): string | undefined {",
    "  switch (limit) {",
    ...cases,
    "    default:",
    "      return undefined;",
    "  }",
    "}",
    "",
  ].join("\n");
}
