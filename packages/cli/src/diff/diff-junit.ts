import { junitXml, type JunitCase } from "../report/junit.js";
import { brokenPairs, location, severityLabel, staleLines, witnessLine, type FailPolicy } from "./diff-output.js";
import type { DiffChange, DiffReport } from "./schema-diff.js";

function changeText(change: DiffChange): string {
  const breaks = brokenPairs(change);
  const extra = witnessLine(change);
  return [`${severityLabel(change)} ${location(change)} ${change.kind}: ${change.detail}${breaks.length > 0 ? ` (breaks ${breaks.join(", ")})` : ""}`, ...(extra === undefined ? [] : [`  ${extra}`])].join("\n");
}

/**
 * JUnit XML: one test case per type and per method compared (`types` and
 * `methods`), failed by each of its changes that fails the run, its other
 * changes in `system-out`; a case `except file` failed by the stale
 * entries of the except file.
 */
export function junitOutput(report: DiffReport, policy: FailPolicy): string {
  const byName = new Map<string, DiffChange[]>();
  const key = (group: string, name: string) => `${group}\u0000${name}`;
  const isMethodChange = (change: DiffChange) => change.kind.startsWith("method_") || (change.kind === "type_renamed" && change.path !== "");
  for (const change of report.changes) {
    const at = key(isMethodChange(change) ? "method" : "type", change.type);
    byName.set(at, [...(byName.get(at) ?? []), change]);
  }
  const subjects = [...policy.subjects];
  for (const change of report.changes) if (!subjects.some((subject) => subject.name === change.type && subject.group === (isMethodChange(change) ? "method" : "type"))) subjects.push({ name: change.type, group: isMethodChange(change) ? "method" : "type" });
  const cases = subjects.map(({ name, group }): JunitCase => {
    const changes = byName.get(key(group, name)) ?? [];
    const failing = changes.filter((change) => change.excepted !== true && policy.fails(change));
    const others = changes.filter((change) => !failing.includes(change));
    return {
      name,
      classname: group === "type" ? "types" : "methods",
      ...(failing.length > 0 ? { failures: failing.map((change) => ({ message: `${change.kind} ${location(change)}: ${change.detail}`, type: change.severity, text: changeText(change) })) } : {}),
      ...(others.length > 0 ? { systemOut: others.map(changeText).join("\n") } : {}),
    };
  });
  const stale = staleLines(report);
  const exceptCase: JunitCase[] = report.stale_exceptions === undefined ? [] : [{ name: "except file", classname: "except", failures: stale.map((line) => ({ message: line, type: "stale_exception" })) }];
  return junitXml("app-server-protocol diff", [{ name: "schema diff", cases: [...cases, ...exceptCase] }]);
}
