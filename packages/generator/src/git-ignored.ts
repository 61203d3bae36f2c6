import { spawnSync } from "node:child_process";

/**
 * The paths among `paths` (relative to `root`) that git ignores there: build
 * outputs such as `target/` or `__pycache__/` that a toolchain leaves beside
 * a generated file. A tracked path is never ignored. Outside a git work tree,
 * or without git, nothing is: every path stays subject to the drift check.
 */
export function gitIgnored(root: string, paths: readonly string[]): Set<string> {
  if (paths.length === 0) return new Set();
  const result = spawnSync("git", ["check-ignore", "--stdin", "-z"], { cwd: root, input: `${paths.join("\0")}\0`, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  // 0: some paths are ignored; 1: none is; anything else (128: not a work tree) or no git: none is.
  if (result.error !== undefined || result.status !== 0) return new Set();
  return new Set(result.stdout.split("\0").filter((path) => path.length > 0));
}
