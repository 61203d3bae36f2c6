import { bumpOf, classified, unclassified, type Break, type Bump, type Severity } from "./classify.js";
import type { ChangeKind, RawChange } from "./change.js";
import { compareSets } from "./compare-sets.js";
import { BOTH_FLOWS, flowsOf, type Flow } from "./flows.js";
import { SchemaSetError, type MethodEntry, type SchemaSet } from "./schema-set.js";
import { setValidator } from "./set-validator.js";
import { witnessFor, type Side, type Witness } from "./witness.js";

/** One change as `diff` reports it (schemas/diff-report.schema.json). */
export interface DiffChange {
  readonly type: string;
  readonly path: string;
  readonly kind: ChangeKind;
  /** `none` for a change reported but not classified (a type only one side has, when a set has no method registry). */
  readonly severity: Severity | "none";
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
  /** What reading the sets noticed (a type defined differently in two files of a set), each naming its set; absent when nothing. */
  readonly notes?: readonly string[];
}

const UNCLASSIFIED_NOTE = "not classified: a set without a method registry (a peer's schemas) may just publish no schema for a type the other set has, so no message is known to change";

function methodFlows(set: SchemaSet, method: string): readonly Flow[] | undefined {
  const direction = set.methods?.get(method)?.direction;
  return direction === undefined ? undefined : direction === "server_notification" ? ["server_to_client"] : BOTH_FLOWS;
}

/** The set as plain JSON: what a file could hold, so a getter that throws or a cycle is a `SchemaSetError`, not a crash halfway through. */
function plainSet(set: SchemaSet, label: string): SchemaSet {
  try {
    const types = new Map([...set.types].map(([name, schema]): [string, unknown] => [String(name), JSON.parse(JSON.stringify(schema) ?? "null")]));
    const registry = set.methods === undefined ? {} : { methods: new Map([...set.methods].map(([name, { direction, params, result }]): [string, MethodEntry] => [String(name), { direction, params, result }])) };
    const notes = set.notes === undefined ? [] : [...set.notes].map((note) => `${label} set: ${String(note)}`);
    return { types, ...registry, notes };
  } catch (error) {
    throw new SchemaSetError(`${label} schema set is not JSON: ${error instanceof Error ? error.message : "unreadable"}`);
  }
}

/** Whether a change is a type only one side has while a set has no registry to say that the type is gone from the protocol. */
function isUnclassified(change: RawChange, oldSet: SchemaSet, newSet: SchemaSet): boolean {
  return (change.kind === "type_added" || change.kind === "type_removed") && (oldSet.methods === undefined || newSet.methods === undefined);
}

/** Every change from `oldSet` to `newSet`, classified, each major one with a witness checked by ajv or a note why there is none. */
export function diffSchemaSets(oldInput: SchemaSet, newInput: SchemaSet): DiffReport {
  const [oldSet, newSet] = [plainSet(oldInput, "old"), plainSet(newInput, "new")];
  const typeFlows = flowsOf(oldSet, newSet);
  const oldSide: Side = { set: oldSet, validator: setValidator(oldSet.types, "urn:app-server-protocol:diff:old"), name: "old" };
  const newSide: Side = { set: newSet, validator: setValidator(newSet.types, "urn:app-server-protocol:diff:new"), name: "new" };
  const changes = compareSets(oldSet, newSet).map((change): DiffChange => {
    const flows = change.kind.startsWith("method_") ? (methodFlows(newSet, change.type) ?? methodFlows(oldSet, change.type) ?? BOTH_FLOWS) : typeFlows(change.type);
    if (isUnclassified(change, oldSet, newSet)) return { ...unclassified(change, flows), note: UNCLASSIFIED_NOTE };
    const result = classified(change, flows);
    return result.severity === "major" ? { ...result, ...witnessFor(change, oldSide, newSide) } : result;
  });
  const notes = [...(oldSet.notes ?? []), ...(newSet.notes ?? [])];
  return { bump: bumpOf(changes), changes, ...(notes.length > 0 ? { notes } : {}) };
}
