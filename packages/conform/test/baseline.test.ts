import { describe, expect, it } from "vitest";
import { applyBaseline, BaselineError, conformancePassed, ConformanceUsageError, parseBaseline, runConformance, type CheckResult } from "../src/index.js";
import { fixture } from "./support/fixture.js";
import { shippedSchema } from "./support/schemas.js";

const schema = shippedSchema("baseline.schema.json");

function check(id: string, scenario: string, status: CheckResult["status"], tier: CheckResult["tier"] = "required"): CheckResult {
  return { id, scenario, status, tier, spec: ["1.7"], message: status === "fail" ? "answered with success" : "held" };
}

describe("a baseline", () => {
  it("of the documented form is valid by its schema and loads", () => {
    const document = { expected_failures: [{ id: "server.handshake.version-echoed-any", reason: "we pin 1.0" }, { id: "server.dispatch.unknown-method", scenario: "server.dispatch.unknown-method", reason: "tracked in #12" }] };
    expect(schema(document)).toBe(true);
    expect(parseBaseline(JSON.stringify(document), "b.json").entries).toEqual(document.expected_failures);
  });

  it.each([
    ["no list", {}, "b.json: /expected_failures: must be expected failures (an array)"],
    ["no reason", { expected_failures: [{ id: "server.dispatch.unknown-method" }] }, "b.json: /expected_failures/0/reason: must be a reason (why the check fails), not nothing"],
    ["a blank reason", { expected_failures: [{ id: "server.dispatch.unknown-method", reason: " " }] }, "b.json: /expected_failures/0/reason: must say why the check fails"],
    ["a bad id", { expected_failures: [{ id: "unknown-method", reason: "r" }] }, 'b.json: /expected_failures/0/id: must be a requirement id, not "unknown-method"'],
    ["an unknown field", { expected_failures: [{ id: "server.dispatch.unknown-method", reason: "r", until: "2027" }] }, "b.json: /expected_failures/0/until: is not a field of an expected failure (known: id, scenario, reason)"],
  ])("with %s is refused by its schema and by the loader", (_name, document, error) => {
    expect(schema(document)).toBe(false);
    expect(() => parseBaseline(JSON.stringify(document), "b.json")).toThrow(new BaselineError(error));
  });

  it("turns a listed failure into an expected one and a listed pass into a stale entry; skips and others stay", () => {
    const baseline = parseBaseline(
      JSON.stringify({ expected_failures: [{ id: "server.b.fails", reason: "known" }, { id: "server.b.passes", scenario: "s1", reason: "fixed since" }, { id: "server.b.skipped", reason: "not run here" }] }),
      "b.json",
    );
    const checks = [check("server.b.fails", "s1", "fail"), check("server.b.fails", "s2", "pass"), check("server.b.passes", "s1", "pass"), check("server.b.passes", "s2", "pass"), check("server.b.skipped", "s1", "skip"), check("server.b.other", "s1", "fail")];
    expect(applyBaseline(checks, baseline).map((result) => [result.id, result.scenario, result.status, result.message])).toEqual([
      ["server.b.fails", "s1", "expected_fail", "answered with success (expected by the baseline: known)"],
      ["server.b.fails", "s2", "pass", "held"],
      ["server.b.passes", "s1", "stale", "passed, but the baseline b.json expects it to fail (fixed since): remove the entry"],
      ["server.b.passes", "s2", "pass", "held"],
      ["server.b.skipped", "s1", "skip", "held"],
      ["server.b.other", "s1", "fail", "answered with success"],
    ]);
  });

  it("in a run: the expected failure passes the run, a stale entry fails it", async () => {
    const expected = parseBaseline(JSON.stringify({ expected_failures: [{ id: "server.dispatch.unknown-method", reason: "answers internal_error" }] }), "b.json");
    const mutant = await runConformance({ role: "server", command: fixture("--mutant", "unknown-method-internal-error"), scenarios: ["server.dispatch.unknown-method"], baseline: expected });
    expect(mutant.checks.find((result) => result.id === "server.dispatch.unknown-method")?.status).toBe("expected_fail");
    expect(mutant.summary).toMatchObject({ failed: 0, expected_failures: 1, stale: 0 });
    expect(conformancePassed(mutant)).toBe(true);
    const conforming = await runConformance({ role: "server", command: fixture(), scenarios: ["server.dispatch.unknown-method"], baseline: expected });
    expect(conforming.summary).toMatchObject({ failed: 0, expected_failures: 0, stale: 1 });
    expect(conformancePassed(conforming)).toBe(false);
  });

  it("naming a requirement or a scenario that does not exist stops the run before it starts", async () => {
    const unknownId = parseBaseline(JSON.stringify({ expected_failures: [{ id: "server.dispatch.teleport", reason: "r" }] }), "b.json");
    await expect(runConformance({ role: "server", command: fixture(), baseline: unknownId })).rejects.toThrow(new ConformanceUsageError("b.json: server.dispatch.teleport is not a requirement of the registry or of a scenario file"));
    const unknownScenario = parseBaseline(JSON.stringify({ expected_failures: [{ id: "server.dispatch.unknown-method", scenario: "server.nowhere", reason: "r" }] }), "b.json");
    await expect(runConformance({ role: "server", command: fixture(), baseline: unknownScenario })).rejects.toThrow(new ConformanceUsageError("b.json: no scenario has the id server.nowhere"));
  });
});
