import type { RawChange } from "./change.js";
import { candidateValues, type ChangeSite } from "./candidates.js";
import { embedded, schemaAt, stepsOf } from "./embed.js";
import { minimalInstance, type TypeTable } from "./minimal-instance.js";
import { segmentsOf } from "./pointer.js";
import type { MethodEntry } from "./schema-set.js";
import type { DiffWork, SetValidator } from "./set-validator.js";

/** A message one side's schema accepts and the other's rejects, as checked with ajv. */
export interface Witness {
  readonly instance: unknown;
  readonly accepted_by: "old" | "new";
  readonly rejected_by: "old" | "new";
}

/** One side of the diff: its types in normal form (to build candidates), its registry, and the ajv validator of its written schemas. */
export interface Side {
  readonly types: TypeTable;
  readonly methods: ReadonlyMap<string, MethodEntry> | undefined;
  readonly validator: SetValidator;
  readonly name: "old" | "new";
}

// Enough candidates for every change of the protocol's history; a bound on the work a hostile set can ask for.
const MAX_CANDIDATES = 160;

/** Which type a change is judged against on each side: its own, or a method's params or result type. */
export interface Judged {
  readonly oldType: string;
  readonly newType: string;
}

function pathOn(change: RawChange, side: "old" | "new"): string {
  return change.at?.[side] ?? change.path;
}

/** The first instance of the type at `from` accepted there and rejected at `to`, `undefined` when none of the candidates is. */
export function search(change: RawChange, from: Side, to: Side, judged: Judged, work: DiffWork): unknown {
  const [fromType, toType] = from.name === "old" ? [judged.oldType, judged.newType] : [judged.newType, judged.oldType];
  const [fromSteps, toSteps] = [stepsOf(segmentsOf(pathOn(change, from.name))), stepsOf(segmentsOf(pathOn(change, to.name)))];
  const siteOf = (side: Side, type: string, steps: ReturnType<typeof stepsOf>): ChangeSite => ({ node: schemaAt(side.types.get(type), steps, side.types), parent: schemaAt(side.types.get(type), steps.slice(0, -1), side.types), types: side.types });
  // Built on the other side's simplest instance first, so the rest of the message suits both sides and only the change can reject it.
  const bases = [{ root: to.types.get(toType), steps: toSteps, types: to.types }, { root: from.types.get(fromType), steps: fromSteps, types: from.types }];
  let tried = 0;
  for (const candidate of candidateValues({ ...change, path: pathOn(change, from.name) }, siteOf(from, fromType, fromSteps), siteOf(to, toType, toSteps))) {
    for (const base of bases) {
      if (tried++ >= MAX_CANDIDATES) return undefined;
      work.candidates += 1;
      const instance = embedded(base.root, candidate.atParent ? base.steps.slice(0, -1) : base.steps, candidate.value, base.types);
      if (from.validator.accepts(fromType, instance) === true && to.validator.accepts(toType, instance) === false) return instance;
    }
  }
  return undefined;
}

/** The simplest instance of a type the old set has and the new one lacks, when the old set's ajv accepts it. */
export function removedTypeInstance(type: string, oldSide: Side): unknown {
  const instance = minimalInstance(oldSide.types.get(type), oldSide.types);
  return oldSide.validator.accepts(type, instance) === true ? instance : undefined;
}
