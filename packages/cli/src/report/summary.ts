import type { Finding } from "../findings.js";
import { PLAIN, type Palette } from "./colour.js";

/** The totals of a `validate` run. */
export interface Summary {
  /** Files (standard input counts as one) read. */
  files: number;
  /** Non-blank lines judged. */
  lines: number;
  errors: number;
  warnings: number;
}

/** A file named (or found) that could not be read, and why. */
export interface UnreadableFile {
  /** The name as findings would give it; for a directory or glob that names no file, the argument. */
  readonly file: string;
  readonly reason: string;
}

/** The `--format json` document (schema: `schemas/validate-report.schema.json`). */
export interface ValidateReport {
  readonly findings: readonly Finding[];
  /** Written by every version that reads directories and globs; absent in reports of earlier ones. */
  readonly unreadable?: readonly UnreadableFile[];
  readonly summary: Summary;
}

/** Where a run's findings go as they are found, and how the run ends. */
export interface ReportWriter {
  finding(finding: Finding): void;
  finish(summary: Summary, unreadable: readonly UnreadableFile[]): void;
}

export function summaryLine({ files, lines, errors, warnings }: Summary, palette: Palette = PLAIN): string {
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  const errorCount = plural(errors, "error");
  const warningCount = plural(warnings, "warning");
  return `${plural(files, "file")}, ${plural(lines, "line")}: ${errors > 0 ? palette.error(errorCount) : errorCount}, ${warnings > 0 ? palette.warning(warningCount) : warningCount}\n`;
}
