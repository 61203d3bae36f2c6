// The API reports of the public packages: one API Extractor report per
// typed entry point, built from the packages' declarations in dist/, checked
// in under packages/<package>/api/.
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { checkReports, findReportDrift, writeReports } from "./drift.js";
import { extractApiReports, type ApiReports } from "./extract.js";
import { REPORTED_PACKAGES, entriesOf } from "./packages.js";

export { UPDATE_COMMAND } from "./drift.js";
export { REPORTED_PACKAGES, UNREPORTED_PACKAGES, entriesOf } from "./packages.js";

/** The repository this script is in. */
export const REPO_ROOT = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export interface ApiReportRun {
  /** The repository root holding `packages/<folder>/`; the checkout by default. */
  root?: string;
  /** The package folders to report; all reported packages by default. */
  packages?: readonly string[];
}

function resolveRun(run: ApiReportRun): { root: string; packages: readonly string[] } {
  return { root: run.root ?? REPO_ROOT, packages: run.packages ?? REPORTED_PACKAGES };
}

/** Builds the report of every entry point of the packages from their built declarations. */
export function buildApiReports(run: ApiReportRun = {}): ApiReports {
  const { root, packages } = resolveRun(run);
  return extractApiReports(packages.flatMap((folder) => entriesOf(root, folder)));
}

/** `--check` (nothing written) or write mode over the packages of `run`; the exit code. */
export function runApiReports(mode: "check" | "write", run: ApiReportRun = {}, log: (text: string) => void = console.log, report: (text: string) => void = console.error): number {
  const { root, packages } = resolveRun(run);
  const reports = buildApiReports({ root, packages });
  const drift = findReportDrift(root, reports, packages);
  return mode === "check" ? checkReports(drift, log, report) : writeReports(root, reports, drift, log);
}
