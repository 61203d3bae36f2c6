import { delimiter, join } from "node:path";
import { runCommand, type Run } from "./process.js";
import { PYTHON, PYTHON_VENV_INSTALL, requireTool } from "./toolchain.js";

// A fresh virtual environment as the Python checks use one: made by
// `python3 -m venv`, its programs run as `activate` would run them, with no
// path of the checkout importable and no bytecode written beside a source.

export interface PythonEnvironment {
  /** The environment's own `python`. */
  readonly python: string;
  /** Runs `command` inside the environment, in `cwd`. */
  run(command: string, args: readonly string[], options?: { input?: string; cwd?: string }): Run;
  /** `pip install --quiet` of `requirements` (pinned names or directories); throws with pip's output when it fails. */
  install(...requirements: string[]): void;
}

/** Throws, saying what failed and what may help, unless `result` exited with 0. */
export function setUp(what: string, result: Run, remedy = ""): Run {
  if (result.status !== 0) throw new Error(`${what} failed${remedy === "" ? "" : ` (${remedy})`}:\n${result.stdout}\n${result.stderr}`);
  return result;
}

/** A new virtual environment in `directory`, whose programs run in `cwd` unless told otherwise. */
export function pythonEnvironment(directory: string, cwd: string): PythonEnvironment {
  const bin = join(directory, "bin");
  const env: NodeJS.ProcessEnv = { ...process.env, VIRTUAL_ENV: directory, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`, PYTHONDONTWRITEBYTECODE: "1", PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1" };
  delete env.PYTHONPATH;
  delete env.PYTHONHOME;
  const run = (command: string, args: readonly string[], options: { input?: string; cwd?: string } = {}) => runCommand(command, args, { cwd: options.cwd ?? cwd, env, input: options.input ?? "" });
  setUp("python3 -m venv", run(requireTool(PYTHON), ["-m", "venv", directory]), `is venv there? ${PYTHON_VENV_INSTALL}`);
  const python = join(bin, "python");
  return {
    python,
    run,
    install(...requirements) {
      setUp(`pip install ${requirements.join(" ")}`, run(python, ["-m", "pip", "install", "--quiet", ...requirements]), "pip installs from PyPI: is it reachable?");
    },
  };
}
