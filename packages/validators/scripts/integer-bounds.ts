import { jsonNumberText } from "@app-server-protocol/generator/json";
import { visitSchemas } from "@app-server-protocol/generator/schema-tools";
import type { JsonObject } from "@app-server-protocol/generator/json";

// JSON.parse reads a bound such as u64's 18446744073709551615 as the nearest
// double, 2^64, whose shortest text is 18446744073709552000. The generator
// writes each such bound exactly (jsonNumberText), and a failure message
// prints it as the schema writes it.

const BOUND_KEYWORDS = ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"];

/** The module of `exactBound(limit)`: the text the schemas write for each integer bound of `bundle` whose double prints differently, by that double. */
export function integerBoundsModule(bundle: JsonObject, header: string): string {
  const texts = new Map<number, string>();
  visitSchemas(bundle, (node) => {
    for (const keyword of BOUND_KEYWORDS) {
      const bound = node[keyword];
      if (typeof bound === "number" && jsonNumberText(bound) !== String(bound)) texts.set(bound, jsonNumberText(bound));
    }
  });
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
