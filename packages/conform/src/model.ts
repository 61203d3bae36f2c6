/** Which side the implementation under test plays: `server` (the kit plays the client) or `client` (the kit plays the server). */
export type RoleName = "server" | "client";

/**
 * How much a requirement weighs: `required` fails the run, `capability`
 * fails it too but applies only to what the peer declares (a method family,
 * a capability, a turn prompt), `advisory` is reported and never fails it.
 */
export type Tier = "required" | "capability" | "advisory";

/** One rule of the protocol the kit checks, by a stable id. */
export interface Requirement {
  /** `<role>.<area>.<rule>`, stable across releases. */
  readonly id: string;
  readonly role: RoleName;
  readonly tier: Tier;
  /** Sections of the protocol 1.0 specification the rule comes from; at least one. */
  readonly spec: readonly string[];
  /** The rule, in one sentence. */
  readonly title: string;
  /** Judged on every frame of every scenario, not by a step of one. */
  readonly per_frame?: boolean;
}

/**
 * What became of one requirement in one scenario: `pass`, `fail`, `skip`
 * (not run, and why), `expected_fail` (failed as the baseline expects) or
 * `stale` (passed though the baseline expects it to fail).
 */
export type CheckStatus = "pass" | "fail" | "skip" | "expected_fail" | "stale";

/** One row of the report. */
export interface CheckResult {
  /** The requirement's id. */
  readonly id: string;
  /** The scenario's id (`discovery` for the run that reads the peer's declarations, `replay` for a replayed recording). */
  readonly scenario: string;
  readonly status: CheckStatus;
  readonly tier: Tier;
  readonly spec: readonly string[];
  /** What was seen; for a skip, why; for an expected failure, the failure and the baseline's reason. Bounded: no long quotes of what the peer wrote. */
  readonly message: string;
}

/** The name and version the peer gave of itself (a server's `InitializeResult.server_info`, a client's `InitializeParams.client_info`). */
export interface PeerInfo {
  readonly name: string;
  readonly version: string;
}

/** The totals of a run. `failed` counts failures of every tier; `advisory_failures` those of them that are advisory. */
export interface ConformanceSummary {
  readonly role: RoleName;
  readonly scenarios: number;
  readonly checks: number;
  readonly passed: number;
  readonly failed: number;
  readonly skipped: number;
  readonly expected_failures: number;
  readonly stale: number;
  readonly advisory_failures: number;
  readonly peer?: PeerInfo;
}

/** The report of a run (the CLI's `--format json` document; schema `conform-report.schema.json` of the CLI package). */
export interface ConformanceReport {
  /** In scenario order, then in the order each scenario's checks first appear. */
  readonly checks: readonly CheckResult[];
  readonly summary: ConformanceSummary;
}

/** Whether a run passed: no `required` or `capability` check failed (outside the baseline) and no baseline entry is stale. */
export function conformancePassed(report: ConformanceReport): boolean {
  return !report.checks.some((check) => check.status === "stale" || (check.status === "fail" && check.tier !== "advisory"));
}
