import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { main } from "../../src/index.js";

/** The conform package's folder, as installed beside the command. */
export const CONFORM_PACKAGE = dirname(createRequire(import.meta.url).resolve("@app-server-protocol/conform/package.json"));

/** The conforming server fixture of the conform package's tests, started with these arguments. */
export function fixture(...args: string[]): string[] {
  return [process.execPath, join(CONFORM_PACKAGE, "test/fixtures/server.mjs"), ...args];
}

/** The conforming client fixture of the conform package's tests, started with these arguments. */
export function clientFixture(...args: string[]): string[] {
  return [process.execPath, join(CONFORM_PACKAGE, "test/fixtures/client.mjs"), ...args];
}

/** The prompts that make the fixture send each server request from a turn, as `--turn-prompt` options. */
export const TURN_PROMPT_OPTIONS = ["--turn-prompt", "ask_user=ask", "--turn-prompt", "permission=permission", "--turn-prompt", "mcp_trust=mcp_trust"];

/** Runs the command in-process on the real file system, as `conform` runs (it starts processes and writes transcripts). */
export async function runOnDisk(argv: readonly string[]): Promise<{ readonly code: number; readonly stdout: string; readonly stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { stdin: [], stdout: { write: (text: string) => out.push(text) > 0 }, stderr: { write: (text: string) => err.push(text) > 0 } });
  return { code, stdout: out.join(""), stderr: err.join("") };
}
