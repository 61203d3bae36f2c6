import { Command } from "commander";
import { commandInputs, ioFailure, type CommandIo } from "../io.js";
import { LineRedactor } from "../redact/line-redactor.js";
import { written } from "../report/writers.js";
import { EXIT_OK, EXIT_USAGE } from "./exit-codes.js";
import { maxBytesOf, maxBytesOption, type ExitCode, type Parsed } from "./options.js";

/** Runs `redact` over the named files, writing them redacted to stdout; resolves to the exit code. */
export async function runRedact(files: readonly string[], options: { readonly maxBytes: number }, io: CommandIo): Promise<number> {
  let unreadable = false;
  for (const { name, open } of commandInputs(files, io)) {
    const redactor = new LineRedactor(options.maxBytes, (line, reason) => io.stderr.write(`${name}:${line}: left as read: ${reason}\n`));
    try {
      for await (const chunk of open()) await written(io.stdout, redactor.push(chunk));
      await written(io.stdout, redactor.end());
    } catch (error) {
      io.stderr.write(ioFailure(name, error));
      unreadable = true;
    }
  }
  return unreadable ? EXIT_USAGE : EXIT_OK;
}

/** The `redact` command. */
export function redactCommand(io: CommandIo, exit: ExitCode): Command {
  return new Command("redact")
    .description("Write transcripts to stdout with their sensitive fields replaced by a marker of the same JSON type.")
    .argument("[files...]", "transcript files; - or none reads standard input")
    .addOption(maxBytesOption())
    .action(async (files: string[], parsed: Parsed) => {
      exit.code = await runRedact(files, { maxBytes: maxBytesOf(parsed) }, io);
    });
}
