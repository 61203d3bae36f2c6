import { describe, expect, it } from "vitest";
import { conformancePassed, runConformance } from "../src/index.js";
import { clientFixture, failedIds } from "./support/fixture.js";

// Each mutant of the client fixture breaks exactly one rule; a whole run
// fails exactly these checks. A check that needs what a failed step would
// have captured cannot run, and fails as not run; a rule judged twice (a
// step's check and the per-frame one on the same frame) fails both: those
// are listed with the mutant that causes them.
const MUTANTS: readonly (readonly [mutant: string, failed: readonly string[]])[] = [
  ["request-before-initialize", ["client.handshake.initialize-first"]],
  ["wrong-version", ["client.handshake.version"]],
  ["bad-capabilities", ["client.handshake.capabilities-valid", "client.messages.params-valid"]],
  ["reused-request-id", ["client.request.unique-id"]],
  ["numeric-request-id", ["client.envelope.valid"]],
  ["stdout-log", ["client.framing.frames-only"]],
  // The answer to a permission request is what every scenario that sends one after something else waits for.
  ["no-permission-answer", ["client.ask-user.cancellation-tolerated", "client.ask-user.resolution-tolerated", "client.compat.unknown-event", "client.compat.unknown-fields", "client.compat.unknown-notification", "client.permission.answer-valid", "client.permission.answered"]],
  ["wrong-permission-request-id", ["client.permission.answer-valid"]],
  ["mcp-trust-bad-decision", ["client.mcp-trust.answer-valid", "client.response.result-type"]],
  ["error-without-message", ["client.response.error-message"]],
  ["multi-select-as-single", ["client.ask-user.multi-select"]],
  ["special-outcome-as-text", ["client.ask-user.special-outcomes"]],
  ["legacy-ignored", ["client.ask-user.answered", "client.ask-user.legacy"]],
  ["no-resend-answer", ["client.ask-user.answer-valid", "client.ask-user.resend-answered"]],
  ["duplicate-answer", ["client.response.exactly-once"]],
  ["ignores-unknown-fields", ["client.compat.unknown-fields", "client.permission.answer-valid"]],
  ["stops-on-unknown-event", ["client.compat.unknown-event"]],
  ["stops-on-unknown-notification", ["client.compat.unknown-notification"]],
  ["stops-on-resolution", ["client.ask-user.resolution-tolerated"]],
];

describe("each mutant of the client fixture", () => {
  it.each(MUTANTS)("%s fails exactly its checks", async (mutant, failed) => {
    const report = await runConformance({ role: "client", command: clientFixture("--mutant", mutant), timeoutMs: 1000 });
    expect(failedIds(report)).toEqual([...failed].sort());
    expect(conformancePassed(report)).toBe(false);
  });

  it("names the broken rule where it broke: the failure says what the server makes of the answer", async () => {
    const report = await runConformance({ role: "client", command: clientFixture("--mutant", "multi-select-as-single"), scenarios: ["client.ask-user.multi-select"] });
    expect(report.checks.find((check) => check.status === "fail")).toEqual({
      id: "client.ask-user.multi-select",
      scenario: "client.ask-user.multi-select",
      status: "fail",
      tier: "capability",
      spec: ["4.3", "4.6"],
      message: "the server refuses the answer with answer_kind: question `langs` is multi-select: answer with selected_many",
    });
  });

  it("that never answers fails the wait after the timeout; what needed the answer is not run", async () => {
    const report = await runConformance({ role: "client", command: clientFixture("--mutant", "no-permission-answer"), scenarios: ["client.permission.request"], timeoutMs: 300 });
    const rows = report.checks.filter((check) => check.scenario === "client.permission.request" && check.status === "fail").map((check) => [check.id, check.message]);
    expect(rows).toEqual([
      ["client.permission.answered", 'the client\'s answer to permission/request "srv-perm-1" did not come within 0.3 s'],
      ["client.permission.answer-valid", 'not run: step 5 needs capture "answer", which was not made (step 4 waited for it in vain: the client\'s answer to permission/request "srv-perm-1" did not come within 0.3 s)'],
    ]);
  });
});
