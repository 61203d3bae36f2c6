import { effectOf, type RawChange } from "./change.js";
import { methodCallSchema } from "./method-calls.js";
import { minimalInstance } from "./minimal-instance.js";
import type { DiffWork } from "./set-validator.js";
import { removedTypeInstance, search, type Judged, type Side, type Witness } from "./witness.js";

/** What backs a change: a witness ajv confirmed on both sides, and a note (why there is none, or what the witness is checked against). */
export interface Proof {
  readonly witness?: Witness;
  readonly note?: string;
}

/** The instance exactly as it is printed: what the report says is what was checked. */
function asPrinted(instance: unknown): { readonly value: unknown } | undefined {
  const text = JSON.stringify(instance);
  return text === undefined ? undefined : { value: JSON.parse(text) };
}

/** How one side judges an instance of a change. */
type Judge = (side: Side, instance: unknown) => boolean | undefined;

/**
 * A witness that the reporter re-checks before printing it: the instance
 * as printed is accepted by the side it names and rejected by the other,
 * each with its own ajv. A side that has no type of that name rejects it
 * when `absentRejects` (a type removed).
 */
function confirmed(instance: unknown, accepting: Side, rejecting: Side, judge: Judge): Witness | undefined {
  const printed = asPrinted(instance);
  if (printed === undefined) return undefined;
  if (judge(accepting, printed.value) !== true || judge(rejecting, printed.value) !== false) return undefined;
  return { instance: printed.value, accepted_by: accepting.name, rejected_by: rejecting.name };
}

const UNPROVEN = "unproven: no candidate instance is accepted by one schema and rejected by the other, so this breaking claim is not backed by a witness";
const UNJUDGED = "unproven: some candidates could not be judged (a pattern beyond the linear-time engine, such as a lookaround or a backreference, or a schema ajv cannot compile)";

function noWitness(work: DiffWork, unjudgedBefore: number): Proof {
  return { note: work.unjudged > unjudgedBefore ? UNJUDGED : UNPROVEN };
}

/** The type names a method change compares, old and new. */
function methodTypes(change: RawChange, oldSide: Side, newSide: Side): Judged | undefined {
  const field = change.kind === "method_params_changed" ? "params" : change.kind === "method_result_changed" ? "result" : undefined;
  if (field === undefined) return undefined;
  const [before, after] = [oldSide.methods?.get(change.type)?.[field], newSide.methods?.get(change.type)?.[field]];
  return typeof before === "string" && typeof after === "string" ? { oldType: before, newType: after } : undefined;
}

/** A removed method or a changed direction, witnessed by a call of it the old registry accepts and the new one rejects. */
function methodCallProof(change: RawChange, oldSide: Side, newSide: Side): Proof {
  const entry = oldSide.methods?.get(change.type);
  if (entry === undefined) return { note: UNPROVEN };
  const call = { direction: entry.direction, method: change.type, ...(entry.params === null ? {} : { params: minimalInstance(oldSide.types.get(entry.params), oldSide.types) }) };
  const judge: Judge = (side, instance) => side.validator.acceptsSchema(`methods`, () => methodCallSchema(side.methods ?? new Map(), `urn:app-server-protocol:diff:${side.name}`), instance);
  const witness = confirmed(call, oldSide, newSide, judge);
  return witness === undefined ? { note: UNPROVEN } : { witness, note: "the witness is a call of the method, checked against each set's method registry read as a schema of method calls" };
}

/** The witness of a major change, re-checked on both sides, or why there is none. */
export function proofOf(change: RawChange, oldSide: Side, newSide: Side, work: DiffWork): Proof {
  const unjudgedBefore = work.unjudged;
  if (change.kind === "type_removed") {
    const instance = removedTypeInstance(change.type, oldSide);
    const judge: Judge = (side, value) => (side.validator.has(change.type) ? side.validator.accepts(change.type, value) : false);
    const witness = instance === undefined ? undefined : confirmed(instance, oldSide, newSide, judge);
    return witness === undefined ? noWitness(work, unjudgedBefore) : { witness, note: `the new set has no type ${change.type}, so it rejects every instance of it` };
  }
  if (change.kind === "method_removed" || change.kind === "method_direction_changed") return methodCallProof(change, oldSide, newSide);
  const judged = methodTypes(change, oldSide, newSide) ?? (change.kind.startsWith("method_") ? undefined : { oldType: change.type, newType: change.type });
  if (judged === undefined) return { note: UNPROVEN };
  const judge = (type: (judged: Judged) => string): Judge => (side, value) => side.validator.accepts(type(judged), value);
  const [onOld, onNew] = [judge(({ oldType }) => oldType), judge(({ newType }) => newType)];
  const byName: Judge = (side, value) => (side.name === "old" ? onOld : onNew)(side, value);
  const forward = search(change, oldSide, newSide, judged, work);
  const witness = forward === undefined ? undefined : confirmed(forward, oldSide, newSide, byName);
  if (witness !== undefined) return { witness };
  // Only a change that also widens may be shown the other way round.
  const backward = effectOf(change.kind) === "both" ? search(change, newSide, oldSide, judged, work) : undefined;
  const reverse = backward === undefined ? undefined : confirmed(backward, newSide, oldSide, byName);
  return reverse === undefined ? noWitness(work, unjudgedBefore) : { witness: reverse };
}

/** A witness of a widening (an instance the new side accepts and the old rejects), when one is found; a widening needs none. */
export function widenedBy(change: RawChange, oldSide: Side, newSide: Side, work: DiffWork): Proof {
  const judged = { oldType: change.type, newType: change.type };
  const found = search(change, newSide, oldSide, judged, work);
  const byName: Judge = (side, value) => side.validator.accepts(change.type, value);
  const witness = found === undefined ? undefined : confirmed(found, newSide, oldSide, byName);
  return witness === undefined ? {} : { witness };
}
