import { DEFAULT_MAX_MESSAGE_BYTES } from "@app-server-protocol/validators";
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { runDiff } from "./commands/diff.js";
import { runRedact } from "./commands/redact.js";
import type { Severity } from "./diff/classify.js";
import { DIFF_FORMATS, type DiffFormat } from "./diff/diff-output.js";
import { EXIT_OK, EXIT_USAGE } from "./commands/exit-codes.js";
import { runValidate } from "./commands/validate.js";
import { runView } from "./commands/view.js";
import { FRAMINGS, type Framing } from "./framing.js";
import type { CommandIo } from "./io.js";
import { PROGRESS_EVERY } from "./validate-source.js";
import { REPORT_FORMATS, type ReportFormat } from "./report/writers.js";

function byteCount(text: string): number {
  const count = Number(text);
  if (!Number.isSafeInteger(count) || count < 1) throw new InvalidArgumentError("must be a positive integer");
  return count;
}

function maxBytesOption(): Option {
  return new Option("--max-bytes <bytes>", "largest line accepted, in UTF-8 bytes").argParser(byteCount).default(DEFAULT_MAX_MESSAGE_BYTES);
}

function isFraming(value: unknown): value is Framing {
  return FRAMINGS.some((framing) => framing === value);
}

function isFormat(value: unknown): value is ReportFormat {
  return REPORT_FORMATS.some((format) => format === value);
}

function isDiffFormat(value: unknown): value is DiffFormat {
  return DIFF_FORMATS.some((format) => format === value);
}

const FAIL_LEVELS: readonly Severity[] = ["major", "minor", "patch"];

function isFailLevel(value: unknown): value is Severity {
  return FAIL_LEVELS.some((level) => level === value);
}

/** The parsed options, as commander hands them over. */
type Parsed = { readonly [name: string]: unknown };

function maxBytesOf(parsed: Parsed): number {
  return typeof parsed["maxBytes"] === "number" ? parsed["maxBytes"] : DEFAULT_MAX_MESSAGE_BYTES;
}

function program(io: CommandIo, exit: { code: number }): Command {
  const root = new Command("app-server-protocol")
    .description("Validate, redact and view app-server protocol 1.0 transcripts, and diff schema sets.")
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  root
    .command("validate")
    .description("Validate NDJSON transcripts (app-server or duplex stream-JSON) and report every finding.")
    .argument("[files...]", "transcript files; - or none reads standard input")
    .addOption(new Option("--framing <framing>", "how the files are framed, detected per file by auto").choices(FRAMINGS).default("auto"))
    .addOption(new Option("--format <format>", "report format").choices(REPORT_FORMATS).default("text"))
    .addOption(maxBytesOption())
    .option("--strict", "reject fields the protocol does not define (unknown_field)", false)
    .option("--redact", "also write the redacted transcript to stdout; the report goes to stderr", false)
    .option("--progress", `tell the count of lines read on stderr, every ${PROGRESS_EVERY} lines and at the end of each file`, false)
    .action(async (files: string[], parsed: Parsed) => {
      const framing = isFraming(parsed["framing"]) ? parsed["framing"] : "auto";
      const format = isFormat(parsed["format"]) ? parsed["format"] : "text";
      exit.code = await runValidate(files, { framing, format, maxBytes: maxBytesOf(parsed), strict: parsed["strict"] === true, redact: parsed["redact"] === true, showProgress: parsed["progress"] === true }, io);
    });
  root
    .command("redact")
    .description("Write transcripts to stdout with their sensitive fields replaced by a marker of the same JSON type.")
    .argument("[files...]", "transcript files; - or none reads standard input")
    .addOption(maxBytesOption())
    .action(async (files: string[], parsed: Parsed) => {
      exit.code = await runRedact(files, { maxBytes: maxBytesOf(parsed) }, io);
    });
  root
    .command("diff")
    .description("Classify every change between two schema sets (major, minor, patch), each major one with a witness message.")
    .argument("<old>", "the old schema set: a schemas/ directory, a protocol.schema.json bundle, or git:<ref>")
    .argument("<new>", "the new schema set, in the same forms")
    .addOption(new Option("--format <format>", "report format").choices(DIFF_FORMATS).default("text"))
    .addOption(new Option("--fail-on <level>", "exit 1 when the bump is at least this").choices(FAIL_LEVELS).default("major"))
    .action(async (oldSpec: string, newSpec: string, parsed: Parsed) => {
      const format = isDiffFormat(parsed["format"]) ? parsed["format"] : "text";
      const failOn = isFailLevel(parsed["failOn"]) ? parsed["failOn"] : "major";
      exit.code = await runDiff(oldSpec, newSpec, { format, failOn }, io);
    });
  root
    .command("view")
    .description("Write one self-contained HTML page of a transcript: a timeline, requests with their answers, questions as a user sees them, every finding at its line.")
    .argument("<file>", "the transcript")
    .requiredOption("-o, --output <file>", "the HTML file to write")
    .addOption(new Option("--framing <framing>", "how the file is framed, detected by auto").choices(FRAMINGS).default("auto"))
    .addOption(maxBytesOption())
    .action(async (file: string, parsed: Parsed) => {
      const framing = isFraming(parsed["framing"]) ? parsed["framing"] : "auto";
      const output = typeof parsed["output"] === "string" ? parsed["output"] : "";
      exit.code = await runView(file, { output, framing, maxBytes: maxBytesOf(parsed), strict: false }, io);
    });
  return root;
}

/**
 * Runs the command line `argv` (without the node and script names) against
 * `io`; resolves to the exit code: 0 no error, 1 errors found, 2 usage or
 * I/O error.
 */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const exit = { code: EXIT_OK };
  try {
    await program(io, exit).parseAsync([...argv], { from: "user" });
    return exit.code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    throw error;
  }
}
