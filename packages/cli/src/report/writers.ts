import type { Finding } from "../findings.js";
import { PLAIN, type Palette } from "./colour.js";
import { shown, shownKeepingLineBreaks } from "./control-characters.js";
import { summaryLine, type ReportWriter, type Summary } from "./summary.js";

/** Where text goes: a stream's `write`, its `once("drain")` when it has one, and whether it is a terminal. */
export interface TextSink {
  write(text: string): unknown;
  once?(event: "drain", listener: () => void): unknown;
  /** True for a terminal, where the text report is coloured (README "Colour"). */
  readonly isTTY?: boolean;
}

/** Writes `text`, then waits for `drain` when the stream asks to (its `write` returned false), so a long output is not buffered whole. */
export async function written(sink: TextSink, text: string): Promise<void> {
  if (text === "" || sink.write(text) !== false || sink.once === undefined) return;
  await new Promise<void>((resolve) => sink.once?.("drain", resolve));
}

/** Output formats of `validate`. */
export type ReportFormat = "text" | "json" | "github";

export const REPORT_FORMATS: readonly ReportFormat[] = ["text", "json", "github"];

/** `file:line: severity code path message`, one finding a line, then the summary line; the severities painted by `palette`. */
function textWriter(out: TextSink, palette: Palette): ReportWriter {
  return {
    finding: ({ file, line, severity, code, path, message }) =>
      out.write(`${shown(file)}:${line}: ${severity === "error" ? palette.error(severity) : palette.warning(severity)} ${code}${path === undefined ? "" : ` ${shown(path)}`} ${shown(message)}\n`),
    finish: (summary) => out.write(summaryLine(summary, palette)),
  };
}

/**
 * One JSON document on one line, written as the findings come: the head
 * with the first finding, each finding on its own, and the unreadable
 * files and the summary at the end. Nothing is held, so no report is too
 * long for one string.
 */
function jsonWriter(out: TextSink): ReportWriter {
  let separator = '{"findings":[';
  return {
    finding: (finding) => {
      out.write(`${separator}${JSON.stringify(finding)}`);
      separator = ",";
    },
    finish: (summary, unreadable) => {
      const head = separator === "," ? "" : separator;
      out.write(`${head}],"unreadable":${JSON.stringify(unreadable)},"summary":${JSON.stringify(summary)}}\n`);
    },
  };
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; property values also : and ,. Other control characters are written as `\uXXXX`.
export function escapeData(text: string): string {
  return shownKeepingLineBreaks(text).replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

export function escapeProperty(text: string): string {
  return escapeData(text).replaceAll(":", "%3A").replaceAll(",", "%2C");
}

/** GitHub Actions annotations: `::error file=F,line=N::code message`, then the summary line. */
function githubWriter(out: TextSink): ReportWriter {
  return {
    finding: ({ file, line, severity, code, path, message }) =>
      out.write(`::${severity} file=${escapeProperty(file)},line=${line}::${escapeData(`${code}${path === undefined ? "" : ` ${path}`} ${message}`)}\n`),
    finish: (summary) => out.write(summaryLine(summary)),
  };
}

/** The writer of `format`; only the text report is ever painted. */
export function reportWriter(format: ReportFormat, out: TextSink, palette: Palette = PLAIN): ReportWriter {
  if (format === "json") return jsonWriter(out);
  return format === "github" ? githubWriter(out) : textWriter(out, palette);
}

/** Counts findings on their way to `writer`; with `errorsOnly`, warnings are counted but not written. */
export function countingWriter(writer: ReportWriter, summary: Summary, errorsOnly = false): ReportWriter {
  return {
    finding: (finding) => {
      if (finding.severity === "error") summary.errors += 1;
      else summary.warnings += 1;
      if (finding.severity === "error" || !errorsOnly) writer.finding(finding);
    },
    finish: (total, unreadable) => writer.finish(total, unreadable),
  };
}
