import { shown } from "../report/control-characters.js";
import type { Break } from "./classify.js";
import { githubOutput } from "./diff-github.js";
import { junitOutput } from "./diff-junit.js";
import type { Flow } from "./flows.js";
import type { DiffChange, DiffReport } from "./schema-diff.js";

/** Output formats of `diff`. */
export type DiffFormat = "text" | "json" | "markdown" | "github" | "junit";

export const DIFF_FORMATS: readonly DiffFormat[] = ["text", "json", "markdown", "github", "junit"];

/** What decides a run's exit code, for the formats that mark what fails it (`github`, `junit`). */
export interface FailPolicy {
  /** Whether a change (not excepted) fails the run by itself. */
  readonly fails: (change: DiffChange) => boolean;
  /** The types and methods compared, for a report that lists each (`junit`). */
  readonly subjects: readonly { readonly name: string; readonly group: "type" | "method" }[];
}

const PARTIES: { readonly [F in Flow]: readonly [producer: string, reader: string] } = {
  client_to_server: ["client", "server"],
  server_to_client: ["server", "client"],
};

/** Who a change breaks, in the parties' names: `old client -> new server`. */
export function brokenPairs(change: Pick<DiffChange, "breaks" | "flows">): string[] {
  const pair = (kind: Break, flow: Flow) => {
    const [producer, reader] = PARTIES[flow];
    return kind === "old_producer_new_reader" ? `old ${producer} -> new ${reader}` : `new ${producer} -> old ${reader}`;
  };
  return change.breaks.flatMap((kind) => change.flows.map((flow) => pair(kind, flow)));
}

/** The witness or note of a change; a change not classified has its note said once for all (see `reportNotes`). */
export function witnessLine(change: DiffChange): string | undefined {
  if (change.witness !== undefined) return `witness (${change.witness.accepted_by} accepts, ${change.witness.rejected_by} rejects): ${JSON.stringify(change.witness.instance)}`;
  return change.severity === "none" ? undefined : change.note;
}

/** The report's notes, then each distinct note of the changes not classified, once. */
function reportNotes(report: DiffReport): string[] {
  const unclassified = report.changes.flatMap((change) => (change.severity === "none" && change.note !== undefined ? [change.note] : []));
  return [...(report.notes ?? []), ...new Set(unclassified)];
}

/** How many changes there are of each severity; an excepted change counts as excepted only. */
export interface DiffCounts {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly unproven: number;
  readonly excepted: number;
  readonly not_classified: number;
}

export function countsOf(report: DiffReport): DiffCounts {
  const count = (severity: string) => report.changes.filter((change) => change.excepted !== true && change.severity === severity).length;
  return { major: count("major"), minor: count("minor"), patch: count("patch"), unproven: count("unproven"), excepted: report.changes.filter((change) => change.excepted === true).length, not_classified: count("none") };
}

export function countsLine(report: DiffReport): string {
  const counts = countsOf(report);
  const total = report.changes.length;
  const extra = [counts.excepted > 0 ? `, ${counts.excepted} excepted` : "", counts.not_classified > 0 ? `, ${counts.not_classified} not classified` : ""].join("");
  return `${total} change${total === 1 ? "" : "s"}: ${counts.major} major, ${counts.minor} minor, ${counts.patch} patch, ${counts.unproven} unproven${extra}`;
}

export function location(change: Pick<DiffChange, "type" | "path">): string {
  return `${change.type}${change.path}`;
}

/** A change's severity as printed: `major (excepted)` for an excepted one. */
export function severityLabel(change: DiffChange): string {
  return change.excepted === true ? `${change.severity} (excepted)` : change.severity;
}

/** One line per stale entry of the except file. */
export function staleLines(report: DiffReport): string[] {
  return (report.stale_exceptions ?? []).map((entry) => `stale exception: ${location(entry)} ${entry.kind} matches no change`);
}

function textOutput(report: DiffReport): string {
  const lines = report.changes.flatMap((change) => {
    const breaks = brokenPairs(change);
    const head = `${severityLabel(change)} ${location(change)} ${change.kind}: ${change.detail}${breaks.length > 0 ? ` (breaks ${breaks.join(", ")})` : ""}`;
    const extra = witnessLine(change);
    return extra === undefined ? [head] : [head, `  ${extra}`];
  });
  const notes = reportNotes(report).map((note) => `note: ${note}`);
  return [...lines, ...staleLines(report), ...notes, `bump: ${report.bump} (${countsLine(report)})`].map((line) => `${shown(line)}\n`).join("");
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** `text` as a markdown code span, fenced so a backtick inside it does not end the span. */
function code(text: string): string {
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function markdownOutput(report: DiffReport): string {
  const notes = [...staleLines(report), ...reportNotes(report)].map((note) => `- ${shown(note)}\n`).join("");
  const head = `### Schema diff: ${report.bump !== "none" ? `**${report.bump}** bump` : report.changes.length === 0 ? "no changes" : "no bump"}\n\n${countsLine(report)}.\n${notes === "" ? "" : `\n${notes}`}`;
  if (report.changes.length === 0) return head;
  const rows = report.changes.map((change) => {
    const witness = change.witness === undefined ? (witnessLine(change) ?? "") : `${code(JSON.stringify(change.witness.instance))} (${change.witness.accepted_by} accepts, ${change.witness.rejected_by} rejects)`;
    return `| ${severityLabel(change)} | ${cell(code(shown(location(change))))} | ${code(change.kind)} | ${cell(shown(change.detail))} | ${cell(brokenPairs(change).join(", "))} | ${cell(shown(witness))} |`;
  });
  return `${head}\n| Severity | Where | Kind | Change | Breaks | Witness |\n|---|---|---|---|---|---|\n${rows.join("\n")}\n`;
}

/** The report as `--format` asks. */
export function formatDiff(report: DiffReport, format: DiffFormat, policy: FailPolicy = { fails: (change) => change.severity === "major", subjects: [] }): string {
  if (format === "json") return `${JSON.stringify({ ...report, counts: countsOf(report) })}\n`;
  if (format === "github") return githubOutput(report, policy);
  if (format === "junit") return junitOutput(report, policy);
  return format === "markdown" ? markdownOutput(report) : textOutput(report);
}
