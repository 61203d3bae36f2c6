import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/** A command-line tool a bindings check runs, and what to install when it is missing. */
export interface Tool {
  readonly command: string;
  /** What to install, said the way a user would do it: `apt-get install golang-go`, `rustup toolchain install stable`. */
  readonly install: string;
}

/** The full path of `command` on `path` (`PATH` by default), `undefined` when no directory of it holds it as an executable file. */
export function findOnPath(command: string, path = process.env.PATH ?? ""): string | undefined {
  for (const directory of path.split(delimiter)) {
    if (directory === "") continue;
    const candidate = join(directory, command);
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this directory: look in the next one.
    }
  }
  return undefined;
}

/** The full path of `tool` on `path` (`PATH` by default); throws naming the tool and what to install when it is missing. */
export function requireTool(tool: Tool, path = process.env.PATH ?? ""): string {
  const found = findOnPath(tool.command, path);
  if (found === undefined) throw new Error(`\`${tool.command}\` is not on PATH; install it (${tool.install}) and run \`npm run test:bindings\` again`);
  return found;
}

/** Python 3.9 or later with `venv` and its bundled pip (Debian splits `venv` out of `python3`). */
export const PYTHON: Tool = { command: "python3", install: "Debian: apt-get install python3 python3-venv" };
/** What to install when `python3 -m venv` cannot make an environment with pip. */
export const PYTHON_VENV_INSTALL = "Debian: apt-get install python3-venv";
/** Go 1.19 or later; `gofmt` comes with it. */
export const GO: Tool = { command: "go", install: "Go 1.19 or later: Debian apt-get install golang-go, or https://go.dev/dl" };
export const GOFMT: Tool = { command: "gofmt", install: GO.install };
