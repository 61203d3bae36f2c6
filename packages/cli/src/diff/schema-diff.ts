import { bumpOf, classified, type Break, type Bump, type Severity } from "./classify.js";
import type { ChangeKind } from "./change.js";
import { compareSets } from "./compare-sets.js";
import { BOTH_FLOWS, flowsOf, type Flow } from "./flows.js";
import { SchemaSetError, type SchemaSet } from "./schema-set.js";
import { setValidator } from "./set-validator.js";
import { witnessFor, type Side, type Witness } from "./witness.js";

/** One change as `diff` reports it (schemas/diff-report.schema.json). */
export interface DiffChange {
  readonly type: string;
  readonly path: string;
  readonly kind: ChangeKind;
  readonly severity: Severity;
  readonly breaks: readonly Break[];
  readonly flows: readonly Flow[];
  readonly detail: string;
  readonly value?: unknown;
  readonly witness?: Witness;
  readonly note?: string;
}

/** What `diff --format json` prints. */
export interface DiffReport {
  readonly bump: Bump;
  readonly changes: readonly DiffChange[];
}

function methodFlows(set: SchemaSet, method: string): readonly Flow[] | undefined {
  const direction = set.methods.get(method)?.direction;
  return direction === undefined ? undefined : direction === "server_notification" ? ["server_to_client"] : BOTH_FLOWS;
}

/** The set as plain JSON: what a file could hold, so a getter that throws or a cycle is a `SchemaSetError`, not a crash halfway through. */
function plainSet(set: SchemaSet, label: string): SchemaSet {
  try {
    const types = new Map([...set.types].map(([name, schema]): [string, unknown] => [String(name), JSON.parse(JSON.stringify(schema) ?? "null")]));
    const methods = new Map([...set.methods].map(([name, { direction, params, result }]) => [String(name), { direction, params, result }]));
    return { types, methods };
  } catch (error) {
    throw new SchemaSetError(`${label} schema set is not JSON: ${error instanceof Error ? error.message : "unreadable"}`);
  }
}

/** Every change from `oldSet` to `newSet`, classified, each major one with a witness checked by ajv or a note why there is none. */
export function diffSchemaSets(oldInput: SchemaSet, newInput: SchemaSet): DiffReport {
  const [oldSet, newSet] = [plainSet(oldInput, "old"), plainSet(newInput, "new")];
  const typeFlows = flowsOf(oldSet, newSet);
  const oldSide: Side = { set: oldSet, validator: setValidator(oldSet.types, "urn:app-server-protocol:diff:old"), name: "old" };
  const newSide: Side = { set: newSet, validator: setValidator(newSet.types, "urn:app-server-protocol:diff:new"), name: "new" };
  const changes = compareSets(oldSet, newSet).map((change): DiffChange => {
    const flows = change.kind.startsWith("method_") ? (methodFlows(newSet, change.type) ?? methodFlows(oldSet, change.type) ?? BOTH_FLOWS) : typeFlows(change.type);
    const result = classified(change, flows);
    return result.severity === "major" ? { ...result, ...witnessFor(change, oldSide, newSide) } : result;
  });
  return { bump: bumpOf(changes), changes };
}
