import { Command, CommanderError } from "commander";
import { diffCommand } from "./commands/diff.js";
import { EXIT_OK, EXIT_USAGE } from "./commands/exit-codes.js";
import type { ExitCode } from "./commands/options.js";
import { redactCommand } from "./commands/redact.js";
import { validateCommand } from "./commands/validate.js";
import { viewCommand } from "./commands/view.js";
import type { CommandIo } from "./io.js";

function program(io: CommandIo, exit: ExitCode): Command {
  const root = new Command("app-server-protocol")
    .description("Validate, redact and view app-server protocol 1.0 transcripts, and diff schema sets.")
    .exitOverride()
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) });
  // Each command is made by its own module; subcommands inherit the root's output and exit handling.
  for (const command of [validateCommand(io, exit), redactCommand(io, exit), diffCommand(io, exit), viewCommand(io, exit)]) {
    root.addCommand(command.exitOverride().configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) }));
  }
  return root;
}

/**
 * Runs the command line `argv` (without the node and script names) against
 * `io`; resolves to the exit code: 0 no error, 1 errors found, 2 usage or
 * I/O error.
 */
export async function main(argv: readonly string[], io: CommandIo): Promise<number> {
  const exit: ExitCode = { code: EXIT_OK };
  try {
    await program(io, exit).parseAsync([...argv], { from: "user" });
    return exit.code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    throw error;
  }
}
