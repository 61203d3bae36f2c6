import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { clippedDiff, compareFiles, type Drift } from "@app-server-protocol/generator/drift";
import type { ApiReports } from "./extract.js";
import { reportFolderOf } from "./packages.js";

/** The command that rebuilds the packages and rewrites the reports, named in every drift report. */
export const UPDATE_COMMAND = "npm run api:update";

/** A report whose checked-in file differs from what the built declarations produce (`stale`: a report no entry point produces). */
export type ReportDrift = Drift;

const MAX_DIFF_LINES = 200;

function checkedInReports(root: string, packageFolders: readonly string[]): string[] {
  return packageFolders.flatMap((folder) => {
    const dir = reportFolderOf(folder);
    if (!existsSync(join(root, dir))) return [];
    return readdirSync(join(root, dir))
      .filter((name) => name.endsWith(".api.md"))
      .map((name) => `${dir}/${name}`);
  });
}

/** Compares each report with its file under `root`, and finds report files of these packages that no entry produces. */
export function findReportDrift(root: string, reports: ApiReports, packageFolders: readonly string[]): ReportDrift[] {
  return compareFiles(root, reports, checkedInReports(root, packageFolders));
}

/** What `--check` prints on drift: each report's diff, then the command that updates them. */
function formatReportDrift(drift: readonly ReportDrift[]): string {
  const sections = drift.map(({ path, kind, diff }) => [`${kind}: ${path}`, ...clippedDiff(diff, MAX_DIFF_LINES, `(run \`${UPDATE_COMMAND}\` and see \`git diff\`)`)].join("\n"));
  const subject = drift.length === 1 ? "1 API report differs" : `${drift.length} API reports differ`;
  return [...sections, "", `${subject} from the packages' built declarations. If the API change is intended, run \`${UPDATE_COMMAND}\` and commit the reports.`].join("\n");
}

/** `--check`: prints the drift, or that the reports are up to date; the exit code. */
export function checkReports(drift: readonly ReportDrift[], log: (text: string) => void = console.log, report: (text: string) => void = console.error): number {
  if (drift.length === 0) {
    log("API reports are up to date.");
    return 0;
  }
  report(formatReportDrift(drift));
  return 1;
}

/** Write mode: writes the changed and missing reports under `root` and deletes the stale ones; the exit code. */
export function writeReports(root: string, reports: ApiReports, drift: readonly ReportDrift[], log: (text: string) => void = console.log): number {
  for (const { path, kind } of drift) {
    const file = join(root, path);
    const built = reports.get(path);
    if (kind === "stale" || built === undefined) {
      rmSync(file);
      continue;
    }
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, built);
  }
  const stale = drift.filter((entry) => entry.kind === "stale").length;
  log(`${reports.size} API reports: ${drift.length - stale} written, ${stale} stale removed.`);
  return 0;
}
