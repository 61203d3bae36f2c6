import { main } from "../../src/index.js";

/** What a command run printed and how it exited. */
export interface RunResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A text sink that keeps what is written. */
function collector(): { write(text: string): boolean; readonly text: () => string } {
  const parts: string[] = [];
  return { write: (text: string) => parts.push(text) > 0, text: () => parts.join("") };
}

/** Runs the command in-process with `stdin` as standard input and `files` as the only readable files. */
export async function run(argv: readonly string[], stdin: string | readonly string[] = "", files: { readonly [name: string]: string } = {}): Promise<RunResult> {
  const stdout = collector();
  const stderr = collector();
  const openFile = (name: string) => {
    const content = files[name];
    if (content === undefined) throw new Error(`ENOENT: no such file or directory, open '${name}'`);
    return [content];
  };
  const input = typeof stdin === "string" ? [stdin] : stdin;
  const code = await main(argv, { stdin: input, stdout, stderr, openFile });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

/** An NDJSON transcript of `messages`, one line each. */
export function transcript(...messages: readonly unknown[]): string {
  return messages.map((message) => `${typeof message === "string" ? message : JSON.stringify(message)}\n`).join("");
}

/** The `[line, code]` pairs of a JSON report. */
export async function findings(input: string, ...options: string[]): Promise<[number, string][]> {
  const { stdout } = await run(["validate", "--format", "json", ...options], input);
  const report: { findings: { line: number; code: string }[] } = JSON.parse(stdout);
  return report.findings.map(({ line, code }) => [line, code]);
}
