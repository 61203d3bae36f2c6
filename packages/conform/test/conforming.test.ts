import { describe, expect, it } from "vitest";
import { conformancePassed, listConformance, REQUIREMENTS, runConformance } from "../src/index.js";
import { failedIds, fixture, TURN_PROMPTS } from "./support/fixture.js";

describe("a whole run against the conforming fixture", () => {
  it("passes every check, the turn flows included, and reports each scenario's checks in step order", async () => {
    const report = await runConformance({ role: "server", command: fixture(), turnPrompts: TURN_PROMPTS });
    expect(failedIds(report)).toEqual([]);
    expect(report.checks.filter((check) => check.status !== "pass")).toEqual([]);
    expect(conformancePassed(report)).toBe(true);
    const listing = listConformance("server");
    expect(report.summary).toMatchObject({ role: "server", scenarios: listing.scenarios.length, failed: 0, skipped: 0, peer: { name: "conform-fixture", version: "1.0.0" } });
    // Scenario order (the discovery first), then each scenario's step checks before its per-frame ones.
    expect([...new Set(report.checks.map((check) => check.scenario))]).toEqual(["discovery", ...listing.scenarios.map((scenario) => scenario.id)]);
    for (const scenario of listing.scenarios) {
      const ids = report.checks.filter((check) => check.scenario === scenario.id).map((check) => check.id);
      expect(ids.slice(0, scenario.checks.length)).toEqual(scenario.checks);
    }
    // Every requirement of the server role is exercised by the shipped scenarios.
    const checked = new Set(report.checks.map((check) => check.id));
    expect(REQUIREMENTS.filter((requirement) => requirement.role === "server" && !checked.has(requirement.id)).map((requirement) => requirement.id)).toEqual([]);
  });

  it("without turn prompts, skips the turn flows and says which option makes them run", async () => {
    const report = await runConformance({ role: "server", command: fixture(), scenarios: ["server.turn.ask-user", "server.turn.permission", "server.handshake.default"] });
    const skipped = report.checks.filter((check) => check.status === "skip");
    expect(new Set(skipped.map((check) => check.scenario))).toEqual(new Set(["server.turn.ask-user", "server.turn.permission"]));
    expect(skipped.find((check) => check.scenario === "server.turn.permission")?.message).toBe("needs --turn-prompt permission=TEXT, a prompt that makes the server send the request");
    expect(report.checks.filter((check) => check.scenario === "server.handshake.default").every((check) => check.status === "pass")).toBe(true);
    expect(conformancePassed(report)).toBe(true);
  });
});
