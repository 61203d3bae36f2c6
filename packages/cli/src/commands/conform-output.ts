import type { CheckResult, ConformanceListing, ConformanceReport } from "@app-server-protocol/conform";
import { shown } from "../report/control-characters.js";
import { escapeData, escapeProperty } from "../report/writers.js";
import type { Palette } from "../report/colour.js";
import { junitXml, type JunitCase } from "../report/junit.js";

/** Output formats of `conform`. */
export type ConformFormat = "text" | "json" | "junit" | "github";

export const CONFORM_FORMATS: readonly ConformFormat[] = ["text", "json", "junit", "github"];

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** The closing line: scenarios, checks, and each status. */
export function summaryLine({ summary }: ConformanceReport): string {
  const { scenarios, checks, passed, failed, advisory_failures, skipped, expected_failures, stale } = summary;
  const advisory = advisory_failures > 0 ? ` (${advisory_failures} advisory)` : "";
  return `${plural(scenarios, "scenario")}, ${plural(checks, "check")}: ${passed} passed, ${failed} failed${advisory}, ${skipped} skipped, ${plural(expected_failures, "expected failure")}, ${stale} stale\n`;
}

/** Whether a check makes the run fail (exit 1). */
function failsRun(check: CheckResult): boolean {
  return check.status === "stale" || (check.status === "fail" && check.tier !== "advisory");
}

function where(check: CheckResult): string {
  return `${check.tier}; spec ${check.spec.join(", ")}`;
}

/** Checks by scenario, in report order. */
function byScenario(report: ConformanceReport): [string, CheckResult[]][] {
  const groups = new Map<string, CheckResult[]>();
  for (const check of report.checks) groups.set(check.scenario, [...(groups.get(check.scenario) ?? []), check]);
  return [...groups];
}

/** One line per scenario with its counts, and a line under it for each check that did not pass; then the summary. */
export function textReport(report: ConformanceReport, command: readonly string[], palette: Palette): string {
  const peer = report.summary.peer === undefined ? "" : ` (${shown(report.summary.peer.name)} ${shown(report.summary.peer.version)})`;
  const lines = [`conform ${report.summary.role}: ${shown(command.join(" "))}${peer}`];
  for (const [scenario, checks] of byScenario(report)) {
    const passed = checks.filter((check) => check.status === "pass").length;
    lines.push(`${scenario}: ${passed} of ${plural(checks.length, "check")} passed`);
    for (const check of checks) {
      if (check.status === "pass") continue;
      const status = failsRun(check) ? palette.error(check.status) : check.status === "fail" ? palette.warning(check.status) : check.status;
      lines.push(`  ${status} ${check.id} (${where(check)}): ${shown(check.message)}`);
    }
  }
  return `${lines.join("\n")}\n${summaryLine(report)}`;
}

/** GitHub Actions annotations: an error for each check that fails the run, a warning for each advisory failure; then the summary. */
export function githubReport(report: ConformanceReport): string {
  const annotations = report.checks.flatMap((check) => {
    const level = failsRun(check) ? "error" : check.status === "fail" ? "warning" : undefined;
    if (level === undefined) return [];
    return [`::${level} title=${escapeProperty(`${check.id} (${check.scenario})`)}::${escapeData(`${check.status}: ${shown(check.message)} (${where(check)})`)}\n`];
  });
  return `${annotations.join("")}${summaryLine(report)}`;
}

function junitCase(check: CheckResult): JunitCase {
  const base = { name: check.id, classname: check.scenario };
  const text = `${check.message}\n(${where(check)})`;
  switch (check.status) {
    case "fail":
      // An advisory failure never fails the run, so it is no failure to a CI's test view either.
      return check.tier === "advisory" ? { ...base, systemOut: `advisory check failed: ${text}` } : { ...base, failures: [{ message: check.message, type: check.tier, text }] };
    case "stale":
      return { ...base, failures: [{ message: check.message, type: "stale_baseline", text }] };
    case "skip":
      return { ...base, skipped: check.message };
    case "expected_fail":
      return { ...base, systemOut: `expected failure: ${text}` };
    default:
      return base;
  }
}

/** JUnit XML: a suite per scenario, a test case per check. */
export function junitReport(report: ConformanceReport): string {
  return junitXml(`app-server-protocol conform ${report.summary.role}`, byScenario(report).map(([scenario, checks]) => ({ name: scenario, cases: checks.map(junitCase) })));
}

/** The report in `format`. */
export function formatReport(report: ConformanceReport, format: ConformFormat, command: readonly string[], palette: Palette): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(report)}\n`;
    case "junit":
      return junitReport(report);
    case "github":
      return githubReport(report);
    default:
      return textReport(report, command, palette);
  }
}

/** `--list`: every scenario with what it needs and checks, then every requirement; as JSON, the listing itself. */
export function formatListing(listing: ConformanceListing, format: ConformFormat): string {
  if (format === "json") return `${JSON.stringify(listing)}\n`;
  const scenarios = listing.scenarios.flatMap((scenario) => {
    const needs = [
      ...(scenario.requires.methods.length > 0 ? [`methods ${scenario.requires.methods.join(", ")}`] : []),
      ...(scenario.requires.turn_prompt === undefined ? [] : [`--turn-prompt ${scenario.requires.turn_prompt}=TEXT`]),
      ...(scenario.requires.interactive_questions === undefined ? [] : [`interactive_questions ${scenario.requires.interactive_questions.join(", ")}`]),
      ...(scenario.method === undefined ? [] : [typeof scenario.method === "string" ? `method ${scenario.method}` : `a method picked by ${scenario.method.pick}`]),
    ];
    return [`  ${scenario.id}: ${scenario.title}`, ...(needs.length > 0 ? [`      needs: ${needs.join("; ")}`] : []), `      checks: ${scenario.checks.join(", ")}`];
  });
  const requirements = listing.requirements.map((requirement) => `  ${requirement.id} (${requirement.tier}; spec ${requirement.spec.join(", ")}${requirement.per_frame === true ? "; every frame" : ""}): ${requirement.title}`);
  return [`Scenarios of the ${listing.role} role (${listing.scenarios.length}):`, ...scenarios, "", `Requirements (${listing.requirements.length}):`, ...requirements, ""].join("\n");
}
