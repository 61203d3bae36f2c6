import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";
import { formatDiff } from "../../src/diff/diff-output.js";
import type { DiffReport } from "../../src/diff/schema-diff.js";

const ajv = new Ajv2020({ strict: true });
const schema = (file: string): { [key: string]: unknown } => JSON.parse(readFileSync(new URL(`../../schemas/${file}`, import.meta.url), "utf8"));
ajv.addSchema(schema("diff-except.schema.json"));

/** Whether a value is a `diff --format json` report the shipped schema accepts. */
export const validateDiffReport = ajv.compile(schema("diff-report.schema.json"));

/** Whether a value is an except file the shipped schema accepts. */
export const validateExceptFile = ajv.getSchema("https://app-server-protocol.dev/cli/diff-except.schema.json") ?? ajv.compile(schema("diff-except.schema.json"));

/** A report from `diffSchemaSets` as `--format json` prints it. */
export function printedJson(report: DiffReport): unknown {
  return JSON.parse(formatDiff(report, "json"));
}
