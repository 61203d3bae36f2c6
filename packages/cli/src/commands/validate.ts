import { Command, Option } from "commander";
import { FRAMINGS } from "../framing.js";
import { inputNames, ioFailure, openInput, type CommandIo } from "../io.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { LineRedactor } from "../redact/line-redactor.js";
import type { Summary } from "../report/summary.js";
import { countingWriter, REPORT_FORMATS, reportWriter, written, type ReportFormat } from "../report/writers.js";
import { PROGRESS_EVERY, validateSource, type ValidateRunOptions } from "../validate-source.js";
import { choiceOf, maxBytesOf, maxBytesOption, type ExitCode, type Parsed } from "./options.js";

/** The options of `validate`. */
export interface ValidateCommandOptions extends ValidateRunOptions {
  readonly format: ReportFormat;
  /** Also write the redacted transcript to stdout (the report then goes to stderr). */
  readonly redact: boolean;
  /** Tell the count of lines read on stderr as files are read. */
  readonly showProgress: boolean;
}

function progressLine(name: string, lines: number, done: boolean): string {
  return `app-server-protocol: ${name}: ${lines} lines${done ? " read" : ""}\n`;
}

/** Runs `validate` over the named files; resolves to the exit code. */
export async function runValidate(files: readonly string[], options: ValidateCommandOptions, io: CommandIo): Promise<number> {
  const summary: Summary = { files: 0, lines: 0, errors: 0, warnings: 0 };
  const writer = countingWriter(reportWriter(options.format, options.redact ? io.stderr : io.stdout), summary);
  let unreadable = false;
  for (const name of inputNames(files)) {
    const redactor = options.redact ? new LineRedactor(options.maxBytes) : undefined;
    const progress = options.showProgress ? (lines: number) => void io.stderr.write(progressLine(name, lines, false)) : () => {};
    try {
      const lines = await validateSource(name, openInput(name, io), { ...options, progress }, (finding) => writer.finding(finding), redactor && ((chunk) => written(io.stdout, redactor.push(chunk))));
      if (options.showProgress) io.stderr.write(progressLine(name, lines, true));
      summary.lines += lines;
      if (redactor !== undefined) await written(io.stdout, redactor.end());
      summary.files += 1;
    } catch (error) {
      io.stderr.write(ioFailure(name, error));
      unreadable = true;
    }
  }
  writer.finish(summary);
  if (unreadable) return EXIT_USAGE;
  return summary.errors > 0 ? EXIT_FINDINGS : EXIT_OK;
}

/** The `validate` command. */
export function validateCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("validate")
    .description("Validate NDJSON transcripts (app-server or duplex stream-JSON) and report every finding.")
    .argument("[files...]", "transcript files; - or none reads standard input")
    .addOption(new Option("--framing <framing>", "how the files are framed, detected per file by auto").choices(FRAMINGS).default("auto"))
    .addOption(new Option("--format <format>", "report format").choices(REPORT_FORMATS).default("text"))
    .addOption(maxBytesOption())
    .option("--strict", "reject fields the protocol does not define (unknown_field)", false)
    .option("--redact", "also write the redacted transcript to stdout; the report goes to stderr", false)
    .option("--progress", `tell the count of lines read on stderr, every ${PROGRESS_EVERY} lines and at the end of each file`, false)
    .action(async (files: string[], parsed: Parsed) => {
      const framing = choiceOf(parsed, "framing", FRAMINGS, "auto");
      const format = choiceOf(parsed, "format", REPORT_FORMATS, "text");
      exit.code = await runValidate(files, { framing, format, maxBytes: maxBytesOf(parsed), strict: parsed["strict"] === true, redact: parsed["redact"] === true, showProgress: parsed["progress"] === true }, io);
    });
}
