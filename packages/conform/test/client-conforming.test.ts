import { describe, expect, it } from "vitest";
import { conformancePassed, listConformance, REQUIREMENTS, runConformance } from "../src/index.js";
import { clientFixture, failedIds } from "./support/fixture.js";

// Judged only when a client does what the conforming fixture never does:
// an error result (the mutant error-without-message), a replay (test/replay.test.ts).
const NOT_IN_A_CONFORMING_RUN = ["client.response.error-code", "client.response.error-message", "client.replay.requests-recorded", "client.replay.requests-sent"];

describe("a whole run of the client role against the conforming fixture", () => {
  it("passes every check and reports each scenario's checks in step order", async () => {
    const report = await runConformance({ role: "client", command: clientFixture() });
    expect(failedIds(report)).toEqual([]);
    expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(conformancePassed(report)).toBe(true);
    const listing = listConformance("client");
    expect(report.summary).toMatchObject({ role: "client", scenarios: listing.scenarios.length, failed: 0, skipped: 0, peer: { name: "conform-fixture-client", version: "1.0.0" } });
    expect([...new Set(report.checks.map((check) => check.scenario))]).toEqual(["discovery", ...listing.scenarios.map((scenario) => scenario.id)]);
    for (const scenario of listing.scenarios) {
      const ids = report.checks.filter((check) => check.scenario === scenario.id).map((check) => check.id);
      expect(ids.slice(0, scenario.checks.length)).toEqual(scenario.checks);
    }
    const checked = new Set(report.checks.map((check) => check.id));
    expect(REQUIREMENTS.filter((requirement) => requirement.role === "client" && !checked.has(requirement.id)).map((requirement) => requirement.id)).toEqual(NOT_IN_A_CONFORMING_RUN);
    expect(report.checks.find((check) => check.scenario === "client.ask-user.special-outcomes" && check.id === "client.ask-user.special-outcomes")?.message).toBe("the server takes the outcome rejected");
  });

  it("skips the questions a client cannot complete with what it declares, saying which flag is missing", async () => {
    const report = await runConformance({ role: "client", command: clientFixture("--declare", "single_select,free_text"), scenarios: ["client.ask-user.single-select", "client.ask-user.multi-select", "client.ask-user.special-outcomes", "client.permission.request"] });
    const skipped = report.checks.filter((check) => check.status === "skip");
    expect(new Set(skipped.map((check) => check.scenario))).toEqual(new Set(["client.ask-user.multi-select", "client.ask-user.special-outcomes"]));
    expect(skipped.find((check) => check.scenario === "client.ask-user.multi-select")?.message).toBe("the client does not declare interactive_questions.multi_select, which the scenario's questions need (spec 4.6)");
    expect(skipped.find((check) => check.scenario === "client.ask-user.special-outcomes")?.message).toBe("the client does not declare interactive_questions.special_outcomes, which the scenario's questions need (spec 4.6)");
    expect(report.checks.filter((check) => check.scenario === "client.ask-user.single-select").every((check) => check.status === "pass")).toBe(true);
    expect(conformancePassed(report)).toBe(true);
  });

  it("skips every question for a client that declares no interactive_questions", async () => {
    const report = await runConformance({ role: "client", command: clientFixture("--declare", "none"), scenarios: ["client.ask-user.legacy", "client.compat.unknown-event"] });
    expect(report.checks.find((check) => check.scenario === "client.ask-user.legacy")?.message).toBe("the client does not declare interactive_questions.single_select (it declares no interactive_questions), which the scenario's questions need (spec 4.6)");
    expect(report.checks.filter((check) => check.scenario === "client.compat.unknown-event").every((check) => check.status === "pass")).toBe(true);
  });
});
