import { Command, Option } from "commander";
import { FRAMINGS, type Framing } from "../framing.js";
import { commandInputs, ioFailure, type CommandIo } from "../io.js";
import { LineRedactor } from "../redact/line-redactor.js";
import { shown } from "../report/control-characters.js";
import { written } from "../report/writers.js";
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { choiceOf, maxBytesOf, maxBytesOption, type ExitCode, type Parsed } from "./options.js";

/** The options of `redact`. */
export interface RedactOptions {
  readonly maxBytes: number;
  readonly framing: Framing;
}

/**
 * Runs `redact` over the named files, writing them redacted to stdout;
 * resolves to the exit code: 1 when a line was withheld, 2 when a file
 * cannot be read.
 */
export async function runRedact(files: readonly string[], options: RedactOptions, io: CommandIo): Promise<number> {
  let unreadable = false;
  let withheld = false;
  for (const { name, open } of commandInputs(files, io)) {
    const redactor = new LineRedactor(
      options.maxBytes,
      (line, reason) => {
        withheld = true;
        io.stderr.write(`${shown(name)}:${line}: withheld: ${reason}\n`);
      },
      options.framing,
    );
    try {
      for await (const chunk of open()) await written(io.stdout, redactor.push(chunk));
      await written(io.stdout, redactor.end());
    } catch (error) {
      io.stderr.write(ioFailure(name, error));
      unreadable = true;
    }
  }
  if (unreadable) return EXIT_USAGE;
  return withheld ? EXIT_FINDINGS : EXIT_OK;
}

/** The `redact` command. */
export function redactCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("redact")
    .description("Write transcripts to stdout with every value the schemas mark sensitive replaced in place; a line that cannot be read is withheld.")
    .argument("[files...]", "transcript files; - or none reads standard input")
    .addOption(new Option("--framing <framing>", "how the files are framed, detected per file by auto").choices(FRAMINGS).default("auto"))
    .addOption(maxBytesOption())
    .action(async (files: string[], parsed: Parsed) => {
      exit.code = await runRedact(files, { maxBytes: maxBytesOf(parsed), framing: choiceOf(parsed, "framing", FRAMINGS, "auto") }, io);
    });
}
