import { describe, expect, it } from "vitest";
import { wantsColour } from "../src/report/colour.js";
import { answer, askUser, SUBMIT, success } from "./support/messages.js";
import { runOnDisk } from "./support/disk.js";
import { transcript } from "./support/run.js";

const RED = "\u001b[31m";
const YELLOW = "\u001b[33m";
const RESET = "\u001b[39m";

const INPUT = transcript(SUBMIT, success("req-1", { subscription_id: 7 }), askUser("srv-ask-user-1"), answer("srv-ask-user-1", "nope"), askUser("srv-ask-user-2", "ask-2"));

describe("colour in the text report", () => {
  it("paints severities and the summary's counts on a terminal", async () => {
    const { stdout } = await runOnDisk(["validate", "-"], { stdin: INPUT, tty: true, env: {} });
    expect(stdout.split("\n")).toEqual([
      `-:2: ${RED}error${RESET} wrong_type /result/data/subscription_id must be a string`,
      `-:4: ${RED}error${RESET} unknown_option /result/data unknown option \`nope\` for question \`db\``,
      `-:3: ${YELLOW}warning${RESET} unanswered_request request "srv-ask-user-1" (ask_user/request) is never answered`,
      `-:5: ${YELLOW}warning${RESET} unanswered_request request "srv-ask-user-2" (ask_user/request) is never answered`,
      `1 file, 5 lines: ${RED}2 errors${RESET}, ${YELLOW}2 warnings${RESET}`,
      "",
    ]);
  });

  it.each([
    ["not a terminal", false, {}],
    ["NO_COLOR", true, { NO_COLOR: "1" }],
    ["TERM=dumb", true, { TERM: "dumb" }],
    ["FORCE_COLOR=0", true, { FORCE_COLOR: "0" }],
  ])("is off when %s", async (_label, tty, env) => {
    const { stdout } = await runOnDisk(["validate"], { stdin: INPUT, tty, env });
    expect(stdout).toContain("-:2: error wrong_type");
    expect(stdout).not.toContain("\u001b");
  });

  it("is forced by FORCE_COLOR without a terminal, over NO_COLOR", async () => {
    const { stdout } = await runOnDisk(["validate"], { stdin: INPUT, env: { FORCE_COLOR: "1", NO_COLOR: "1" } });
    expect(stdout).toContain(`-:2: ${RED}error${RESET} wrong_type`);
  });

  it("is never in the json or github formats", async () => {
    for (const format of ["json", "github"]) {
      const { stdout } = await runOnDisk(["validate", "--format", format], { stdin: INPUT, tty: true, env: { FORCE_COLOR: "3" } });
      expect(stdout).toContain("wrong_type");
      expect(stdout).not.toContain("\u001b");
    }
  });

  it("follows the stream the report goes to: stderr with --redact", async () => {
    const { stdout, stderr } = await runOnDisk(["validate", "--redact"], { stdin: INPUT, tty: true, env: {} });
    expect(stderr).not.toContain("\u001b");
    expect(stdout).not.toContain("\u001b");
  });
});

describe("wantsColour", () => {
  const terminal = { isTTY: true };
  const pipe = {};
  it.each([
    [terminal, {}, true],
    [pipe, {}, false],
    [terminal, { NO_COLOR: "" }, true],
    [terminal, { NO_COLOR: "0" }, false],
    [pipe, { FORCE_COLOR: "" }, true],
    [pipe, { FORCE_COLOR: "true" }, true],
    [pipe, { FORCE_COLOR: "2" }, true],
    [terminal, { FORCE_COLOR: "false" }, false],
    [terminal, { FORCE_COLOR: "yes" }, false],
    [pipe, { FORCE_COLOR: "1", TERM: "dumb" }, true],
  ])("%j with %j: %s", (sink, env, expected) => {
    expect(wantsColour(sink, env)).toBe(expected);
  });
});
