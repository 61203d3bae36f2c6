/** The real path of `path`, or of its folder joined with its name when it does not exist yet, or `path` resolved when neither can be read. */
function realPath(path: string): string {
  const fs = process.getBuiltinModule("node:fs");
  const paths = process.getBuiltinModule("node:path");
  try {
    return fs.realpathSync(path);
  } catch {
    try {
      return paths.join(fs.realpathSync(paths.dirname(paths.resolve(path))), paths.basename(path));
    } catch {
      return paths.resolve(path);
    }
  }
}

/**
 * Whether the paths `a` and `b` name one file: the same device and inode
 * when both exist (through symlinks and hard links), else the same real
 * path. Loaded at run time, as `io.ts` loads `node:fs`.
 */
export function isSameFile(a: string, b: string): boolean {
  const fs = process.getBuiltinModule("node:fs");
  const stat = (path: string) => {
    try {
      return fs.statSync(path);
    } catch {
      return undefined;
    }
  };
  const first = stat(a);
  const second = stat(b);
  if (first !== undefined && second !== undefined) return first.dev === second.dev && first.ino === second.ino;
  return realPath(a) === realPath(b);
}
