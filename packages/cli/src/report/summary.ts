import type { Finding } from "../findings.js";

/** The totals of a `validate` run. */
export interface Summary {
  /** Files (standard input counts as one) read. */
  files: number;
  /** Non-blank lines judged. */
  lines: number;
  errors: number;
  warnings: number;
}

/** The `--format json` document (schema: `schemas/validate-report.schema.json`). */
export interface ValidateReport {
  readonly findings: readonly Finding[];
  readonly summary: Summary;
}

/** Where a run's findings go as they are found, and how the run ends. */
export interface ReportWriter {
  finding(finding: Finding): void;
  finish(summary: Summary): void;
}

export function summaryLine({ files, lines, errors, warnings }: Summary): string {
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;
  return `${plural(files, "file")}, ${plural(lines, "line")}: ${plural(errors, "error")}, ${plural(warnings, "warning")}\n`;
}
