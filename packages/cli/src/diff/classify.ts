import { effectOf, type Effect, type RawChange } from "./change.js";
import type { Flow } from "./flows.js";

/** How much a change costs under the version policy; also the `--fail-on` levels. */
export type Severity = "major" | "minor" | "patch";
/** A change's severity as reported: `unproven` for a breaking claim no witness backs, `none` for a change not classified. */
export type ChangeSeverity = Severity | "unproven" | "none";
/** A diff's bump: its most severe change, `none` without any. */
export type Bump = Severity | "none";

/** Who a change breaks when the two ends run different versions. */
export type Break = "old_producer_new_reader" | "new_producer_old_reader";

export const BUMPS: readonly Bump[] = ["none", "patch", "minor", "major"];

const SEVERITY_OF: { readonly [E in Effect]: Severity } = {
  narrows: "major",
  both: "major",
  removed: "major",
  widens: "minor",
  new_field: "minor",
  added: "minor",
  neither: "patch",
};

const BREAKS_OF: { readonly [E in Effect]: readonly Break[] } = {
  narrows: ["old_producer_new_reader"],
  both: ["old_producer_new_reader", "new_producer_old_reader"],
  removed: ["old_producer_new_reader", "new_producer_old_reader"],
  widens: ["new_producer_old_reader"],
  new_field: ["new_producer_old_reader"],
  added: ["new_producer_old_reader"],
  neither: [],
};

/** A change with its classification. */
export interface ClassifiedChange extends RawChange {
  readonly severity: ChangeSeverity;
  readonly breaks: readonly Break[];
  /** Which way the changed type's messages travel: the producer and reader `breaks` speaks of. */
  readonly flows: readonly Flow[];
}

/** The severity a change's kind has under the version policy, before any witness is looked for. */
export function severityOfKind(kind: RawChange["kind"], assertFormats = false): Severity {
  return SEVERITY_OF[effectOf(kind, assertFormats)];
}

export function classified(change: RawChange, flows: readonly Flow[], assertFormats: boolean): ClassifiedChange {
  const effect = effectOf(change.kind, assertFormats);
  return { ...change, severity: SEVERITY_OF[effect], breaks: BREAKS_OF[effect], flows };
}

/** A change reported without a severity that counts: it breaks no one the diff can name. */
export function unclassified(change: RawChange, flows: readonly Flow[]): ClassifiedChange {
  return { ...change, severity: "none", breaks: [], flows };
}

/** The bump a list of changes needs: its most severe change (`unproven` and `none` count toward none). */
export function bumpOf(changes: readonly { readonly severity: ChangeSeverity }[]): Bump {
  return changes.reduce<Bump>((bump, { severity }) => {
    const level = BUMPS.find((known) => known === severity);
    return level !== undefined && BUMPS.indexOf(level) > BUMPS.indexOf(bump) ? level : bump;
  }, "none");
}

/** Whether `bump` reaches the `--fail-on` level. */
export function reaches(bump: Bump, level: Severity): boolean {
  return BUMPS.indexOf(bump) >= BUMPS.indexOf(level);
}
