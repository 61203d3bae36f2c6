import type { ChunkSource } from "../io.js";

// Loaded at run time, not imported: the package is bundled for a neutral platform, where `node:` modules do not resolve.
const fs = () => process.getBuiltinModule("node:fs");
const path = () => process.getBuiltinModule("node:path");

/** Whether the real path `inner` is `folder` itself or inside it. */
function within(folder: string, inner: string): boolean {
  const { isAbsolute, relative, sep } = path();
  const rest = relative(folder, inner);
  return rest === "" || (rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}

/** The folder a file argument's symbolic links must stay in: the current directory when it lies there, else its own folder. */
export function argumentFolder(name: string): string {
  const { dirname, resolve } = path();
  const cwd = process.cwd();
  const absolute = resolve(cwd, name);
  return within(cwd, absolute) ? cwd : dirname(absolute);
}

/** How a folder is named in a refusal: the current directory by that name, another one as given. */
function folderLabel(folder: string): string {
  return folder === process.cwd() ? "the current directory" : folder;
}

/** Why `name` is not read when it leads out of `folder`, or undefined when it stays inside. */
export function escapeReason(name: string, folder: string): string | undefined {
  const { realpathSync } = fs();
  if (within(realpathSync(folder), realpathSync(name))) return undefined;
  return `it leads out of ${folderLabel(folder)} through a symbolic link (--follow-symlinks reads it)`;
}

/** The system's names for files already open (a redirection, a process substitution): read as they are, wherever they lead. */
const OPEN_FILE_NAME = /^\/dev\/(?:stdin|fd\/\d+)$|^\/proc\/(?:self|\d+)\/fd\/\d+$/;

/** A file that may not be read, with the reason. */
export class RefusedInput extends Error {}

/**
 * Opens the file `name` for reading. With a `folder`, a file whose real path
 * (every symbolic link on the way resolved) is outside the folder's is
 * refused with a `RefusedInput`; the file read is the one checked (the open
 * descriptor and the checked path must be the same file), so a link swapped
 * in between is refused too. Only regular files are checked. Throws what
 * opening throws.
 */
export function openWithin(name: string, folder: string | undefined): ChunkSource {
  const { closeSync, createReadStream, fstatSync, openSync, realpathSync, statSync } = fs();
  const fd = openSync(name, "r");
  try {
    // A pipe or a device holds no file's lines (and a pipe has no path to check).
    if (folder !== undefined && fstatSync(fd).isFile()) {
      const reason = escapeReason(name, folder);
      if (reason !== undefined) throw new RefusedInput(reason);
      const opened = fstatSync(fd);
      const checked = statSync(realpathSync(name));
      if (opened.ino !== checked.ino || opened.dev !== checked.dev) throw new RefusedInput("it changed while it was opened");
    }
  } catch (error) {
    closeSync(fd);
    throw error;
  }
  return createReadStream(name, { fd });
}

/** Opens a file named on the command line, refusing a symbolic link out of its `argumentFolder` unless `followSymlinks`. */
export function openArgument(name: string, followSymlinks: boolean): ChunkSource {
  const free = followSymlinks || OPEN_FILE_NAME.test(path().resolve(name));
  return openWithin(name, free ? undefined : argumentFolder(name));
}
