// `schema_table.go`: every definition of the bundle as the checker of
// `check.go` reads it (schema-table.ts; a union or tagged record in its
// checked form, checked-forms.ts), as one JSON text. Patterns are
// spelled for Go's RE2 syntax; RE2 has no lookahead, so a pattern that is a
// negative lookahead of the whole string (`^(?!command$)`) becomes the
// pattern it refuses, under `notPattern`.
import { checkForms } from "../../checked-forms.js";
import type { BindingsModel } from "../../model.js";
import { tableSchema, type TableLanguage } from "../../schema-table.js";
import type { JsonObject } from "../../schema.js";
import { jsonNumberText } from "@app-server-protocol/generator/json";
import { GO_HEADER } from "./format.js";

const WHOLE_NEGATIVE_LOOKAHEAD = /^\^\(\?!([^()]*)\)$/;
const UNICODE_ESCAPE = /\\u([0-9A-Fa-f]{4})/g;

/** An ECMAScript pattern (matched with the `u` flag) as RE2 syntax with the same matches. */
export function goPattern(source: string, where: string): JsonObject {
  const negated = WHOLE_NEGATIVE_LOOKAHEAD.exec(source);
  const body = negated === null ? source : `^${negated[1] ?? ""}`;
  if (/\(\?[=!<]/.test(body) || /\\[pPkbB]/.test(body)) throw new Error(`${where}: the pattern ${JSON.stringify(source)} uses a construct RE2 reads differently`);
  const spelled = body.replace(UNICODE_ESCAPE, (_match, hex: string) => `\\x{${hex}}`);
  return negated === null ? { pattern: spelled } : { notPattern: spelled };
}

const EXACT_MARK = "\u0000exact:";
const MARKED = /"\\u0000exact:(-?\d+)"/g;

/** Compact JSON with the 64-bit bounds spelled exactly (JSON.stringify writes 2^64 for u64's maximum). */
function exactJson(value: unknown): string {
  const marked = JSON.stringify(value, (_key, item: unknown) => (typeof item === "number" && jsonNumberText(item) !== String(item) ? `${EXACT_MARK}${jsonNumberText(item)}` : item));
  return marked.replace(MARKED, "$1");
}

const GO: TableLanguage = { name: "Go", pattern: goPattern };

export function schemaTableFile(model: BindingsModel, packageName: string): string {
  // The checked forms accept the same values and say why a value is not one in the protocol's terms (an unknown tag).
  const forms = checkForms(model);
  const table = Object.fromEntries(Object.entries(model.definitions).map(([name, schema]) => [name, tableSchema(forms.get(name) ?? schema, model, GO, name)]));
  const text = exactJson(table);
  if (text.includes("`")) throw new Error("the schema table holds a backquote, which a Go raw string cannot");
  return `${GO_HEADER}\npackage ${packageName}\n\n// schemaTableJSON is every definition of the protocol's schema as the checker reads it.\nconst schemaTableJSON = \`${text}\`\n`;
}
