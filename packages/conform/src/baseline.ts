import type { JsonValue } from "@app-server-protocol/validators";
import type { CheckResult } from "./model.js";
import { SCENARIO_ID } from "./scenario/decode-file.js";
import { arrayAt, DocumentError, matching, objectAt, optionalString, parseDocument, readDocument, stringAt, under } from "./scenario/reader.js";

/** One expected failure: a check id, in one scenario or in all, and why it fails. */
export interface BaselineEntry {
  readonly id: string;
  /** The scenario it is expected to fail in; every scenario when absent. */
  readonly scenario?: string;
  readonly reason: string;
}

/** A baseline (`--baseline FILE`, schema `schemas/baseline.schema.json`): the checks expected to fail. */
export interface Baseline {
  readonly source: string;
  readonly entries: readonly BaselineEntry[];
}

/** A baseline file that cannot be used: which file, where in it, and what is wrong. */
export class BaselineError extends Error {
  override readonly name = "BaselineError";
}

const REQUIREMENT_ID = /^(server|client)\.[a-z0-9-]+\.[a-z0-9-]+$/;

function entryAt(value: JsonValue, path: string): BaselineEntry {
  const entry = objectAt(value, path, ["id", "scenario", "reason"], "an expected failure");
  const id = matching(entry["id"], under(path, "id"), REQUIREMENT_ID, "a requirement id");
  const scenario = Object.hasOwn(entry, "scenario") ? matching(entry["scenario"], under(path, "scenario"), SCENARIO_ID, "a scenario id") : undefined;
  const reason = stringAt(entry["reason"], under(path, "reason"), "a reason (why the check fails)");
  if (reason.trim() === "") throw new DocumentError(under(path, "reason"), "must say why the check fails");
  return scenario === undefined ? { id, reason } : { id, scenario, reason };
}

function baselineDocument(text: string, source: string): Baseline {
  try {
    const document = objectAt(parseDocument(text), "", ["$schema", "expected_failures"], "a baseline");
    optionalString(document, "$schema", "");
    const entries = arrayAt(document["expected_failures"], "/expected_failures", "expected failures").map((entry, index) => entryAt(entry, under("/expected_failures", index)));
    return { source, entries };
  } catch (error) {
    if (error instanceof DocumentError) throw new BaselineError(`${source}: ${error.message}`);
    throw error;
  }
}

/**
 * Reads a baseline's text (`source` names it in errors); throws a
 * `BaselineError` when it is not a valid one.
 *
 * @example
 * ```ts
 * import { parseBaseline } from "@app-server-protocol/conform";
 *
 * const baseline = parseBaseline('{"expected_failures":[{"id":"server.handshake.version-echoed-any","reason":"we answer 1.0 whatever the client sends"}]}', "baseline.json");
 * baseline.entries[0]?.id; // => "server.handshake.version-echoed-any"
 * ```
 */
export function parseBaseline(text: string, source: string): Baseline {
  return baselineDocument(text, source);
}

/** Reads and decodes the baseline at `path`; throws a `BaselineError` when it cannot be read or is not a valid one. */
export function loadBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readDocument(path);
  } catch (error) {
    throw new BaselineError(`${path}: ${error instanceof Error ? error.message : "cannot be read"}`);
  }
  return baselineDocument(text, path);
}

function matches(entry: BaselineEntry, check: CheckResult): boolean {
  return entry.id === check.id && (entry.scenario === undefined || entry.scenario === check.scenario);
}

/**
 * The checks with the baseline applied: a failure it lists becomes
 * `expected_fail`; an entry that matches no failure but a pass makes that
 * pass `stale` (the check passes now: the entry hides nothing but would
 * hide a regression). An entry whose checks were all skipped is neither.
 */
export function applyBaseline(checks: readonly CheckResult[], baseline: Baseline): CheckResult[] {
  const used = new Set(baseline.entries.filter((entry) => checks.some((check) => check.status === "fail" && matches(entry, check))));
  return checks.map((check) => {
    if (check.status === "fail") {
      const entry = baseline.entries.find((candidate) => matches(candidate, check));
      return entry === undefined ? check : { ...check, status: "expected_fail", message: `${check.message} (expected by the baseline: ${entry.reason})` };
    }
    if (check.status !== "pass") return check;
    const stale = baseline.entries.find((candidate) => !used.has(candidate) && matches(candidate, check));
    return stale === undefined ? check : { ...check, status: "stale", message: `passed, but the baseline ${baseline.source} expects it to fail (${stale.reason}): remove the entry` };
  });
}
