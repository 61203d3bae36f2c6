import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createTwoFilesPatch } from "diff";
import type { Artifacts } from "./artifacts.js";
import { gitIgnored } from "./git-ignored.js";
import { GENERATED_DIRECTORIES, REGENERATE_COMMAND } from "./paths.js";

/** One generated file whose checked-in content is not what the source produces. */
export interface Drift {
  path: string;
  kind: "changed" | "missing" | "stale";
  /** Unified diff from the checked-in file to the generated one. */
  diff: string;
}

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? listFiles(path) : [path];
  });
}

function readIfExists(path: string): string | undefined {
  return existsSync(path) ? readFileSync(path, "utf8") : undefined;
}

/**
 * Files in the generated directories that the generator does not produce,
 * relative to `root`, except those git ignores: building a binding in place
 * (`cargo package`, `pip install`, `python -m compileall`) leaves outputs
 * there that `.gitignore` names and no commit will hold.
 */
function staleFiles(root: string, artifacts: Artifacts): string[] {
  const leftovers = GENERATED_DIRECTORIES.flatMap((dir) => listFiles(join(root, dir)))
    .map((file) => relative(root, file).split("\\").join("/"))
    .filter((path) => !artifacts.has(path));
  const ignored = gitIgnored(root, leftovers);
  return leftovers.filter((path) => !ignored.has(path));
}

/**
 * Compares each expected file with the one under `root` (changed or missing),
 * and reports each of `present` that is not expected as stale; sorted by
 * path. The drift check and the API report check share it.
 */
export function compareFiles(root: string, expected: ReadonlyMap<string, string>, present: readonly string[]): Drift[] {
  const drift: Drift[] = [];
  for (const [path, wanted] of expected) {
    const actual = readIfExists(join(root, path));
    if (actual === wanted) continue;
    drift.push({
      path,
      kind: actual === undefined ? "missing" : "changed",
      diff: createTwoFilesPatch(`a/${path}`, `b/${path}`, actual ?? "", wanted, undefined, undefined, { context: 3 }),
    });
  }
  for (const path of present.filter((candidate) => !expected.has(candidate))) {
    drift.push({ path, kind: "stale", diff: createTwoFilesPatch(`a/${path}`, "/dev/null", readFileSync(join(root, path), "utf8"), "") });
  }
  return drift.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/** Compares every artifact with the file on disk, and finds generated files no longer produced (git-ignored build outputs aside). */
export function findDrift(root: string, artifacts: Artifacts): Drift[] {
  return compareFiles(root, artifacts, staleFiles(root, artifacts));
}

/** A diff's lines, cut after `maxLines` with a line saying how many more there are (and `hint`, when given). */
export function clippedDiff(diff: string, maxLines: number, hint = ""): string[] {
  const lines = diff.trimEnd().split("\n");
  if (lines.length <= maxLines) return lines;
  return [...lines.slice(0, maxLines), `... ${lines.length - maxLines} more diff lines${hint === "" ? "" : ` ${hint}`}`];
}

const MAX_DIFF_LINES = 120;

/** The drift report: a unified diff per file, then the command that fixes it. */
export function formatDriftReport(drift: readonly Drift[]): string {
  const sections = drift.map(({ path, kind, diff }) => [`${kind}: ${path}`, ...clippedDiff(diff, MAX_DIFF_LINES)].join("\n"));
  const count = drift.length === 1 ? "1 generated file is" : `${drift.length} generated files are`;
  return [...sections, "", `${count} out of date with packages/types/src. Run \`${REGENERATE_COMMAND}\` and commit the result.`].join("\n");
}
