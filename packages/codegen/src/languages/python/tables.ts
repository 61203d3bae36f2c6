// `_tables.py`: how each protocol type maps to its Python classes, read by
// the generic decoder and encoder. Records list their fields with the
// attribute names quicktype gave them and the presence rule the encoder
// follows.
import type { BindingsModel } from "../../model.js";
import type { FieldPlan } from "./fields.js";
import { pythonLiteral } from "./literal.js";
import type { RenderedRecord } from "./renderer.js";
import { unionTableEntries } from "./unions.js";

const EMIT_CONSTANTS: Readonly<Record<FieldPlan["emit"], string>> = {
  always: "ALWAYS",
  or_default: "OR_DEFAULT",
  if_set: "IF_SET",
  when_set: "WHEN_SET",
  unless_unset: "UNLESS_UNSET",
};

function fieldEntry(wire: string, attr: string, plan: FieldPlan): string {
  const options = [
    ...(plan.default === undefined ? [] : [`default=${pythonLiteral(plan.default.value)}`]),
    ...(plan.omitEmpty ? ["omit_empty=True"] : []),
  ];
  return `Field(${[JSON.stringify(wire), JSON.stringify(attr), EMIT_CONSTANTS[plan.emit], ...options].join(", ")})`;
}

function recordEntry(record: RenderedRecord): string[] {
  const extra = record.extra === undefined ? "" : `, extra=${JSON.stringify(record.extra)}`;
  if (record.fields.length === 0) return [`    ${JSON.stringify(record.name)}: Record(protocol.${record.name}, ()${extra}),`];
  return [
    `    ${JSON.stringify(record.name)}: Record(protocol.${record.name}, (`,
    ...record.fields.map((field) => `        ${fieldEntry(field.wire, field.attr, field.plan)},`),
    `    )${extra}),`,
  ];
}

/** The `_tables.py` module body; `enums` maps each enumeration's name to the class declaring it. */
export function tablesModule(model: BindingsModel, records: readonly RenderedRecord[], enums: ReadonlyMap<string, string>): string {
  const sorted = [...records].sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  return [
    '"""How each protocol type maps to its Python classes: records with their fields, enums, unions with their variants."""',
    "",
    "from typing import Any, Dict",
    "",
    "from . import protocol",
    "from ._codec import ALWAYS, IF_SET, OR_DEFAULT, UNLESS_UNSET, WHEN_SET, External, Field, Internal, Record, Untagged",
    "",
    "RECORDS: Dict[str, Record] = {",
    ...sorted.flatMap(recordEntry),
    "}",
    "",
    "ENUMS: Dict[str, type] = {",
    ...[...enums].sort(([left], [right]) => (left < right ? -1 : 1)).map(([name, declared]) => `    ${JSON.stringify(name)}: protocol.${declared},`),
    "}",
    "",
    "UNIONS: Dict[str, Any] = {",
    ...unionTableEntries(model),
    "}",
    "",
  ].join("\n");
}
