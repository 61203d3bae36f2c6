import { describe, expect, it } from "vitest";
import { conformancePassed, runConformance } from "../src/index.js";
import { failedIds, fixture, TURN_PROMPTS } from "./support/fixture.js";

// Each mutant of the fixture breaks exactly one rule; a whole run (every
// scenario, the turn flows included) fails exactly these checks. A check
// that needs what a failed step would have captured cannot run, and fails
// as not run: those are listed with the mutant that causes them.
const MUTANTS: readonly (readonly [mutant: string, failed: readonly string[]])[] = [
  ["no-init-gate", ["server.dispatch.before-initialize"]],
  ["unknown-method-internal-error", ["server.dispatch.unknown-method"]],
  ["no-experimental-gate", ["server.dispatch.experimental-gated"]],
  ["goal-gate-experimental-only", ["server.dispatch.goal-gated"]],
  ["pinned-version", ["server.handshake.version-echoed-any"]],
  ["unfiltered-experimental", ["server.handshake.experimental-filtered"]],
  ["extra-declared-method", ["server.handshake.lists-in-registry"]],
  ["absent-params-invalid", ["server.params.absent-as-empty"]],
  ["no-param-types", ["server.params.wrong-type"]],
  ["error-without-message", ["server.response.error-message"]],
  ["stdout-log", ["server.framing.frames-only"]],
  ["unknown-envelope-field-rejected", ["server.envelope.unknown-fields-tolerated"]],
  ["duplicate-response", ["server.response.exactly-once"]],
  ["no-resend", ["server.ask-user.resend-on-invalid", "server.ask-user.resend-same-request", "server.ask-user.resolved-event", "server.ask-user.resolved-outcome", "server.ask-user.validation-error-code"]],
  ["wrong-validation-code", ["server.ask-user.validation-error-code"]],
  ["no-resolved-event", ["server.ask-user.resolved-event", "server.ask-user.resolved-outcome"]],
  ["event-before-request", ["server.ask-user.requested-event"]],
  ["permission-no-event", ["server.permission.requested-event"]],
];

/** The mutants whose only failures are advisory: the run still passes. */
const ADVISORY_ONLY = new Set(["pinned-version"]);

describe("each mutant of the fixture", () => {
  it.each(MUTANTS)("%s fails exactly its checks", async (mutant, failed) => {
    const report = await runConformance({ role: "server", command: fixture("--mutant", mutant), turnPrompts: TURN_PROMPTS, timeoutMs: 1000 });
    expect(failedIds(report)).toEqual([...failed].sort());
    expect(conformancePassed(report)).toBe(ADVISORY_ONLY.has(mutant));
    expect(report.summary.failed).toBeGreaterThan(0);
  });

  it("names the broken rule where it broke: the first failure of a mutant says what was seen", async () => {
    const report = await runConformance({ role: "server", command: fixture("--mutant", "unknown-method-internal-error"), scenarios: ["server.dispatch.unknown-method"] });
    expect(report.checks.find((check) => check.status === "fail")).toEqual({
      id: "server.dispatch.unknown-method",
      scenario: "server.dispatch.unknown-method",
      status: "fail",
      tier: "required",
      spec: ["1.7", "1.4"],
      message: 'answered with error "internal_error"; expected error method_not_found',
    });
  });
});
