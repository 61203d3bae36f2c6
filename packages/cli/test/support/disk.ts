import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { main, type CommandIo } from "../../src/index.js";
import type { RunResult } from "./run.js";

/** Options of a run against the real file system. */
export interface DiskRunOptions {
  readonly stdin?: string;
  readonly env?: CommandIo["env"];
  /** Whether stdout claims to be a terminal. */
  readonly tty?: boolean;
}

/** Runs the command in-process, its files read from disk (no `openFile` injected). */
export async function runOnDisk(argv: readonly string[], options: DiskRunOptions = {}): Promise<RunResult> {
  const out: string[] = [];
  const err: string[] = [];
  const stdout = { write: (text: string) => out.push(text) > 0, isTTY: options.tty === true };
  const stderr = { write: (text: string) => err.push(text) > 0 };
  const io: CommandIo = options.env === undefined ? { stdin: [options.stdin ?? ""], stdout, stderr } : { stdin: [options.stdin ?? ""], stdout, stderr, env: options.env };
  const code = await main(argv, io);
  return { code, stdout: out.join(""), stderr: err.join("") };
}

/** A tree of files: a path to its content, or to `{ link }` for a symbolic link to that target. */
export type Tree = { readonly [path: string]: string | { readonly link: string } };

/** Writes `tree` under `root` (made when missing), returning `root`. */
export function writeTree(root: string, tree: Tree): string {
  for (const [path, entry] of Object.entries(tree)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    if (typeof entry === "string") writeFileSync(file, entry);
    else symlinkSync(entry.link, file);
  }
  return root;
}

const made: string[] = [];

/** A new empty folder outside the current directory. */
export function outsideFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), "asp-inputs-"));
  made.push(folder);
  return folder;
}

/** A new empty folder inside the current directory (`.scratch/` is ignored by git), named relative to it. */
export function insideFolder(): string {
  mkdirSync(".scratch", { recursive: true });
  const folder = mkdtempSync(join(".scratch", "inputs-"));
  made.push(folder);
  return folder;
}

/** Removes every folder made so far. */
export function removeFolders(): void {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
}
