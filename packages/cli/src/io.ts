import type { TextSink } from "./report/writers.js";

/** A readable source of transcript chunks: a file stream, standard input, or test data. */
export type ChunkSource = AsyncIterable<string | Uint8Array> | Iterable<string | Uint8Array>;

/** The streams a command uses, injected so it runs in-process in tests. */
export interface CommandIo {
  readonly stdin: ChunkSource;
  readonly stdout: TextSink;
  readonly stderr: TextSink;
  /** Opens a named file; defaults to a read stream. */
  readonly openFile?: (path: string) => ChunkSource;
}

/** The files named on the command line, standard input (`-`) when none. */
export function inputNames(files: readonly string[]): readonly string[] {
  return files.length === 0 ? ["-"] : files;
}

export function openInput(name: string, io: CommandIo): ChunkSource {
  if (name === "-") return io.stdin;
  // Loaded at run time, not imported: the package is bundled for a neutral platform, where `node:fs` does not resolve.
  return io.openFile === undefined ? process.getBuiltinModule("node:fs").createReadStream(name) : io.openFile(name);
}

/** Why reading failed, for stderr. */
export function ioFailure(name: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : "read failed";
  return `app-server-protocol: cannot read ${name === "-" ? "standard input" : name}: ${reason}\n`;
}
