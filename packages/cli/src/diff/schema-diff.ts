import { bumpOf, classified, unclassified, type Break, type Bump, type ChangeSeverity, type ClassifiedChange } from "./classify.js";
import { effectOf, type ChangeKind, type RawChange } from "./change.js";
import { compareSets } from "./compare-sets.js";
import { exceptKey, type ExceptEntry } from "./except.js";
import { BOTH_FLOWS, flowsOf, type Flow } from "./flows.js";
import { normalTypes } from "./normalize.js";
import { plainSet } from "./plain-set.js";
import { proofOf, widenedBy, type Proof } from "./proof.js";
import type { SchemaSet } from "./schema-set.js";
import { noWork, setValidator, type DiffWork } from "./set-validator.js";
import type { Side, Witness } from "./witness.js";

export type { DiffWork } from "./set-validator.js";

/** One change as `diff` reports it (schemas/diff-report.schema.json). */
export interface DiffChange {
  readonly type: string;
  readonly path: string;
  readonly kind: ChangeKind;
  /** `unproven` for a breaking claim without a witness ajv confirmed; `none` for a change reported but not classified (a type only one side has, when a set has no method registry). */
  readonly severity: ChangeSeverity;
  readonly breaks: readonly Break[];
  readonly flows: readonly Flow[];
  readonly detail: string;
  readonly value?: unknown;
  readonly witness?: Witness;
  readonly note?: string;
  /** Matched by an entry of the except file: reported, but it fails no run. */
  readonly excepted?: true;
}

/** What `diff --format json` prints, less its `counts`. */
export interface DiffReport {
  /** The most severe change that is not excepted (`unproven` and `none` count toward none). */
  readonly bump: Bump;
  readonly changes: readonly DiffChange[];
  /** What reading the sets noticed (a type defined differently in two files of a set), each naming its set; absent when nothing. */
  readonly notes?: readonly string[];
  /** Entries of the except file that match no change; absent without an except file or when every entry matched. */
  readonly stale_exceptions?: readonly ExceptEntry[];
}

/** How `diffSchemaSets` judges (README "diff", options). */
export interface DiffOptions {
  /** `format` validates (`--assert-formats`): a format change is classified by what it does; otherwise it is a patch. */
  readonly assertFormats?: boolean;
  /** Accepted breaking changes (`--except FILE`): matched by type, path and kind. */
  readonly except?: readonly ExceptEntry[];
}

const UNCLASSIFIED_NOTE = "not classified: a set without a method registry (a peer's schemas) may just publish no schema for a type the other set has, so no message is known to change";

function methodFlows(set: SchemaSet, method: string): readonly Flow[] | undefined {
  const direction = set.methods?.get(method)?.direction;
  return direction === undefined ? undefined : direction === "server_notification" ? ["server_to_client"] : BOTH_FLOWS;
}

/** Whether a change is a type only one side has while a set has no registry to say that the type is gone from the protocol, and the new set still has some type of the old. */
function isUnclassified(change: RawChange, oldSet: SchemaSet, newSet: SchemaSet): boolean {
  if (change.kind !== "type_added" && change.kind !== "type_removed") return false;
  if (oldSet.methods !== undefined && newSet.methods !== undefined) return false;
  const lostEveryType = ![...oldSet.types.keys()].some((type) => newSet.types.has(type));
  return !(change.kind === "type_removed" && lostEveryType);
}

/** A classified change with what its proof says: a major one without a confirmed witness is `unproven`. */
function proven(change: ClassifiedChange, proof: Proof): DiffChange {
  const { at: _at, newType: _newType, ...reported } = change;
  const witness = proof.witness === undefined ? {} : { witness: proof.witness };
  const note = proof.note === undefined ? {} : { note: proof.note };
  if (change.severity === "major" && proof.witness === undefined) return { ...reported, severity: "unproven", ...note };
  return { ...reported, ...witness, ...note };
}

function withExceptions(changes: readonly DiffChange[], except: readonly ExceptEntry[] | undefined): { changes: DiffChange[]; stale: ExceptEntry[] } {
  if (except === undefined) return { changes: [...changes], stale: [] };
  const keys = new Set(except.map(exceptKey));
  const matched = new Set<string>();
  const marked = changes.map((change): DiffChange => {
    const key = exceptKey(change);
    if (!keys.has(key)) return change;
    matched.add(key);
    return { ...change, excepted: true };
  });
  return { changes: marked, stale: except.filter((entry) => !matched.has(exceptKey(entry))) };
}

/** `diffSchemaSets`, with what its checks cost. */
export function diffCounted(oldInput: SchemaSet, newInput: SchemaSet, options: DiffOptions = {}): { readonly report: DiffReport; readonly work: DiffWork } {
  const assertFormats = options.assertFormats === true;
  const [oldSet, newSet] = [plainSet(oldInput, "old"), plainSet(newInput, "new")];
  const work = noWork();
  const [oldNormal, newNormal] = [normalTypes(oldSet.types, assertFormats), normalTypes(newSet.types, assertFormats)];
  const typeFlows = flowsOf(oldSet, newSet);
  const side = (set: SchemaSet, types: ReadonlyMap<string, unknown>, name: "old" | "new"): Side => ({ types, methods: set.methods, validator: setValidator(set.types, `urn:app-server-protocol:diff:${name}`, { assertFormats }, work), name });
  const [oldSide, newSide] = [side(oldSet, oldNormal, "old"), side(newSet, newNormal, "new")];
  const changes = compareSets({ types: oldNormal, ...(oldSet.methods === undefined ? {} : { methods: oldSet.methods }) }, { types: newNormal, ...(newSet.methods === undefined ? {} : { methods: newSet.methods }) }, assertFormats).map((change): DiffChange => {
    work.changes += 1;
    const flows = change.kind.startsWith("method_") || (change.kind === "type_renamed" && change.path !== "") ? (methodFlows(newSet, change.type) ?? methodFlows(oldSet, change.type) ?? typeFlows(change.type)) : typeFlows(change.type);
    if (isUnclassified(change, oldSet, newSet)) {
      const { at: _at, newType: _newType, ...reported } = unclassified(change, flows);
      return { ...reported, note: UNCLASSIFIED_NOTE };
    }
    const result = classified(change, flows, assertFormats);
    if (result.severity === "major") return proven(result, proofOf(change, oldSide, newSide, work));
    return proven(result, effectOf(change.kind, assertFormats) === "widens" ? widenedBy(change, oldSide, newSide, work) : {});
  });
  const { changes: marked, stale } = withExceptions(changes, options.except);
  const notes = [...(oldSet.notes ?? []), ...(newSet.notes ?? [])];
  const report: DiffReport = { bump: bumpOf(marked.filter((change) => change.excepted !== true)), changes: marked, ...(notes.length > 0 ? { notes } : {}), ...(stale.length > 0 ? { stale_exceptions: stale } : {}) };
  return { report, work };
}

/**
 * Every change from `oldSet` to `newSet`, each set read in normal form
 * (README "Normalization"), classified; each major change with a witness
 * that ajv confirmed on both sets' schemas as written, or, without one,
 * reported as `unproven` with a note why.
 */
export function diffSchemaSets(oldInput: SchemaSet, newInput: SchemaSet, options: DiffOptions = {}): DiffReport {
  return diffCounted(oldInput, newInput, options).report;
}
