import { expandArguments } from "./inputs/expand.js";
import { openArgument } from "./inputs/open-within.js";
import type { TextSink } from "./report/writers.js";
import { shown } from "./report/control-characters.js";

/** A readable source of transcript chunks: a file stream, standard input, or test data. */
export type ChunkSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/** The streams a command uses, injected so it runs in-process in tests. */
export interface CommandIo {
  readonly stdin: ChunkSource;
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /**
   * Opens a named file; defaults to reading the file system, where
   * directories and globs are expanded and symbolic links leading out of
   * their folder are refused. Given, every argument is a file name for it.
   */
  readonly openFile?: (path: string) => ChunkSource;
  /** The environment the colour settings are read from (`NO_COLOR`, `FORCE_COLOR`, `TERM`); none when absent. */
  readonly env?: { readonly [name: string]: string | undefined };
  /** Read files through symbolic links wherever they lead (`--follow-symlinks`). */
  readonly followSymlinks?: boolean;
}

/** A transcript to read: its name as findings and messages give it, and how to open it (which throws why it cannot be read). */
export interface Input {
  readonly name: string;
  open(): ChunkSource;
}

/**
 * The transcripts the command-line arguments name: standard input (`-`)
 * when none, each directory's `.ndjson` and `.jsonl` files, each quoted
 * glob's matches, each file as named (README "Inputs").
 */
export function commandInputs(files: readonly string[], io: CommandIo): readonly Input[] {
  return expandArguments(files, io);
}

/** Opens one named file (`-` is standard input), refusing a symbolic link out of its folder unless `io.followSymlinks`. */
export function openInput(name: string, io: CommandIo): ChunkSource {
  if (name === "-") return io.stdin;
  if (io.openFile !== undefined) return io.openFile(name);
  return openArgument(name, io.followSymlinks === true);
}

/** Why reading failed, for stderr and the JSON report. */
export function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : "read failed";
}

/** Why reading failed, for stderr. */
export function ioFailure(name: string, error: unknown): string {
  return `app-server-protocol: cannot read ${name === "-" ? "standard input" : shown(name)}: ${shown(failureReason(error))}\n`;
}
