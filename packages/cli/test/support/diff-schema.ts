import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

/** Whether a value is a `diff --format json` report the shipped schema accepts. */
export const validateDiffReport = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(new URL("../../schemas/diff-report.schema.json", import.meta.url), "utf8")));
