import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The folders under `packages/` whose public API is reported. A new public
 * package is one more line here; the test of the reports fails while a
 * published package with typed entry points is missing from the list and
 * from `UNREPORTED_PACKAGES`.
 */
export const REPORTED_PACKAGES: readonly string[] = [
  "types",
  "validators",
  "legacy-shim",
  "correlation",
  "acp",
  "conform",
  "cli",
  "schemas",
];

/**
 * Published packages without a report, and why. The zod package's source is
 * generated and checked in (`packages/zod/src`, drift-checked like
 * `schemas/`), so a pull request already shows its API change there; its
 * report would be the same declarations again, 22,000 lines of them.
 */
export const UNREPORTED_PACKAGES: { readonly [folder: string]: string } = {
  zod: "its generated, checked-in source in packages/zod/src is its API",
};

/** One entry point of a package's `exports` with declarations: what its report is built from and where it goes. */
export interface ReportedEntry {
  /** The package's folder, absolute. */
  packageDir: string;
  /** The `exports` key, e.g. `.` or `./all`. */
  subpath: string;
  /** The built ES-module declaration file of the entry, absolute. */
  declarations: string;
  /** The report's file name without `.api.md`: `index` for `.`, else the subpath with `/` as `-`. */
  reportName: string;
  /** The report's path relative to the repository root, with `/` separators. */
  reportPath: string;
}

interface ExportTarget {
  import?: { types?: unknown };
}

function isExportTarget(value: unknown): value is ExportTarget {
  return typeof value === "object" && value !== null;
}

function reportNameOf(subpath: string): string {
  return subpath === "." ? "index" : subpath.replace(/^\.\//, "").split("/").join("-");
}

/** The folder holding a package's reports, relative to the repository root. */
export function reportFolderOf(packageFolder: string): string {
  return `packages/${packageFolder}/api`;
}

/** Every `exports` entry of the package with an ES-module `types` target, in `exports` order. */
export function entriesOf(root: string, packageFolder: string): ReportedEntry[] {
  const packageDir = join(root, "packages", packageFolder);
  const manifest: { exports?: { [subpath: string]: unknown } } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  return Object.entries(manifest.exports ?? {}).flatMap(([subpath, target]) => {
    const types = isExportTarget(target) ? target.import?.types : undefined;
    if (typeof types !== "string") return [];
    const reportName = reportNameOf(subpath);
    return [{ packageDir, subpath, declarations: join(packageDir, types), reportName, reportPath: `${reportFolderOf(packageFolder)}/${reportName}.api.md` }];
  });
}
