import { Command, CommanderError } from "commander";
import manifest from "../package.json" with { type: "json" };
import { conformCommand } from "./commands/conform.js";
import { diffCommand } from "./commands/diff.js";
import { EXIT_OK, EXIT_USAGE } from "./commands/exit-codes.js";
import { COMMAND_HELP, ROOT_HELP } from "./commands/help.js";
import { followSymlinksOption, type ExitCode } from "./commands/options.js";
import { redactCommand } from "./commands/redact.js";
import { validateCommand } from "./commands/validate.js";
import { viewCommand } from "./commands/view.js";
import type { CommandIo } from "./io.js";

/** The commands that read transcript files, and so take `--follow-symlinks`. */
const READS_FILES = new Set(["validate", "redact", "view"]);

function program(io: CommandIo, exit: ExitCode): Command {
  // `--follow-symlinks` reaches the commands' reading through their io, set once the command line is parsed.
  const reading = { followSymlinks: io.followSymlinks === true };
  const commandIo: CommandIo = {
    ...io,
    get followSymlinks() {
      return reading.followSymlinks;
    },
  };
  const output = { writeOut: (text: string) => io.stdout.write(text), writeErr: (text: string) => io.stderr.write(text) };
  const root = new Command("app-server-protocol")
    .description("Validate, redact and view app-server protocol 1.0 transcripts, and diff schema sets.")
    .version(manifest.version, "-V, --version", "print the version")
    .addHelpText("after", ROOT_HELP)
    .exitOverride()
    .configureOutput(output)
    .hook("preAction", (_root, action) => {
      if (action.opts()["followSymlinks"] === true) reading.followSymlinks = true;
    });
  // Each command is made by its own module; subcommands inherit the root's output and exit handling.
  for (const command of [validateCommand(commandIo, exit), redactCommand(commandIo, exit), diffCommand(commandIo, exit), viewCommand(commandIo, exit), conformCommand(commandIo, exit)]) {
    if (READS_FILES.has(command.name())) command.addOption(followSymlinksOption());
    const help = COMMAND_HELP[command.name()];
    if (help !== undefined) command.addHelpText("after", help);
    root.addCommand(command.exitOverride().configureOutput(output));
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
