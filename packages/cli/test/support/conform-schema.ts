import { readFileSync } from "node:fs";
import { Ajv2020 } from "ajv/dist/2020.js";

/** Whether a value is a `conform --format json` report the shipped schema accepts. */
export const validateConformReport = new Ajv2020({ strict: true }).compile(JSON.parse(readFileSync(new URL("../../schemas/conform-report.schema.json", import.meta.url), "utf8")));
