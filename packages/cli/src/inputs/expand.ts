import picomatch from "picomatch";
import type { CommandIo, Input } from "../io.js";
import { argumentFolder, escapeReason, openArgument, openWithin, RefusedInput } from "./open-within.js";

// Loaded at run time, not imported: the package is bundled for a neutral platform, where `node:` modules do not resolve.
const fs = () => process.getBuiltinModule("node:fs");
const path = () => process.getBuiltinModule("node:path");

/** The files a directory argument stands for. */
const TRANSCRIPT_FILE = /\.(?:ndjson|jsonl)$/;

/** An input that cannot be read: opening it throws `reason`. */
function refused(name: string, reason: string): Input {
  return {
    name,
    open: () => {
      throw new RefusedInput(reason);
    },
  };
}

/** A file found under `folder` (a directory argument or a glob's base), read only while it stays in that folder. */
function fileIn(name: string, folder: string, io: CommandIo): Input {
  return { name, open: () => openWithin(name, io.followSymlinks === true ? undefined : folder) };
}

interface Walked {
  /** Paths relative to the walked folder, with `/` between segments. */
  readonly files: string[];
  /** Subfolders that could not be listed, with the reason. */
  readonly failures: Input[];
}

/**
 * The files under `root`, to `depth` levels of folders: regular files and
 * symbolic links, never the inside of a linked folder (a link to `..` would
 * loop, and a linked folder leads elsewhere).
 */
function walk(root: string, depth: number): Walked {
  const { readdirSync } = fs();
  const { join } = path();
  const walked: Walked = { files: [], failures: [] };
  const listed = (folder: string) => {
    try {
      return readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      walked.failures.push(refused(folder, error instanceof Error ? error.message : "cannot be listed"));
      return [];
    }
  };
  const visit = (relative: string, level: number): void => {
    for (const entry of listed(join(root, relative))) {
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        if (level < depth) visit(child, level + 1);
      } else if (entry.isFile() || entry.isSymbolicLink()) walked.files.push(child);
    }
  };
  visit("", 1);
  // Code-unit order, the same on every machine and locale.
  walked.files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return walked;
}

/** Why a folder argument (a directory, a glob's base) may not be read, or undefined. */
function folderRefusal(folder: string, io: CommandIo): string | undefined {
  return io.followSymlinks === true ? undefined : escapeReason(folder, argumentFolder(folder));
}

/** A directory argument: its `*.ndjson` and `*.jsonl` files, at any depth. */
function directoryInputs(directory: string, io: CommandIo): Input[] {
  const refusal = folderRefusal(directory, io);
  if (refusal !== undefined) return [refused(directory, refusal)];
  const { files, failures } = walk(directory, Number.POSITIVE_INFINITY);
  const found = files.filter((file) => TRANSCRIPT_FILE.test(file)).map((file) => fileIn(path().join(directory, file), directory, io));
  if (found.length === 0 && failures.length === 0) return [refused(directory, "the directory holds no .ndjson or .jsonl file")];
  return [...found, ...failures];
}

/** A glob the shell did not expand: the files it matches under its fixed leading folder. */
function globInputs(pattern: string, io: CommandIo): Input[] {
  const { base, glob } = picomatch.scan(pattern);
  const folder = base === "" ? "." : base;
  if (!isDirectory(folder)) return [refused(pattern, "no file matches the pattern")];
  const refusal = folderRefusal(folder, io);
  if (refusal !== undefined) return [refused(pattern, refusal)];
  const matches = picomatch(glob, { windows: false });
  const depth = glob.includes("**") ? Number.POSITIVE_INFINITY : glob.split("/").length;
  const { files, failures } = walk(folder, depth);
  const found = files.filter((file) => matches(file)).map((file) => fileIn(base === "" ? file : path().join(base, file), folder, io));
  if (found.length === 0 && failures.length === 0) return [refused(pattern, "no file matches the pattern")];
  return [...found, ...failures];
}

function isDirectory(name: string): boolean {
  return fs().statSync(name, { throwIfNoEntry: false })?.isDirectory() === true;
}

/** Whether `name` is there; a path that cannot be looked at is taken as there, so opening it tells why. */
function exists(name: string): boolean {
  try {
    return fs().lstatSync(name, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

/** The inputs one command-line argument names. */
function argumentInputs(argument: string, io: CommandIo): Input[] {
  if (argument === "-") return [{ name: "-", open: () => io.stdin }];
  const { openFile } = io;
  if (openFile !== undefined) return [{ name: argument, open: () => openFile(argument) }];
  if (isDirectory(argument)) return directoryInputs(argument, io);
  // A path that exists is read as named, even when it looks like a glob (a file called `a[1].ndjson`).
  if (!exists(argument) && picomatch.scan(argument).isGlob) return globInputs(argument, io);
  return [{ name: argument, open: () => openArgument(argument, io.followSymlinks === true) }];
}

/**
 * The transcripts the command-line arguments name, in argument order:
 * standard input for `-` or no argument; a directory's `.ndjson` and
 * `.jsonl` files, at any depth, sorted by path; a glob's matches, sorted by
 * path; a file as named. An argument that names no readable file is an
 * input whose `open()` throws the reason. With an injected `openFile`,
 * every argument is a file name handed to it.
 */
export function expandArguments(argumentsGiven: readonly string[], io: CommandIo): readonly Input[] {
  if (argumentsGiven.length === 0) return [{ name: "-", open: () => io.stdin }];
  return argumentsGiven.flatMap((argument) => {
    try {
      return argumentInputs(argument, io);
    } catch (error) {
      // A folder that cannot be looked at (no permission to it, say), or a pattern picomatch refuses.
      return [refused(argument, error instanceof Error ? error.message : "cannot be read")];
    }
  });
}
