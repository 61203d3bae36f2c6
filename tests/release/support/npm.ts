import { spawnSync } from "node:child_process";

/** What a command printed and how it ended. */
export interface Ran {
  readonly status: number | null;
  readonly output: string;
}

/**
 * The environment of an npm command that reads `npmrc` as its user config.
 * The `npm_*` variables of the `npm run` that started the tests are dropped:
 * npm would read them as configuration and send the install elsewhere.
 */
export function npmEnvironment(npmrc: string): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !name.toLowerCase().startsWith("npm_"));
  return { ...Object.fromEntries(kept), npm_config_userconfig: npmrc, npm_config_update_notifier: "false", npm_config_fund: "false", npm_config_audit: "false" };
}

export function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = process.env): Ran {
  const result = spawnSync(command, args, { cwd, env, encoding: "utf8", maxBuffer: 1 << 28 });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}${result.error === undefined ? "" : String(result.error)}` };
}

/** Runs a command that must succeed; throws with its output when it does not. */
export function succeed(command: string, args: readonly string[], cwd: string, env?: NodeJS.ProcessEnv): string {
  const ran = run(command, args, cwd, env);
  if (ran.status !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${ran.status} in ${cwd}:\n${ran.output.slice(-8000)}`);
  return ran.output;
}
