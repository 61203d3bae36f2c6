// A record's Go declaration: the struct, and the JSON methods it needs
// where encoding/json alone would not write what the reference writes (a
// union tag, defaults, empty lists, preserved unknown keys).
import { alignBlock, docComment, goString, type BlockLine } from "./format.js";
import type { FieldPlan } from "./fields.js";

export interface RecordPlan {
  name: string;
  description: string | undefined;
  fields: FieldPlan[];
  /** The tag an internally tagged union writes into this variant. */
  tag: { field: string; value: string } | undefined;
  /** Keys besides the fields are kept (the schema says extra keys are preserved). */
  keepsUnknownKeys: boolean;
}

/** The Go field holding a record's unknown keys. */
export const UNKNOWN_KEYS_FIELD = "Extra";

function structLines(plan: RecordPlan, fieldDescriptions: ReadonlyMap<string, string | undefined>): string[] {
  if (plan.fields.length === 0 && !plan.keepsUnknownKeys) return [`type ${plan.name} struct{}`];
  const body: BlockLine[] = [];
  for (const field of plan.fields) {
    for (const line of docComment(fieldDescriptions.get(field.jsonName), "\t")) body.push({ verbatim: line });
    const tag = field.tristate ? "-" : `${field.jsonName}${field.omitEmpty ? ",omitempty" : ""}`;
    body.push({ cells: [field.goName, field.goType, `\`json:${goString(tag)}\``] });
  }
  if (plan.keepsUnknownKeys) {
    body.push({ verbatim: "\t// The keys besides the fields above, as they were read; written back after them." });
    body.push({ cells: [UNKNOWN_KEYS_FIELD, "map[string]json.RawMessage", '`json:"-"`'] });
  }
  return [`type ${plan.name} struct {`, ...alignBlock(body, "\t"), "}"];
}

const RETURN_ERROR = ["\t\treturn err", "\t}"];

function unmarshalLines(plan: RecordPlan): string[] | undefined {
  const constants = plan.fields.flatMap((field) => (field.prefill !== undefined && "constant" in field.prefill ? [`${field.goName}: ${field.prefill.constant}`] : []));
  const decoded = plan.fields.flatMap((field) => (field.prefill !== undefined && "json" in field.prefill ? [{ field: field.goName, json: field.prefill.json }] : []));
  const tristates = plan.fields.filter((field) => field.tristate);
  const checked = plan.fields.filter((field) => field.constant !== undefined);
  if (constants.length === 0 && decoded.length === 0 && tristates.length === 0 && checked.length === 0 && !plan.keepsUnknownKeys) return undefined;
  const reasons = [
    constants.length + decoded.length > 0 ? "reads an absent field as its default" : undefined,
    tristates.length > 0 ? "tells an absent field from a null one" : undefined,
    checked.length > 0 ? "rejects a tag other than the one this record has" : undefined,
    plan.keepsUnknownKeys ? "keeps the keys besides the fields" : undefined,
  ].filter((reason) => reason !== undefined);
  const lines = [`// UnmarshalJSON ${reasons.join(", ")}.`, `func (r *${plan.name}) UnmarshalJSON(data []byte) error {`, `\ttype plain ${plan.name}`, `\tvalue := plain{${constants.join(", ")}}`];
  // Raw JSON reads `null` as "null": its default goes in afterwards, where the field was absent or null.
  const raw = decoded.filter(({ field }) => plan.fields.find((candidate) => candidate.goName === field)?.goType === "json.RawMessage");
  for (const { field, json } of decoded) if (!raw.some((entry) => entry.field === field)) lines.push(`\tif err := json.Unmarshal([]byte(${goString(json)}), &value.${field}); err != nil {`, ...RETURN_ERROR);
  lines.push("\tif err := json.Unmarshal(data, &value); err != nil {", ...RETURN_ERROR);
  for (const { field, json } of raw) lines.push(`\tif isAbsent(value.${field}) {`, `\t\tvalue.${field} = json.RawMessage(${goString(json)})`, "\t}");
  tristates.forEach((field, index) => {
    const read = `read${index}`;
    lines.push(`\t${read}, err := readTristate[${field.goType.slice("Tristate[".length, -1)}](data, ${goString(field.jsonName)})`, "\tif err != nil {", ...RETURN_ERROR, `\tvalue.${field.goName} = ${read}`);
  });
  for (const field of checked) {
    lines.push(`\tif err := checkTag(${goString(plan.name)}, ${goString(field.jsonName)}, ${goString(field.constant ?? "")}, value.${field.goName}); err != nil {`, ...RETURN_ERROR);
  }
  if (plan.keepsUnknownKeys) {
    const known = [...plan.fields.map((field) => field.jsonName), ...(plan.tag === undefined ? [] : [plan.tag.field])];
    lines.push(`\textra, err := unknownKeys(data, ${known.map(goString).join(", ")})`, "\tif err != nil {", ...RETURN_ERROR, `\tvalue.${UNKNOWN_KEYS_FIELD} = extra`);
  }
  lines.push(`\t*r = ${plan.name}(value)`, "\treturn nil", "}");
  return lines;
}

function marshalLines(plan: RecordPlan): string[] | undefined {
  const empties = plan.fields.filter((field) => field.emptyForNil !== undefined);
  const tristates = plan.fields.filter((field) => field.tristate);
  const constants = plan.fields.filter((field) => field.constant !== undefined);
  const nulls = plan.fields.filter((field) => field.nullLeftOut);
  const members = plan.tag !== undefined || tristates.length > 0;
  if (empties.length === 0 && constants.length === 0 && nulls.length === 0 && !members && !plan.keepsUnknownKeys) return undefined;
  const reasons = [
    nulls.length > 0 ? "no field for a null payload" : undefined,
    plan.tag === undefined ? undefined : `the ${goString(plan.tag.field)} tag`,
    constants.length > 0 ? "the tag of an unset tag field" : undefined,
    empties.length > 0 ? "empty lists and maps for nil ones" : undefined,
    tristates.length > 0 ? "a null field as null and an absent one not at all" : undefined,
    plan.keepsUnknownKeys ? "the unknown keys" : undefined,
  ].filter((reason) => reason !== undefined);
  const lines = [`// MarshalJSON writes ${reasons.join(", ")}.`, `func (r ${plan.name}) MarshalJSON() ([]byte, error) {`, `\ttype plain ${plan.name}`, "\tvalue := plain(r)"];
  for (const field of nulls) lines.push(`\tif isAbsent(value.${field.goName}) {`, `\t\tvalue.${field.goName} = nil`, "\t}");
  for (const field of empties) lines.push(`\tif value.${field.goName} == nil {`, `\t\tvalue.${field.goName} = ${field.emptyForNil ?? ""}`, "\t}");
  for (const field of constants) lines.push(`\tif value.${field.goName} == "" {`, `\t\tvalue.${field.goName} = ${goString(field.constant ?? "")}`, "\t}");
  if (!members && !plan.keepsUnknownKeys) {
    lines.push("\treturn json.Marshal(value)", "}");
    return lines;
  }
  const extra = plan.keepsUnknownKeys ? `value.${UNKNOWN_KEYS_FIELD}` : "nil";
  if (!members) {
    lines.push(`\treturn encodeObject(value, nil, ${extra})`, "}");
    return lines;
  }
  const tag = plan.tag === undefined ? "" : `{key: ${goString(plan.tag.field)}, value: ${goString(plan.tag.value)}}`;
  lines.push(`\tmembers := []member{${tag}}`);
  for (const field of tristates) lines.push(`\tif value.${field.goName}.Set {`, `\t\tmembers = append(members, member{key: ${goString(field.jsonName)}, value: value.${field.goName}.Value})`, "\t}");
  lines.push(`\treturn encodeObject(value, members, ${extra})`, "}");
  return lines;
}

/** The declarations of a record: its struct, then its JSON methods when it needs them. */
export function recordDeclarations(plan: RecordPlan, fieldDescriptions: ReadonlyMap<string, string | undefined>): string[][] {
  const declarations = [[...docComment(plan.description), ...structLines(plan, fieldDescriptions)]];
  const unmarshal = unmarshalLines(plan);
  if (unmarshal !== undefined) declarations.push(unmarshal);
  const marshal = marshalLines(plan);
  if (marshal !== undefined) declarations.push(marshal);
  return declarations;
}
