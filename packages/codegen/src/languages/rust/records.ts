// How a record is read: serde's derived reader also takes a JSON array of
// the fields in order, which the protocol (and every other binding) refuses.
// So a record derives only `Serialize`; a private struct with the same
// fields derives the reader (`#[serde(remote)]`), and the record's
// `Deserialize` (the `read_from_object!` macro of the presence module) hands
// it only objects.

/** The derives of a record, whose `Deserialize` reads objects only. */
export const RECORD_DERIVES = "#[derive(Debug, Clone, PartialEq, Serialize)]";

/** The name of the struct serde reads `record`'s fields through. */
export function fieldsStructName(record: string): string {
  return `${record}Fields`;
}

/** The reading struct of `record` (its fields as the record declares them, serde attributes and all) and the record's `Deserialize`. */
export function recordFields(record: string, fields: readonly (readonly string[])[]): string[] {
  const reader = fieldsStructName(record);
  return [
    `/// The fields of [\`${record}\`], as serde reads them from a JSON object.`,
    "#[derive(Deserialize)]",
    `#[serde(remote = "${record}")]`,
    ...(fields.length === 0 ? [`struct ${reader} {}`] : [`struct ${reader} {`, ...fields.flatMap((lines) => lines.map((line) => `    ${line.replace(/^pub /, "")}`)), "}"]),
    "",
    `crate::presence::read_from_object!(${record}, ${reader});`,
  ];
}
