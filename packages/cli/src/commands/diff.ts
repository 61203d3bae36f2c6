import { reaches, type Severity } from "../diff/classify.js";
import { formatDiff, type DiffFormat } from "../diff/diff-output.js";
import { loadSchemaSet } from "../diff/load-set.js";
import { diffSchemaSets, type DiffReport } from "../diff/schema-diff.js";
import { SchemaSetError } from "../diff/schema-set.js";
import type { CommandIo } from "../io.js";
import { written } from "../report/writers.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";

export interface DiffOptions {
  readonly format: DiffFormat;
  readonly failOn: Severity;
}

function diffed(oldSpec: string, newSpec: string): DiffReport | SchemaSetError {
  try {
    return diffSchemaSets(loadSchemaSet(oldSpec), loadSchemaSet(newSpec));
  } catch (error) {
    if (error instanceof SchemaSetError) return error;
    throw error;
  }
}

/** Diffs the schema sets `oldSpec` and `newSpec`; exits 1 when the bump reaches `failOn`, 2 when a set cannot be read. */
export async function runDiff(oldSpec: string, newSpec: string, options: DiffOptions, io: CommandIo): Promise<number> {
  const report = diffed(oldSpec, newSpec);
  if (report instanceof SchemaSetError) {
    await written(io.stderr, `app-server-protocol: ${report.message}\n`);
    return EXIT_USAGE;
  }
  await written(io.stdout, formatDiff(report, options.format));
  return reaches(report.bump, options.failOn) ? EXIT_FINDINGS : EXIT_OK;
}
