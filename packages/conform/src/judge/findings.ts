import type { Requirement } from "../model.js";
import type { ScenarioChecks } from "../report/scenario-checks.js";

interface Failure {
  readonly message: string;
  count: number;
}

/**
 * The per-frame requirements judged during one scenario: each one judged
 * at least once is reported, failed with its first finding (and the number
 * of others), skipped with a reason, or passed.
 */
export class Findings {
  private readonly judged = new Set<string>();
  private readonly failures = new Map<string, Failure>();
  private readonly skipped = new Map<string, string>();

  constructor(private readonly requirements: readonly Requirement[]) {}

  /** `id` was judged on a frame (and held, unless `fail` says otherwise). */
  judge(id: string): void {
    this.judged.add(id);
  }

  fail(id: string, message: string): void {
    this.judged.add(id);
    const failure = this.failures.get(id);
    if (failure === undefined) this.failures.set(id, { message, count: 1 });
    else failure.count += 1;
  }

  /** `id` could not be judged, for `reason`. */
  skip(id: string, reason: string): void {
    this.skipped.set(id, reason);
  }

  /** Records each requirement judged (or skipped) into `checks`, in registry order. */
  report(checks: ScenarioChecks): void {
    for (const { id } of this.requirements) {
      const failure = this.failures.get(id);
      const skipped = this.skipped.get(id);
      if (failure !== undefined) checks.fail(id, failure.count > 1 ? `${failure.message} (and ${failure.count - 1} more finding${failure.count === 2 ? "" : "s"})` : failure.message);
      else if (skipped !== undefined) checks.skip(id, skipped);
      else if (this.judged.has(id)) checks.pass(id, "held on every frame");
    }
  }
}
