// `_schema.py`: the schema bundle as the generated checker reads it, so
// Python verdicts follow the schema the TypeScript validators compile.
// Annotations are dropped, references name their definition, discriminated
// `oneOf`s become a tag-to-variant mapping, and patterns are spelled for
// Python's `re`. A keyword the checker does not implement fails generation.
import type { BindingsModel } from "../../model.js";
import { tableSchema, type TableLanguage } from "../../schema-table.js";
import type { JsonObject } from "../../schema.js";
import { pythonLiteral } from "./literal.js";
import { checkForms } from "./check-forms.js";
import { pythonPattern } from "./pattern.js";

const PYTHON: TableLanguage = { name: "Python", pattern: (source) => ({ pattern: pythonPattern(source) }) };

function entries(schemas: Iterable<[string, JsonObject]>, model: BindingsModel): string[] {
  return [...schemas].map(([name, schema]) => `    ${JSON.stringify(name)}: ${pythonLiteral(tableSchema(schema, model, PYTHON, name))},`);
}

/** The `_schema.py` module body (after the header). */
export function schemaModule(model: BindingsModel): string {
  return [
    '"""The protocol schema as the checker and the decoder read it, without annotations, references by name."""',
    "",
    "from typing import Any, Dict",
    "",
    "DEFINITIONS: Dict[str, Any] = {",
    ...entries(Object.entries(model.definitions), model),
    "}",
    '"""Every definition of the bundle, by name."""',
    "",
    "CHECKED_FORMS: Dict[str, Any] = {",
    ...entries(checkForms(model), model),
    "}",
    '"""The definitions the checker reads in another form that accepts the same values but fails as the TypeScript validators do."""',
    "",
  ].join("\n");
}

/** The `_methods.py` module body: the method registry. */
export function methodsModule(model: BindingsModel): string {
  const entries = model.methods.map(
    (entry) => `    ${JSON.stringify(entry.method)}: MethodEntry(${[entry.method, entry.direction, entry.stability, entry.params].map((text) => JSON.stringify(text)).join(", ")}, ${pythonLiteral(entry.result)}),`,
  );
  return [
    '"""The method registry (schemas/methods.json): every method with its direction and its params and result types."""',
    "",
    "from typing import Dict",
    "",
    "from ._codec import MethodEntry",
    "",
    "METHODS: Dict[str, MethodEntry] = {",
    ...entries,
    "}",
    "",
  ].join("\n");
}
