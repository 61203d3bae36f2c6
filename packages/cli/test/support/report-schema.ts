import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

/** The shipped JSON Schema of the `--format json` report. */
export const REPORT_SCHEMA: { readonly $defs: { readonly Finding: { readonly properties: { readonly code: { readonly enum: readonly string[] } } } } } = JSON.parse(
  readFileSync(new URL("../../schemas/validate-report.schema.json", import.meta.url), "utf8"),
);

/** Whether a value is a report the schema accepts. */
export const validateReport = new Ajv2020({ strict: true }).compile(REPORT_SCHEMA);
