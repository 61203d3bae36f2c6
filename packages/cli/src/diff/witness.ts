import { effectOf, type RawChange } from "./change.js";
import { candidateValues, type ChangeSite } from "./candidates.js";
import { embedded, schemaAt, stepsOf } from "./embed.js";
import { minimalInstance } from "./minimal-instance.js";
import { segmentsOf } from "./pointer.js";
import type { SchemaSet } from "./schema-set.js";
import type { SetValidator } from "./set-validator.js";

/** A message one side's schema accepts and the other's rejects, as checked with ajv. */
export interface Witness {
  readonly instance: unknown;
  readonly accepted_by: "old" | "new";
  readonly rejected_by: "old" | "new";
}

/** One side of the diff: its schemas and their ajv validator. */
export interface Side {
  readonly set: SchemaSet;
  readonly validator: SetValidator;
  readonly name: "old" | "new";
}

/** The first instance of the type at `from` accepted there and rejected at `to`, `undefined` when none of the candidates is. */
function search(change: RawChange, from: Side, to: Side, fromType: string, toType: string): Witness | undefined {
  const steps = stepsOf(segmentsOf(change.path));
  const siteOf = (side: Side, type: string): ChangeSite => ({ node: schemaAt(side.set.types.get(type), steps, side.set.types), parent: schemaAt(side.set.types.get(type), steps.slice(0, -1), side.set.types), types: side.set.types });
  const { atParent, atNode } = candidateValues(change, siteOf(from, fromType), siteOf(to, toType));
  // Built on the other side's simplest instance first, so the rest of the message suits both sides and only the change can reject it.
  const bases = [{ root: to.set.types.get(toType), types: to.set.types }, { root: from.set.types.get(fromType), types: from.set.types }];
  const instances = bases.flatMap(({ root, types }) => [...atParent.map((value) => embedded(root, steps.slice(0, -1), value, types)), ...atNode.map((value) => embedded(root, steps, value, types))]);
  const instance = instances.find((candidate) => from.validator.accepts(fromType, candidate) === true && to.validator.accepts(toType, candidate) === false);
  return instance === undefined ? undefined : { instance, accepted_by: from.name, rejected_by: to.name };
}

/** The type names a method change compares, old and new. */
function methodTypes(change: RawChange, oldSide: Side, newSide: Side): [string, string] | undefined {
  const field = change.kind === "method_params_changed" ? "params" : change.kind === "method_result_changed" ? "result" : undefined;
  if (field === undefined) return undefined;
  const [before, after] = [oldSide.set.methods?.get(change.type)?.[field], newSide.set.methods?.get(change.type)?.[field]];
  return typeof before === "string" && typeof after === "string" ? [before, after] : undefined;
}

/** A witness that `change` (major) breaks a reader, or why there is none. */
export function witnessFor(change: RawChange, oldSide: Side, newSide: Side): { readonly witness?: Witness; readonly note?: string } {
  if (change.kind === "type_removed") {
    const instance = minimalInstance(oldSide.set.types.get(change.type), oldSide.set.types);
    return oldSide.validator.accepts(change.type, instance) === true ? { witness: { instance, accepted_by: "old", rejected_by: "new" }, note: `the new set has no type ${change.type}` } : { note: "no witness found: no instance of the old type was found" };
  }
  if (change.kind === "method_removed") return { note: `no witness: the new set has no method ${change.type}, so every message of it is an unknown_method` };
  const [oldType, newType] = methodTypes(change, oldSide, newSide) ?? [change.type, change.type];
  if (change.kind.startsWith("method_") && methodTypes(change, oldSide, newSide) === undefined) return { note: "no witness: the method's direction or a missing params/result type changed" };
  // Only a change that also widens may be shown the other way round.
  const reverse = () => (effectOf(change.kind) === "both" ? search(change, newSide, oldSide, newType, oldType) : undefined);
  const witness = search(change, oldSide, newSide, oldType, newType) ?? reverse();
  return witness === undefined ? { note: "no witness found: no candidate instance is accepted by one schema and rejected by the other" } : { witness };
}
