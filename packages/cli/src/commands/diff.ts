import { Command, Option } from "commander";
import { reaches, type Severity } from "../diff/classify.js";
import { DIFF_FORMATS, formatDiff, type DiffFormat } from "../diff/diff-output.js";
import { loadSchemaSet } from "../diff/load-set.js";
import { diffSchemaSets, type DiffReport } from "../diff/schema-diff.js";
import { SchemaSetError } from "../diff/schema-set.js";
import type { CommandIo } from "../io.js";
import { written } from "../report/writers.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { choiceOf, type ExitCode, type Parsed } from "./options.js";

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

const FAIL_LEVELS: readonly Severity[] = ["major", "minor", "patch"];

/** The `diff` command. */
export function diffCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("diff")
    .description("Classify every change between two schema sets (major, minor, patch), each major one with a witness message.")
    .argument("<old>", "the old schema set: a schemas/ directory, a protocol.schema.json bundle, or git:<ref>")
    .argument("<new>", "the new schema set, in the same forms")
    .addOption(new Option("--format <format>", "report format").choices(DIFF_FORMATS).default("text"))
    .addOption(new Option("--fail-on <level>", "exit 1 when the bump is at least this").choices(FAIL_LEVELS).default("major"))
    .action(async (oldSpec: string, newSpec: string, parsed: Parsed) => {
      const format = choiceOf(parsed, "format", DIFF_FORMATS, "text");
      const failOn = choiceOf(parsed, "failOn", FAIL_LEVELS, "major");
      exit.code = await runDiff(oldSpec, newSpec, { format, failOn }, io);
    });
}
