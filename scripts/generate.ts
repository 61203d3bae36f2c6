// Writes every generated artifact (schemas/, tests/generated/, docs/reference/,
// generated/) from the hand-written types in packages/types/src. With --check
// it writes nothing and exits non-zero with a diff when a checked-in artifact
// has drifted.
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { buildArtifacts } from "./lib/artifacts.js";
import { findDrift, formatDriftReport } from "./lib/drift.js";
import { REPO_ROOT } from "./lib/paths.js";

async function check(): Promise<number> {
  const drift = findDrift(REPO_ROOT, await buildArtifacts());
  if (drift.length === 0) {
    console.log("Generated artifacts are up to date.");
    return 0;
  }
  console.error(formatDriftReport(drift));
  return 1;
}

async function write(): Promise<number> {
  const artifacts = await buildArtifacts();
  let written = 0;
  for (const [path, content] of artifacts) {
    const file = join(REPO_ROOT, path);
    if (existsSync(file) && readFileSync(file, "utf8") === content) continue;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    written += 1;
  }
  const stale = findDrift(REPO_ROOT, artifacts).filter((entry) => entry.kind === "stale");
  for (const entry of stale) rmSync(join(REPO_ROOT, entry.path));
  console.log(`${artifacts.size} artifacts: ${written} written, ${stale.length} stale removed.`);
  return 0;
}

process.exitCode = await (process.argv.includes("--check") ? check() : write());
