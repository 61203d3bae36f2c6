import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Artifacts } from "./artifacts.js";
import { findDrift, formatDriftReport } from "./drift.js";

/** `npm run check`: reports drift between `artifacts` and the files under `root`; the exit code (0 when up to date). */
export function checkArtifacts(root: string, artifacts: Artifacts, log: (line: string) => void = console.log, report: (text: string) => void = console.error): number {
  const drift = findDrift(root, artifacts);
  if (drift.length === 0) {
    log("Generated artifacts are up to date.");
    return 0;
  }
  report(formatDriftReport(drift));
  return 1;
}

/** Writes each file (by path relative to `root`) whose content on disk differs; how many were written. */
export function writeChangedFiles(root: string, files: ReadonlyMap<string, string>): number {
  let written = 0;
  for (const [path, content] of files) {
    const file = join(root, path);
    if (existsSync(file) && readFileSync(file, "utf8") === content) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    written += 1;
  }
  return written;
}

/** `npm run generate`: writes the artifacts that changed and removes stale generated files; the exit code. */
export function writeArtifacts(root: string, artifacts: Artifacts, log: (line: string) => void = console.log): number {
  const written = writeChangedFiles(root, artifacts);
  const stale = findDrift(root, artifacts).filter((entry) => entry.kind === "stale");
  for (const entry of stale) rmSync(join(root, entry.path));
  log(`${artifacts.size} artifacts: ${written} written, ${stale.length} stale removed.`);
  return 0;
}
