import type { Finding } from "../findings.js";
import { summaryLine, type ReportWriter, type Summary } from "./summary.js";

/** Where text goes: a stream's `write`, and its `once("drain")` when it has one. */
export interface TextSink {
  write(text: string): unknown;
  once?(event: "drain", listener: () => void): unknown;
}

/** Writes `text`, then waits for `drain` when the stream asks to (its `write` returned false), so a long output is not buffered whole. */
export async function written(sink: TextSink, text: string): Promise<void> {
  if (text === "" || sink.write(text) !== false || sink.once === undefined) return;
  await new Promise<void>((resolve) => sink.once?.("drain", resolve));
}

/** Output formats of `validate`. */
export type ReportFormat = "text" | "json" | "github";

export const REPORT_FORMATS: readonly ReportFormat[] = ["text", "json", "github"];

/** `file:line: severity code path message`, one finding a line, then the summary line. */
function textWriter(out: TextSink): ReportWriter {
  return {
    finding: ({ file, line, severity, code, path, message }) => out.write(`${file}:${line}: ${severity} ${code}${path === undefined ? "" : ` ${path}`} ${message}\n`),
    finish: (summary) => out.write(summaryLine(summary)),
  };
}

/** One JSON document, written at the end. */
function jsonWriter(out: TextSink): ReportWriter {
  const findings: Finding[] = [];
  return {
    finding: (finding) => findings.push(finding),
    finish: (summary) => out.write(`${JSON.stringify({ findings, summary })}\n`),
  };
}

// GitHub's workflow-command escaping: data escapes %, CR and LF; property values also : and ,.
function escapeData(text: string): string {
  return text.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
}

function escapeProperty(text: string): string {
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

export function reportWriter(format: ReportFormat, out: TextSink): ReportWriter {
  if (format === "json") return jsonWriter(out);
  return format === "github" ? githubWriter(out) : textWriter(out);
}

/** Counts findings on their way to `writer`. */
export function countingWriter(writer: ReportWriter, summary: Summary): ReportWriter {
  return {
    finding: (finding) => {
      if (finding.severity === "error") summary.errors += 1;
      else summary.warnings += 1;
      writer.finding(finding);
    },
    finish: (total) => writer.finish(total),
  };
}
