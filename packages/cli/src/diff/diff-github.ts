import { escapeData, escapeProperty } from "../report/writers.js";
import { brokenPairs, countsLine, location, staleLines, witnessLine, type FailPolicy } from "./diff-output.js";
import type { DiffChange, DiffReport } from "./schema-diff.js";

/** The annotation level of a change: `error` for what fails the run, `warning` for an unproven claim, `notice` for the other breaking or widening changes; none for patches. */
function levelOf(change: DiffChange, policy: FailPolicy): "error" | "warning" | "notice" | undefined {
  if (change.excepted !== true && policy.fails(change)) return "error";
  if (change.severity === "unproven") return "warning";
  return change.severity === "major" || change.severity === "minor" ? "notice" : undefined;
}

function annotation(level: string, title: string, message: string): string {
  return `::${level} title=${escapeProperty(title)}::${escapeData(message)}\n`;
}

/** GitHub Actions workflow annotations, one per change that matters and per stale exception, then the bump line. */
export function githubOutput(report: DiffReport, policy: FailPolicy): string {
  const lines = report.changes.flatMap((change) => {
    const level = levelOf(change, policy);
    if (level === undefined) return [];
    const breaks = brokenPairs(change);
    const extra = witnessLine(change);
    const message = [`${change.severity}${change.excepted === true ? " (excepted)" : ""}: ${change.detail}${breaks.length > 0 ? ` (breaks ${breaks.join(", ")})` : ""}`, ...(extra === undefined ? [] : [extra])].join("\n");
    return [annotation(level, `${change.kind} ${location(change)}`, message)];
  });
  const stale = staleLines(report).map((line) => annotation("error", "stale exception", line));
  return [...lines, ...stale, `bump: ${report.bump} (${countsLine(report)})\n`].join("");
}
