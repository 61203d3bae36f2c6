import { Command, Option } from "commander";
import { FRAMINGS } from "../framing.js";
import { commandInputs, failureReason, ioFailure, type CommandIo } from "../io.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { LineRedactor } from "../redact/line-redactor.js";
import { BufferedSink } from "../report/buffered-sink.js";
import { shown } from "../report/control-characters.js";
import { ANSI, PLAIN, wantsColour } from "../report/colour.js";
import type { Summary, UnreadableFile } from "../report/summary.js";
import { countingWriter, REPORT_FORMATS, reportWriter, written, type ReportFormat } from "../report/writers.js";
import { PROGRESS_EVERY, validateSource, type ValidateRunOptions } from "../validate-source.js";
import { choiceOf, maxBytesOf, maxBytesOption, maxWarningsOf, maxWarningsOption, type ExitCode, type Parsed } from "./options.js";

/** The options of `validate`. */
export interface ValidateCommandOptions extends ValidateRunOptions {
  readonly format: ReportFormat;
  /** Also write the redacted transcript to stdout (the report then goes to stderr). */
  readonly redact: boolean;
  /** Tell the count of lines read on stderr as files are read. */
  readonly showProgress: boolean;
  /** Write no warnings, only count them (`--quiet`). */
  readonly quiet?: boolean;
  /** Exit 1 when more warnings than this are found (`--max-warnings`). */
  readonly maxWarnings?: number | undefined;
}

function progressLine(name: string, lines: number, done: boolean): string {
  return `app-server-protocol: ${shown(name)}: ${lines} lines${done ? " read" : ""}\n`;
}

/** Runs `validate` over the named files; resolves to the exit code. */
export async function runValidate(files: readonly string[], options: ValidateCommandOptions, io: CommandIo): Promise<number> {
  const summary: Summary = { files: 0, lines: 0, errors: 0, warnings: 0 };
  const reportSink = options.redact ? io.stderr : io.stdout;
  const report = new BufferedSink(reportSink);
  // What is told on stderr goes through the report when the report is on stderr too, so the two keep their order.
  const notes = options.redact ? report : io.stderr;
  const palette = options.format === "text" && wantsColour(reportSink, io.env ?? {}) ? ANSI : PLAIN;
  const writer = countingWriter(reportWriter(options.format, report, palette), summary, options.quiet === true);
  const unreadable: UnreadableFile[] = [];
  for (const { name, open } of commandInputs(files, io)) {
    const redactor = options.redact ? new LineRedactor(options.maxBytes) : undefined;
    const progress = options.showProgress ? (lines: number) => void notes.write(progressLine(name, lines, false)) : () => {};
    const judged = async (chunk: string | Uint8Array) => {
      await report.flush();
      if (redactor !== undefined) await written(io.stdout, redactor.push(chunk));
    };
    try {
      const lines = await validateSource(name, open(), { ...options, progress }, (finding) => writer.finding(finding), judged);
      if (options.showProgress) notes.write(progressLine(name, lines, true));
      summary.lines += lines;
      if (redactor !== undefined) await written(io.stdout, redactor.end());
      summary.files += 1;
    } catch (error) {
      notes.write(ioFailure(name, error));
      unreadable.push({ file: name, reason: failureReason(error) });
    }
    await report.flush();
  }
  writer.finish(summary, unreadable);
  const tooManyWarnings = options.maxWarnings !== undefined && summary.warnings > options.maxWarnings;
  if (tooManyWarnings) notes.write(`app-server-protocol: ${summary.warnings} warnings, more than --max-warnings ${options.maxWarnings}\n`);
  await report.flush();
  if (unreadable.length > 0) return EXIT_USAGE;
  return summary.errors > 0 || tooManyWarnings ? EXIT_FINDINGS : EXIT_OK;
}

/** The `validate` command. */
export function validateCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("validate")
    .description("Validate NDJSON transcripts (app-server or duplex stream-JSON) and report every finding.")
    .argument("[files...]", "transcript files, directories (their .ndjson and .jsonl files) or quoted globs; - or none reads standard input")
    .addOption(new Option("--framing <framing>", "how the files are framed, detected per file by auto").choices(FRAMINGS).default("auto"))
    .addOption(new Option("--format <format>", "report format").choices(REPORT_FORMATS).default("text"))
    .addOption(maxBytesOption())
    .option("--strict", "reject fields the protocol does not define (unknown_field)", false)
    .option("-q, --quiet", "write errors only: warnings are counted in the summary, not written", false)
    .addOption(maxWarningsOption())
    .option("--redact", "also write the redacted transcript to stdout; the report goes to stderr", false)
    .option("--progress", `tell the count of lines read on stderr, every ${PROGRESS_EVERY} lines and at the end of each file`, false)
    .action(async (files: string[], parsed: Parsed) => {
      const framing = choiceOf(parsed, "framing", FRAMINGS, "auto");
      const format = choiceOf(parsed, "format", REPORT_FORMATS, "text");
      exit.code = await runValidate(
        files,
        { framing, format, maxBytes: maxBytesOf(parsed), strict: parsed["strict"] === true, redact: parsed["redact"] === true, showProgress: parsed["progress"] === true, quiet: parsed["quiet"] === true, maxWarnings: maxWarningsOf(parsed) },
        io,
      );
    });
}
