import type { Break } from "./classify.js";
import type { Flow } from "./flows.js";
import type { DiffChange, DiffReport } from "./schema-diff.js";

/** Output formats of `diff`. */
export type DiffFormat = "text" | "json" | "markdown";

export const DIFF_FORMATS: readonly DiffFormat[] = ["text", "json", "markdown"];

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
function witnessLine(change: DiffChange): string | undefined {
  if (change.witness !== undefined) return `witness (${change.witness.accepted_by} accepts, ${change.witness.rejected_by} rejects): ${JSON.stringify(change.witness.instance)}`;
  return change.severity === "none" ? undefined : change.note;
}

/** The report's notes, then each distinct note of the changes not classified, once. */
function reportNotes(report: DiffReport): string[] {
  const unclassified = report.changes.flatMap((change) => (change.severity === "none" && change.note !== undefined ? [change.note] : []));
  return [...(report.notes ?? []), ...new Set(unclassified)];
}

function counts(report: DiffReport): string {
  const count = (severity: string) => report.changes.filter((change) => change.severity === severity).length;
  const total = report.changes.length;
  const unclassified = count("none");
  return `${total} change${total === 1 ? "" : "s"}: ${count("major")} major, ${count("minor")} minor, ${count("patch")} patch${unclassified > 0 ? `, ${unclassified} not classified` : ""}`;
}

function location(change: DiffChange): string {
  return `${change.type}${change.path}`;
}

function textOutput(report: DiffReport): string {
  const lines = report.changes.flatMap((change) => {
    const breaks = brokenPairs(change);
    const head = `${change.severity} ${location(change)} ${change.kind}: ${change.detail}${breaks.length > 0 ? ` (breaks ${breaks.join(", ")})` : ""}`;
    const extra = witnessLine(change);
    return extra === undefined ? [head] : [head, `  ${extra}`];
  });
  const notes = reportNotes(report).map((note) => `note: ${note}`);
  return [...lines, ...notes, `bump: ${report.bump} (${counts(report)})`].map((line) => `${line}\n`).join("");
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

/** `text` as a markdown code span, fenced so a backtick inside it does not end the span. */
function code(text: string): string {
  return text.includes("`") ? `\`\` ${text} \`\`` : `\`${text}\``;
}

function markdownOutput(report: DiffReport): string {
  const notes = reportNotes(report).map((note) => `- ${note}\n`).join("");
  const head = `### Schema diff: ${report.bump !== "none" ? `**${report.bump}** bump` : report.changes.length === 0 ? "no changes" : "no bump"}\n\n${counts(report)}.\n${notes === "" ? "" : `\n${notes}`}`;
  if (report.changes.length === 0) return head;
  const rows = report.changes.map((change) => {
    const witness = change.witness === undefined ? (witnessLine(change) ?? "") : `${code(JSON.stringify(change.witness.instance))} (${change.witness.accepted_by} accepts, ${change.witness.rejected_by} rejects)`;
    return `| ${change.severity} | ${cell(code(location(change)))} | ${code(change.kind)} | ${cell(change.detail)} | ${cell(brokenPairs(change).join(", "))} | ${cell(witness)} |`;
  });
  return `${head}\n| Severity | Where | Kind | Change | Breaks | Witness |\n|---|---|---|---|---|---|\n${rows.join("\n")}\n`;
}

/** The report as `--format` asks. */
export function formatDiff(report: DiffReport, format: DiffFormat): string {
  if (format === "json") return `${JSON.stringify(report)}\n`;
  return format === "markdown" ? markdownOutput(report) : textOutput(report);
}
