import type { CheckResult, Requirement } from "../model.js";

type Outcome = { readonly status: "pass" | "fail" | "skip"; readonly message: string };

/**
 * The checks of one scenario as its steps record them: one row per
 * requirement, in the order each first appears; a requirement checked by
 * several steps fails with the first failure, passes when all passed.
 */
export class ScenarioChecks {
  private readonly outcomes = new Map<string, Outcome>();

  constructor(
    private readonly scenario: string,
    private readonly requirementOf: (id: string) => Requirement,
  ) {}

  pass(id: string, message: string): void {
    if (!this.outcomes.has(id)) this.outcomes.set(id, { status: "pass", message });
  }

  fail(id: string, message: string): void {
    const known = this.outcomes.get(id);
    if (known === undefined || known.status !== "fail") this.outcomes.set(id, { status: "fail", message });
  }

  skip(id: string, message: string): void {
    if (!this.outcomes.has(id)) this.outcomes.set(id, { status: "skip", message });
  }

  /**
   * The checks of `ids` not recorded yet could not run, because of
   * `reason`: a required or capability check fails (the peer died, hung or
   * closed early; its conformance is not shown), an advisory one is skipped.
   */
  notRun(ids: readonly string[], reason: string): void {
    for (const id of ids) {
      if (this.outcomes.has(id)) continue;
      if (this.requirementOf(id).tier === "advisory") this.skip(id, `not run: ${reason}`);
      else this.fail(id, `not run: ${reason}`);
    }
  }

  /** The checks of `ids` cannot run because the peer's declarations are unknown: a required one fails, the others (which may not apply to the peer) are skipped. */
  blocked(ids: readonly string[], reason: string): void {
    for (const id of ids) {
      if (this.requirementOf(id).tier === "required") this.fail(id, `not run: ${reason}`);
      else this.skip(id, `not run: ${reason}`);
    }
  }

  results(): CheckResult[] {
    return [...this.outcomes].map(([id, { status, message }]) => {
      const { tier, spec } = this.requirementOf(id);
      return { id, scenario: this.scenario, status, tier, spec, message };
    });
  }
}
