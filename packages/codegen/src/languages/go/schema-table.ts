// `schema_table.go`: every definition of the bundle as the checker of
// `check.go` reads it (schema-table.ts; a union or tagged record in its
// checked form, checked-forms.ts), as one JSON text, patterns in Go's RE2
// syntax (re2-pattern.ts).
import { checkForms } from "../../checked-forms.js";
import type { BindingsModel } from "../../model.js";
import { re2PatternKeywords } from "../../re2-pattern.js";
import { tableSchema, type TableLanguage } from "../../schema-table.js";
import { jsonNumberText } from "@app-server-protocol/generator/json";
import { GO_HEADER } from "./format.js";

const EXACT_MARK = "\u0000exact:";
const MARKED = /"\\u0000exact:(-?\d+)"/g;

/** Compact JSON with the 64-bit bounds spelled exactly (JSON.stringify writes 2^64 for u64's maximum). */
function exactJson(value: unknown): string {
  const marked = JSON.stringify(value, (_key, item: unknown) => (typeof item === "number" && jsonNumberText(item) !== String(item) ? `${EXACT_MARK}${jsonNumberText(item)}` : item));
  return marked.replace(MARKED, "$1");
}

const GO: TableLanguage = { name: "Go", pattern: re2PatternKeywords };

export function schemaTableFile(model: BindingsModel, packageName: string): string {
  // The checked forms accept the same values and say why a value is not one in the protocol's terms (an unknown tag).
  const forms = checkForms(model);
  const table = Object.fromEntries(Object.entries(model.definitions).map(([name, schema]) => [name, tableSchema(forms.get(name) ?? schema, model, GO, name)]));
  const text = exactJson(table);
  if (text.includes("`")) throw new Error("the schema table holds a backquote, which a Go raw string cannot");
  return `${GO_HEADER}\npackage ${packageName}\n\n// schemaTableJSON is every definition of the protocol's schema as the checker reads it.\nconst schemaTableJSON = \`${text}\`\n`;
}
