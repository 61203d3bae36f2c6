import { spawnSync } from "node:child_process";
import { expect } from "vitest";

// Running a toolchain's command from a bindings check: what it printed and
// how it ended, and the assertion that it succeeded with its output as the
// failure message.

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  readonly cwd: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly input?: string;
}

/** Runs `command` to its end; a command that cannot be started throws. */
export function runCommand(command: string, args: readonly string[], { cwd, env, input }: RunOptions): Run {
  const result = spawnSync(command, args, { cwd, env, input, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  if (result.error !== undefined) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `result`, once it is known to have exited with 0. */
export function succeeded(result: Run): Run {
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  return result;
}
