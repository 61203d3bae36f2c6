import { Command, Option } from "commander";
import { reaches, type Severity } from "../diff/classify.js";
import { DIFF_FORMATS, formatDiff, type DiffFormat, type FailPolicy } from "../diff/diff-output.js";
import { exceptEntries, ExceptFileError, type ExceptEntry } from "../diff/except.js";
import { loadSchemaSet } from "../diff/load-set.js";
import { diffSchemaSets, type DiffChange, type DiffReport } from "../diff/schema-diff.js";
import { SchemaSetError, type SchemaSet } from "../diff/schema-set.js";
import type { CommandIo } from "../io.js";
import { written } from "../report/writers.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { choiceOf, type ExitCode, type Parsed } from "./options.js";

export interface DiffOptions {
  readonly format: DiffFormat;
  readonly failOn: Severity;
  readonly failOnUnproven: boolean;
  readonly assertFormats: boolean;
  readonly followSymlinks: boolean;
  /** The except file's path. */
  readonly except?: string;
}

function readExcept(file: string): ExceptEntry[] {
  const fs = process.getBuiltinModule("node:fs");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new ExceptFileError(`cannot be read: ${error instanceof Error ? (error.message.split("\n")[0] ?? "read failed") : "read failed"}`);
  }
  return exceptEntries(text);
}

interface Diffed {
  readonly report: DiffReport;
  readonly sets: readonly [SchemaSet, SchemaSet];
}

function diffed(oldSpec: string, newSpec: string, options: DiffOptions): Diffed | string {
  try {
    const except = options.except === undefined ? {} : { except: readExcept(options.except) };
    const sets = [loadSchemaSet(oldSpec, { followSymlinks: options.followSymlinks }), loadSchemaSet(newSpec, { followSymlinks: options.followSymlinks })] as const;
    return { report: diffSchemaSets(sets[0], sets[1], { assertFormats: options.assertFormats, ...except }), sets };
  } catch (error) {
    if (error instanceof ExceptFileError) return `except file ${options.except ?? ""} ${error.message}`;
    if (error instanceof SchemaSetError) return error.message;
    throw error;
  }
}

/** Whether a change fails the run by itself: its severity reaches `--fail-on`, or it is unproven and `--fail-on-unproven` is given; an excepted change never does. */
function failsRun(options: DiffOptions): (change: DiffChange) => boolean {
  return (change) => {
    if (change.excepted === true || change.severity === "none") return false;
    if (change.severity === "unproven") return options.failOnUnproven;
    return reaches(change.severity, options.failOn);
  };
}

function subjectsOf([oldSet, newSet]: readonly [SchemaSet, SchemaSet]): FailPolicy["subjects"] {
  const names = (left: Iterable<string>, right: Iterable<string>) => [...new Set([...left, ...right])].sort();
  const types = names(oldSet.types.keys(), newSet.types.keys()).map((name) => ({ name, group: "type" as const }));
  const methods = names(oldSet.methods?.keys() ?? [], newSet.methods?.keys() ?? []).map((name) => ({ name, group: "method" as const }));
  return [...types, ...methods];
}

/** Diffs the schema sets `oldSpec` and `newSpec`; exits 1 when a change fails the run (README "Diff exit codes") or an except entry is stale, 2 when a set or the except file cannot be read. */
export async function runDiff(oldSpec: string, newSpec: string, options: DiffOptions, io: CommandIo): Promise<number> {
  const result = diffed(oldSpec, newSpec, options);
  if (typeof result === "string") {
    await written(io.stderr, `app-server-protocol: ${result}\n`);
    return EXIT_USAGE;
  }
  const fails = failsRun(options);
  await written(io.stdout, formatDiff(result.report, options.format, { fails, subjects: subjectsOf(result.sets) }));
  const failed = result.report.changes.some(fails) || (result.report.stale_exceptions ?? []).length > 0;
  return failed ? EXIT_FINDINGS : EXIT_OK;
}

const FAIL_LEVELS: readonly Severity[] = ["major", "minor", "patch"];

/** The `diff` command. */
export function diffCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("diff")
    .description("Classify every change between two schema sets (major, minor, patch), each major one with a witness message ajv confirmed on both sets; a breaking claim without one is unproven.")
    .argument("<old>", "the old schema set: a schemas/ directory, a peer's schema folder, a protocol.schema.json bundle, or git:<ref>")
    .argument("<new>", "the new schema set, in the same forms")
    .addOption(new Option("--format <format>", "report format").choices(DIFF_FORMATS).default("text"))
    .addOption(new Option("--fail-on <level>", "exit 1 when a change (not excepted) is at least this severe").choices(FAIL_LEVELS).default("major"))
    .option("--fail-on-unproven", "exit 1 when a breaking claim has no witness (severity unproven)")
    .option("--assert-formats", "treat `format` as validating (a format change is then major or minor), not as an annotation (patch)")
    .option("--except <file>", "a JSON file of accepted breaking changes (schemas/diff-except.schema.json): matched changes do not fail the run, entries matching none do")
    .option("--follow-symlinks", "read schema files through symbolic links that lead out of the named folder")
    .action(async (oldSpec: string, newSpec: string, parsed: Parsed) => {
      const format = choiceOf(parsed, "format", DIFF_FORMATS, "text");
      const failOn = choiceOf(parsed, "failOn", FAIL_LEVELS, "major");
      const except = typeof parsed["except"] === "string" ? { except: parsed["except"] } : {};
      exit.code = await runDiff(oldSpec, newSpec, { format, failOn, failOnUnproven: parsed["failOnUnproven"] === true, assertFormats: parsed["assertFormats"] === true, followSymlinks: parsed["followSymlinks"] === true, ...except }, io);
    });
}

